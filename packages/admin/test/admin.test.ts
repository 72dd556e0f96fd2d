// The admin procedures through the router's caller, against a real database (seeded demo: Taller Demo with its
// Administrador Ana, Asesor Andrés and Técnico Tomás; Otro Taller with its Administrador Óscar).
import { userInvitations, users } from "@taller/db";
import { createCallerFactory } from "@taller/trpc";
import { useSeededApp } from "@taller/trpc/testing";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminRouter } from "../src";
import { LAST_ADMIN_MESSAGE } from "../src/admins";
import { failure } from "./helpers";

const createCaller = createCallerFactory(adminRouter);
const app = useSeededApp();
const callerFor = async (email: string) => createCaller(await app.staff(email));
const admin = () => callerFor("admin@taller.demo");
const other = () => callerFor("admin@otro.demo");
const publicCaller = () => createCaller(app.anonymous());
const fx = () => app.fx().demo;
const userId = (email: string) => fx().userIds[email] ?? 0;
const roleId = (name: string) => fx().roleIds[name] ?? 0;

const tokenOf = (path: string) => new URL(path, "http://x").searchParams.get("token") ?? "";

describe("admin.users", () => {
  it("lists the company's users with their roles, and nobody else's", async () => {
    const list = await (await admin()).users.list();
    expect(list.map((u) => u.email).sort()).toEqual(
      expect.arrayContaining(["admin@taller.demo", "asesor@taller.demo", "tecnico@taller.demo"]),
    );
    expect(list.some((u) => u.email.endsWith("@otro.demo"))).toBe(false);
    expect(list.find((u) => u.email === "asesor@taller.demo")).toMatchObject({
      role_name: "Asesor",
      active: true,
      invitation_pending: false,
    });
  });

  it("is refused to a role without the manager grant", async () => {
    const error = await failure((await callerFor("asesor@taller.demo")).users.list());
    expect(error.code).toBe("FORBIDDEN");
    expect(
      (
        await failure(
          (await callerFor("tecnico@taller.demo")).users.invite({ name: "X", email: "x@x.cl", role_id: null }),
        )
      ).code,
    ).toBe("FORBIDDEN");
  });

  it("lets one of two simultaneous submissions of a link through", async () => {
    const { path } = await (await admin()).users.invite({ name: "Doble", email: "doble@taller.demo", role_id: null });
    const token = tokenOf(path);
    const pub = publicCaller();
    const results = await Promise.allSettled([
      pub.invitation.accept({ token, password: "primera1", password_confirmation: "primera1" }),
      pub.invitation.accept({ token, password: "segunda2", password_confirmation: "segunda2" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });

  it("refuses an expired link, an unknown one and mismatched passwords with Spanish messages", async () => {
    const { id, path } = await (
      await admin()
    ).users.invite({ name: "Tarde", email: "tarde@taller.demo", role_id: null });
    const token = tokenOf(path);
    const pub = publicCaller();
    const mismatch = await failure(
      pub.invitation.accept({ token, password: "secreto1", password_confirmation: "secreto2" }),
    );
    expect(mismatch.code).toBe("BAD_REQUEST");
    await app
      .db()
      .update(userInvitations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(userInvitations.userId, id));
    expect(await pub.invitation.check({ token })).toMatchObject({ state: "expired", name: null });
    const expired = await failure(
      pub.invitation.accept({ token, password: "secreto1", password_confirmation: "secreto1" }),
    );
    expect(expired.message).toBe("Este enlace de invitación expiró. Pide uno nuevo al administrador de tu empresa.");
    expect((await pub.invitation.check({ token: "B".repeat(43) })).state).toBe("unknown");
  });

  it("a new link voids the older one", async () => {
    const a = await admin();
    const first = await a.users.invite({ name: "Relink", email: "relink@taller.demo", role_id: null });
    const second = await a.users.invitationLink({ id: first.id });
    const pub = publicCaller();
    expect((await pub.invitation.check({ token: tokenOf(first.path) })).state).toBe("expired");
    expect((await pub.invitation.check({ token: tokenOf(second.path) })).state).toBe("valid");
  });

  it("refuses an e-mail already taken (in any company) on the field, and another company's role", async () => {
    const a = await admin();
    for (const email of ["asesor@taller.demo", "admin@otro.demo"]) {
      const error = await failure(a.users.invite({ name: "X", email, role_id: null }));
      expect(error.code).toBe("CONFLICT");
      expect(error.message).toBe("Ya existe un usuario con ese correo");
    }
    const foreignRole = app.fx().other.roleIds["Administrador"] ?? 0;
    expect((await failure(a.users.invite({ name: "X", email: "rol@taller.demo", role_id: foreignRole }))).message).toBe(
      "Rol inválido",
    );
    expect((await failure(a.users.update({ id: userId("asesor@taller.demo"), role_id: foreignRole }))).message).toBe(
      "Rol inválido",
    );
  });

  it("never touches another company's users", async () => {
    const o = await other();
    const id = userId("asesor@taller.demo");
    for (const call of [
      () => o.users.update({ id, name: "Robado" }),
      () => o.users.deactivate({ id }),
      () => o.users.reactivate({ id }),
      () => o.users.invitationLink({ id }),
      () => o.users.resetWorkpointCode({ id }),
    ]) {
      expect((await failure(call())).code).toBe("NOT_FOUND");
    }
    const [row] = await app
      .db()
      .select({ name: users.name, deactivatedAt: users.deactivatedAt })
      .from(users)
      .where(eq(users.id, id));
    expect(row).toEqual({ name: "Andrés Asesor", deactivatedAt: null });
  });

  it("changes a user's role and name", async () => {
    const a = await admin();
    const { id } = await a.users.invite({ name: "Cambia", email: "cambia@taller.demo", role_id: roleId("Técnico") });
    await a.users.update({ id, name: "Cambiado", role_id: roleId("Asesor") });
    const row = (await a.users.list()).find((u) => u.id === id);
    expect(row).toMatchObject({ name: "Cambiado", role_name: "Asesor" });
  });

  it("the last administrator cannot demote or deactivate themselves", async () => {
    const o = await other();
    const self = app.fx().other.userIds["admin@otro.demo"] ?? 0;
    const asesor = app.fx().other.roleIds["Asesor"] ?? null;
    expect((await failure(o.users.update({ id: self, role_id: asesor }))).message).toBe(LAST_ADMIN_MESSAGE);
    expect((await failure(o.users.update({ id: self, role_id: null }))).message).toBe(LAST_ADMIN_MESSAGE);
    expect((await failure(o.users.deactivate({ id: self }))).message).toBe(LAST_ADMIN_MESSAGE);
    // Nothing changed: the refusal rolled the write back.
    const [row] = await app
      .db()
      .select({ roleId: users.roleId, deactivatedAt: users.deactivatedAt })
      .from(users)
      .where(eq(users.id, self));
    expect(row).toEqual({ roleId: app.fx().other.roleIds["Administrador"], deactivatedAt: null });
  });

  it("resets the work-point code", async () => {
    const id = userId("tecnico@taller.demo");
    await app.db().update(users).set({ workpointCodeHash: "x" }).where(eq(users.id, id));
    await (await admin()).users.resetWorkpointCode({ id });
    const [row] = await app.db().select({ hash: users.workpointCodeHash }).from(users).where(eq(users.id, id));
    expect(row?.hash).toBeNull();
  });
});

describe("admin.roles.list", () => {
  it("answers the company's roles with their grants", async () => {
    const roles = await (await admin()).roles.list();
    expect(roles.map((r) => r.name)).toEqual(["Administrador", "Asesor", "Técnico"]);
    expect(roles[0]?.grants).toContainEqual({ action: "update", resource: "manager", restricted_to_own: false });
  });
});
