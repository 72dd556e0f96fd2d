// What an administrator's changes (@taller/admin, which owns users and roles) do to logging in and to open
// sessions, through both routers' callers against a real database (seeded demo: Taller Demo with its Administrador
// Ana). Here rather than in admin's tests: auth imports admin (DOMAIN_ORDER), so admin's tests cannot import auth.
import { adminRouter } from "@taller/admin";
import type { GrantInput } from "@taller/core";
import { realtimeEvents, sessions, userInvitations, users } from "@taller/db";
import { createCallerFactory, type BusEvent } from "@taller/trpc";
import { callFailure as failure, useSeededApp } from "@taller/trpc/testing";
import { and, desc, eq, gt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticate, authRouter, SESSION_COOKIE, watchSessionEvents } from "../src";

const createAdminCaller = createCallerFactory(adminRouter);
const createAuthCaller = createCallerFactory(authRouter);
const app = useSeededApp();
const admin = async () => createAdminCaller(await app.staff("admin@taller.demo"));
const publicCaller = () => createAdminCaller(app.anonymous());
const fx = () => app.fx().demo;
const roleId = (name: string) => fx().roleIds[name] ?? 0;
const tokenOf = (path: string) => new URL(path, "http://x").searchParams.get("token") ?? "";
const login = (email: string, password: string) => createAuthCaller(app.anonymous()).login({ email, password });
const grant = (action: GrantInput["action"], resource: GrantInput["resource"], own = false): GrantInput => ({
  action,
  resource,
  restricted_to_own: own,
});

async function lastEventId() {
  const [row] = await app
    .db()
    .select({ id: realtimeEvents.id })
    .from(realtimeEvents)
    .orderBy(desc(realtimeEvents.id))
    .limit(1);
  return row?.id ?? 0;
}
const eventsSince = (since: number, type: string) =>
  app
    .db()
    .select({ payload: realtimeEvents.payload })
    .from(realtimeEvents)
    .where(and(gt(realtimeEvents.id, since), eq(realtimeEvents.type, type)));

describe("admin.users and logging in", () => {
  it("invites a user who sets a password through the link once, then logs in", async () => {
    const since = await lastEventId();
    const invited = await (
      await admin()
    ).users.invite({ name: "Nora Nueva", email: " Nora@Taller.Demo ", role_id: roleId("Asesor") });
    expect(invited.path).toMatch(/^\/invitation\?token=[A-Za-z0-9_-]{43}$/);
    expect(await eventsSince(since, "user.updated")).toEqual([{ payload: { id: invited.id } }]);
    const token = tokenOf(invited.path);
    // Only the hash is stored.
    const stored = await app
      .db()
      .select({ hash: userInvitations.tokenHash })
      .from(userInvitations)
      .where(eq(userInvitations.userId, invited.id));
    expect(stored.map((s) => s.hash)).not.toContain(token);
    const listed = (await (await admin()).users.list()).find((u) => u.id === invited.id);
    expect(listed).toMatchObject({ email: "nora@taller.demo", role_name: "Asesor", invitation_pending: true });

    const pub = publicCaller();
    expect(await pub.invitation.check({ token })).toEqual({
      state: "valid",
      message: null,
      name: "Nora Nueva",
      email: "nora@taller.demo",
    });
    await expect(
      pub.invitation.accept({ token, password: "secreto1", password_confirmation: "secreto1" }),
    ).resolves.toEqual({ email: "nora@taller.demo" });
    await expect(login("nora@taller.demo", "secreto1")).resolves.toMatchObject({ status: "ok", userId: invited.id });

    // Single use: the same link again, checked or submitted, is refused and names nobody.
    expect(await pub.invitation.check({ token })).toMatchObject({ state: "used", email: null });
    const again = await failure(
      pub.invitation.accept({ token, password: "otraclave", password_confirmation: "otraclave" }),
    );
    expect(again.message).toBe("Este enlace de invitación ya fue usado. Ingresa con tu correo y contraseña.");
    await expect(login("nora@taller.demo", "secreto1")).resolves.toMatchObject({ status: "ok" });
  });

  it("deactivating ends the user's sessions at once and refuses their login until reactivated", async () => {
    const a = await admin();
    const { id, path } = await a.users.invite({
      name: "Saliente",
      email: "saliente@taller.demo",
      role_id: roleId("Asesor"),
    });
    await publicCaller().invitation.accept({
      token: tokenOf(path),
      password: "secreto1",
      password_confirmation: "secreto1",
    });
    await app.staff("saliente@taller.demo");
    const since = await lastEventId();
    await a.users.deactivate({ id });
    expect(await app.db().select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    expect(await eventsSince(since, "session.ended")).toHaveLength(1);
    const refused = await failure(login("saliente@taller.demo", "secreto1"));
    expect(refused.message).toBe("Tu usuario fue desactivado. Contacta al administrador de tu empresa.");
    // A deactivated user's link does not open.
    expect((await failure(a.users.invitationLink({ id }))).message).toBe("El usuario está desactivado");
    await a.users.reactivate({ id });
    await expect(login("saliente@taller.demo", "secreto1")).resolves.toMatchObject({ status: "ok" });
  });
});

describe("a role's new grants reach its users' next request", () => {
  let unwatch: () => void;
  beforeAll(() => {
    unwatch = watchSessionEvents(app.bus());
  });
  afterAll(() => unwatch());

  /** Resolves once this process's bus delivered the next setup change (at once in-process; NOTIFY is asynchronous). */
  const nextSetupChange = () =>
    new Promise<void>((resolve) => {
      const off = app.bus().subscribe((event: BusEvent) => {
        if (event.type !== "company.setup_changed") return;
        off();
        resolve();
      });
    });

  it("drops the cached session, so grants and role name are read again", async () => {
    const a = await admin();
    const { id } = await a.roles.create({ name: "Solo vehículos" });
    await a.roles.setGrants({ id, grants: [grant("read", "vehicle")] });
    await app.db().insert(users).values({
      companyId: fx().companyId,
      roleId: id,
      name: "Vera Vehículos",
      email: "vera@taller.demo",
      passwordHash: "-",
    });
    const session = (await app.staff("vera@taller.demo")).session;
    const cookie = `${SESSION_COOKIE}=${session?.id ?? ""}`;
    const first = await authenticate(app.db(), cookie, { secure: false });
    expect(first?.user.grants).toEqual([{ action: "read", resource: "vehicle", restrictedToOwn: false }]);

    const delivered = nextSetupChange();
    await a.roles.setGrants({ id, grants: [grant("read", "vehicle"), grant("read", "booking", true)] });
    await delivered;
    const next = await authenticate(app.db(), cookie, { secure: false });
    expect(next?.user.grants).toHaveLength(2);
    expect(next?.user.grants).toContainEqual({ action: "read", resource: "booking", restrictedToOwn: true });

    const renamed = nextSetupChange();
    await a.roles.rename({ id, name: "Vehículos y agenda" });
    await renamed;
    expect((await authenticate(app.db(), cookie, { secure: false }))?.user.roleName).toBe("Vehículos y agenda");
  });
});
