// The order's life through the router: status moves along the company's transitions with their log, the version
// that turns a concurrent edit into a CONFLICT, delivery, cancellation, edits, and own-records scope.
import { companyPreferencesSchema, DEFAULT_TERMS, ORDER_TEXTS, termWords } from "@taller/core";
import { companies, orderStatusLogs, orders, queryRows, realtimeEvents, rolePermissions } from "@taller/db";
import { createCallerFactory } from "@taller/trpc";
import { callFailure as failure, useSeededApp } from "@taller/trpc/testing";
import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ordersRouter } from "../src";

const createCaller = createCallerFactory(ordersRouter);
const app = useSeededApp();
/** The demo names its orders with the default term ('Orden de Trabajo'). */
const demoOrder = termWords(DEFAULT_TERMS.order);
const callerFor = async (email: string) => createCaller(await app.staff(email));
/** The demo's order statuses by position: Recepcionado, En diagnóstico, En reparación, Control de calidad, Listo
 * para entrega, Entregado, Anulado. */
const status = (i: number) => app.fx().demo.statusIds.Order[i]!;

/** A fresh order of Taller Demo in the status at `position`, received by the admin and assigned to nobody. */
async function freshOrder(position = 0): Promise<{ id: number; version: number }> {
  const [row] = await queryRows<{ id: number }>(
    app.db(),
    sql`INSERT INTO orders (company_id, correlative_id, status_id, user_id, vehicle_id, client_id)
        VALUES (${app.fx().demo.companyId}, next_correlative('orders', ${app.fx().demo.companyId}), ${status(position)},
                ${app.fx().demo.userIds["admin@taller.demo"]!}, ${app.fx().demo.vehicleIds[0]!}, ${app.fx().demo.clientIds[0]!})
        RETURNING id`,
  );
  await app
    .db()
    .insert(orderStatusLogs)
    .values({ companyId: app.fx().demo.companyId, orderId: row!.id, statusId: status(position) });
  return { id: row!.id, version: 1 };
}
const orderRow = async (id: number) => (await app.db().select().from(orders).where(eq(orders.id, id)))[0]!;
const logsOf = (id: number) =>
  app.db().select().from(orderStatusLogs).where(eq(orderStatusLogs.orderId, id)).orderBy(asc(orderStatusLogs.id));

describe("orders.changeStatus", () => {
  it("moves along three allowed statuses, logging each with who, raising the version and announcing it", async () => {
    const admin = await callerFor("admin@taller.demo");
    const order = await freshOrder();
    let version = order.version;
    for (const position of [1, 2, 3]) {
      const moved = await admin.changeStatus({ id: order.id, version, status_id: status(position) });
      expect(moved).toEqual({ id: order.id, status_id: status(position), version: version + 1 });
      version = moved.version;
    }
    const detail = await admin.get({ id: order.id });
    expect(detail.status.id).toBe(status(3));
    expect(detail.version).toBe(4);
    expect(detail.ended_at).toBeNull();
    expect(detail.status_logs.map((l) => l.status_id)).toEqual([0, 1, 2, 3].map(status));
    expect(detail.status_logs.at(-1)?.user_name).toBe(detail.user?.name);
    const events = await app
      .db()
      .select()
      .from(realtimeEvents)
      .where(
        and(
          eq(realtimeEvents.type, "order.changed"),
          sql`${realtimeEvents.payload}->'ids' @> ${`[${order.id}]`}::jsonb`,
        ),
      );
    expect(events).toHaveLength(3);
  });

  it("refuses a transition the company did not configure, and the cancel status (that needs 'Anular')", async () => {
    const admin = await callerFor("admin@taller.demo");
    const order = await freshOrder();
    const refused = await failure(admin.changeStatus({ id: order.id, version: 1, status_id: status(4) }));
    expect(refused).toMatchObject({ code: "CONFLICT", message: ORDER_TEXTS.transitionNotAllowed(demoOrder) });
    expect(refused.fields.status_id).toEqual([ORDER_TEXTS.transitionNotAllowed(demoOrder)]);
    const cancel = await failure(admin.changeStatus({ id: order.id, version: 1, status_id: status(6) }));
    expect(cancel).toMatchObject({ code: "BAD_REQUEST", message: ORDER_TEXTS.cancelThroughCancel(demoOrder) });
    const budgetStatus = await failure(
      admin.changeStatus({ id: order.id, version: 1, status_id: app.fx().demo.statusIds.Budget[0]! }),
    );
    expect(budgetStatus.fields.status_id).toEqual([ORDER_TEXTS.statusNotOrder(demoOrder)]);
    expect((await orderRow(order.id)).statusId).toBe(status(0));
    expect(await logsOf(order.id)).toHaveLength(1);
  });

  it("names the order in the company's own words, agreeing with its gender", async () => {
    const companyId = app.fx().demo.companyId;
    const [company] = await app.db().select().from(companies).where(eq(companies.id, companyId));
    const preferences = companyPreferencesSchema.parse(company!.preferences);
    const own = { ...preferences, terms: { ...preferences.terms, order: { singular: "Trabajo", plural: "Trabajos" } } };
    await app.db().update(companies).set({ preferences: own }).where(eq(companies.id, companyId));
    try {
      const admin = await callerFor("admin@taller.demo");
      const order = await freshOrder();
      const same = await failure(admin.changeStatus({ id: order.id, version: 1, status_id: status(0) }));
      expect(same.message).toBe("El trabajo ya está en ese estado");
      const refused = await failure(admin.changeStatus({ id: order.id, version: 1, status_id: status(4) }));
      expect(refused.message).toBe("La empresa no permite pasar el trabajo a ese estado");
      const stale = await failure(admin.update({ id: order.id, version: 9, comment: "tarde" }));
      expect(stale.message).toMatch(/^Otra persona cambió este trabajo\. /);
    } finally {
      await app.db().update(companies).set({ preferences }).where(eq(companies.id, companyId));
    }
  });

  it("answers a stale version with a CONFLICT in Spanish and changes nothing", async () => {
    const admin = await callerFor("admin@taller.demo");
    const asesor = await callerFor("asesor@taller.demo");
    const order = await freshOrder();
    await admin.changeStatus({ id: order.id, version: 1, status_id: status(1) });
    // The advisor still sees version 1: his move (and his edit) lose, and he is told.
    const stale = await failure(asesor.changeStatus({ id: order.id, version: 1, status_id: status(1) }));
    expect(stale).toMatchObject({ code: "CONFLICT", message: ORDER_TEXTS.stale(demoOrder) });
    expect(await failure(asesor.update({ id: order.id, version: 1, comment: "tarde" }))).toMatchObject({
      code: "CONFLICT",
      message: ORDER_TEXTS.stale(demoOrder),
    });
    expect((await orderRow(order.id)).comment).toBeNull();
    expect((await logsOf(order.id)).map((l) => l.statusId)).toEqual([status(0), status(1)]);
  });

  it("of 50 concurrent moves from one version one wins, and the log ends at the order's status", async () => {
    const admin = await callerFor("admin@taller.demo");
    const order = await freshOrder(2);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => admin.changeStatus({ id: order.id, version: 1, status_id: status(3) })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) {
      if (r.status === "rejected") expect((r.reason as Error).message).toBe(ORDER_TEXTS.stale(demoOrder));
    }
    const logs = await logsOf(order.id);
    expect(logs).toHaveLength(2);
    expect(logs.at(-1)?.statusId).toBe((await orderRow(order.id)).statusId);
  });

  it("50 concurrent movers that retry on conflict leave a log of 51 valid steps ending at the order's status", async () => {
    const admin = await callerFor("admin@taller.demo");
    const order = await freshOrder(2);
    // Each mover reads the order, moves it between 'En reparación' and 'Control de calidad' (both ways allowed), and
    // reads again when another mover got there first.
    const mover = async () => {
      for (;;) {
        const { version, status: now } = await admin.get({ id: order.id });
        const to = now.id === status(2) ? status(3) : status(2);
        try {
          return await admin.changeStatus({ id: order.id, version, status_id: to });
        } catch (e) {
          if ((e as Error).message !== ORDER_TEXTS.stale(demoOrder)) throw e;
        }
      }
    };
    const moves = await Promise.all(Array.from({ length: 50 }, mover));
    expect(new Set(moves.map((m) => m.version)).size).toBe(50);
    const final = await orderRow(order.id);
    expect(final.version).toBe(51);
    const logs = await logsOf(order.id);
    expect(logs).toHaveLength(51);
    expect(logs.at(-1)?.statusId).toBe(final.statusId);
    // Every step is a real move: no status follows itself.
    for (let i = 1; i < logs.length; i++) expect(logs[i]!.statusId).not.toBe(logs[i - 1]!.statusId);
  });
});

describe("orders.deliver and orders.cancel", () => {
  it("delivers: the delivery status, ended and completed, then no more edits", async () => {
    const admin = await callerFor("admin@taller.demo");
    const order = await freshOrder(4);
    const delivered = await admin.deliver({ id: order.id, version: 1 });
    expect(delivered.status_id).toBe(status(5));
    const row = await orderRow(order.id);
    expect(row.endedAt).not.toBeNull();
    expect(row.completedAt).not.toBeNull();
    const edit = await failure(admin.update({ id: order.id, version: delivered.version, comment: "después" }));
    expect(edit).toMatchObject({ code: "CONFLICT", message: ORDER_TEXTS.finished(demoOrder) });
  });

  it("refuses to deliver where the transitions do not lead to the delivery status", async () => {
    const admin = await callerFor("admin@taller.demo");
    const order = await freshOrder(0);
    expect(await failure(admin.deliver({ id: order.id, version: 1 }))).toMatchObject({
      code: "CONFLICT",
      message: ORDER_TEXTS.transitionNotAllowed(demoOrder),
    });
  });

  it("cancels with a reason, required and kept on the order and its log", async () => {
    const admin = await callerFor("admin@taller.demo");
    const order = await freshOrder(1);
    const blank = await failure(admin.cancel({ id: order.id, version: 1, reason: "  " }));
    expect(blank.code).toBe("BAD_REQUEST");
    expect(blank.fields.reason).toEqual([ORDER_TEXTS.reasonRequired]);
    const cancelled = await admin.cancel({ id: order.id, version: 1, reason: "Cliente desiste" });
    expect(cancelled.status_id).toBe(status(6));
    const detail = await admin.get({ id: order.id });
    expect(detail.status.cancel).toBe(true);
    expect(detail.cancel_reason).toBe("Cliente desiste");
    expect(detail.ended_at).not.toBeNull();
    expect(detail.status_logs.at(-1)).toMatchObject({ status_id: status(6), reason: "Cliente desiste" });
  });
});

describe("orders.update", () => {
  it("changes only the fields sent, and refuses another company's user as assignee", async () => {
    const admin = await callerFor("admin@taller.demo");
    const order = await freshOrder();
    const tecnicoId = app.fx().demo.userIds["tecnico@taller.demo"]!;
    const done = await admin.update({ id: order.id, version: 1, assignee_id: tecnicoId, finish_date: "2030-05-02" });
    expect(done.version).toBe(2);
    await admin.update({ id: order.id, version: 2, kms: 12345, comment: "Frenos" });
    const row = await orderRow(order.id);
    expect([row.assigneeId, row.finishDate, row.kms, row.comment]).toEqual([tecnicoId, "2030-05-02", 12345, "Frenos"]);
    const foreign = await failure(
      admin.update({ id: order.id, version: 3, assignee_id: app.fx().other.userIds["admin@otro.demo"]! }),
    );
    expect(foreign.fields.assignee_id).toEqual([ORDER_TEXTS.assigneeUnavailable]);
    const bad = await failure(admin.update({ id: order.id, version: 3, finish_date: "2030-02-31", kms: -1 }));
    expect(Object.keys(bad.fields).sort()).toEqual(["finish_date", "kms"]);
  });
});

describe("own records", () => {
  it("a técnico without update cannot move orders; with an own-records grant he moves only his", async () => {
    const order = await freshOrder();
    const tecnicoId = app.fx().demo.userIds["tecnico@taller.demo"]!;
    const before = await callerFor("tecnico@taller.demo");
    expect((await failure(before.changeStatus({ id: order.id, version: 1, status_id: status(1) }))).code).toBe(
      "FORBIDDEN",
    );
    await app.db().insert(rolePermissions).values({
      roleId: app.fx().demo.roleIds["Técnico"]!,
      action: "update",
      resource: "check_in",
      restrictedToOwn: true,
    });
    const tecnico = await callerFor("tecnico@taller.demo");
    for (const call of [
      () => tecnico.changeStatus({ id: order.id, version: 1, status_id: status(1) }),
      () => tecnico.update({ id: order.id, version: 1, comment: "mío" }),
      () => tecnico.deliver({ id: order.id, version: 1 }),
      () => tecnico.cancel({ id: order.id, version: 1, reason: "no" }),
    ]) {
      expect((await failure(call())).code).toBe("NOT_FOUND");
    }
    await app.db().update(orders).set({ assigneeId: tecnicoId }).where(eq(orders.id, order.id));
    expect((await tecnico.changeStatus({ id: order.id, version: 1, status_id: status(1) })).version).toBe(2);
  });
});
