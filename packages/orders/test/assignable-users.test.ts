// The 'Técnico' picker's source: read with the order's own grant, so a user who may update orders but not read the
// agenda can still assign; scoped to the company and, under an own-records grant, to the caller's orders.
import { orders, rolePermissions, roles, users } from "@taller/db";
import { createCallerFactory } from "@taller/trpc";
import { callFailure as failure, useSeededApp } from "@taller/trpc/testing";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ordersRouter } from "../src";

const createCaller = createCallerFactory(ordersRouter);
const app = useSeededApp();
const callerFor = async (email: string) => createCaller(await app.staff(email));
/** A demo order put back in the first status, so it can still be edited. */
async function openOrder(index: number): Promise<number> {
  const id = app.fx().demo.orderIds.at(index)!;
  await app.db().update(orders).set({ statusId: app.fx().demo.statusIds.Order[0]! }).where(eq(orders.id, id));
  return id;
}

/** A user whose role reads and updates orders and nothing else (no booking grant). */
async function ordersOnlyUser(): Promise<string> {
  const companyId = app.fx().demo.companyId;
  const [role] = await app.db().insert(roles).values({ companyId, name: "Solo órdenes" }).returning({ id: roles.id });
  await app
    .db()
    .insert(rolePermissions)
    .values(
      (["read", "update"] as const).map((action) => ({ roleId: role!.id, action, resource: "check_in" as const })),
    );
  const email = "ordenes@taller.demo";
  await app.db().insert(users).values({ companyId, roleId: role!.id, name: "Solo Órdenes", email, passwordHash: "-" });
  return email;
}

describe("orders.assignableUsers", () => {
  it("lets a user with orders permissions and no booking read pick and assign a técnico", async () => {
    const email = await ordersOnlyUser();
    const caller = await callerFor(email);
    const orderId = await openOrder(-1);
    const people = await caller.assignableUsers({ id: orderId });
    const tecnicoId = app.fx().demo.userIds["tecnico@taller.demo"]!;
    expect(people.map((p) => p.id)).toContain(tecnicoId);
    expect(people.some((p) => Object.values(app.fx().other.userIds).includes(p.id))).toBe(false);
    const { version } = await caller.get({ id: orderId });
    expect((await caller.update({ id: orderId, version, assignee_id: tecnicoId })).version).toBe(version + 1);
    expect((await caller.get({ id: orderId })).assignee?.id).toBe(tecnicoId);
  });

  it("leaves out deactivated users except the current assignee; another company's order is NOT_FOUND", async () => {
    const admin = await callerFor("admin@taller.demo");
    const orderId = await openOrder(-2);
    const mecanico = app.fx().demo.userIds["tecnico@taller.demo"]!;
    const { version } = await admin.get({ id: orderId });
    await admin.update({ id: orderId, version, assignee_id: mecanico });
    await app.db().update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, mecanico));
    try {
      expect((await admin.assignableUsers({ id: orderId })).map((p) => p.id)).toContain(mecanico);
      expect((await admin.assignableUsers({ id: app.fx().demo.orderIds.at(-3)! })).map((p) => p.id)).not.toContain(
        mecanico,
      );
    } finally {
      await app.db().update(users).set({ deactivatedAt: null }).where(eq(users.id, mecanico));
    }
    const other = await callerFor("admin@otro.demo");
    expect((await failure(other.assignableUsers({ id: orderId }))).code).toBe("NOT_FOUND");
  });

  it("is refused without update on orders", async () => {
    const tecnico = await callerFor("tecnico@taller.demo");
    expect((await failure(tecnico.assignableUsers({ id: app.fx().demo.orderIds.at(-1)! }))).code).toBe("FORBIDDEN");
  });
});
