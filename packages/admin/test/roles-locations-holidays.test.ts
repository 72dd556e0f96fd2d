// Roles and their grants, locations and holidays through the router's caller, against a real database (seeded demo:
// Taller Demo with Administrador, Asesor and Técnico and two locations; Otro Taller with its own).
import type { GrantInput } from "@taller/core";
import { holidays, locations, realtimeEvents, rolePermissions, roles, users } from "@taller/db";
import { chileanHolidays } from "@taller/db/seed";
import { createCallerFactory } from "@taller/trpc";
import { callFailure as failure, useSeededApp } from "@taller/trpc/testing";
import { and, desc, eq, gt } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminRouter } from "../src";
import { LAST_ADMIN_MESSAGE } from "../src/admins";
import { roleInUseMessage } from "../src/roles-remove";

const createCaller = createCallerFactory(adminRouter);
const app = useSeededApp();
const callerFor = async (email: string) => createCaller(await app.staff(email));
const admin = () => callerFor("admin@taller.demo");
const other = () => callerFor("admin@otro.demo");
const fx = () => app.fx().demo;
const roleId = (name: string) => fx().roleIds[name] ?? 0;

async function lastEventId() {
  const [row] = await app
    .db()
    .select({ id: realtimeEvents.id })
    .from(realtimeEvents)
    .orderBy(desc(realtimeEvents.id))
    .limit(1);
  return row?.id ?? 0;
}
const setupEventsSince = async (since: number) =>
  (
    await app
      .db()
      .select({ companyId: realtimeEvents.companyId, payload: realtimeEvents.payload })
      .from(realtimeEvents)
      .where(and(gt(realtimeEvents.id, since), eq(realtimeEvents.type, "company.setup_changed")))
  ).map((e) => ({ companyId: e.companyId, ...e.payload }));

const grant = (action: GrantInput["action"], resource: GrantInput["resource"], own = false): GrantInput => ({
  action,
  resource,
  restricted_to_own: own,
});
const grantsOf = async (id: number) =>
  (await app.db().select().from(rolePermissions).where(eq(rolePermissions.roleId, id)))
    .map((g) => `${g.action}:${g.resource}${g.restrictedToOwn ? ":own" : ""}`)
    .sort();

describe("admin.roles", () => {
  it("creates, renames and deletes a role, announcing each change to the company", async () => {
    const a = await admin();
    const since = await lastEventId();
    const { id } = await a.roles.create({ name: "  Recepcionista " });
    await a.roles.rename({ id, name: "Recepción" });
    expect((await a.roles.list()).find((r) => r.id === id)).toEqual({ id, name: "Recepción", grants: [] });
    await a.roles.remove({ id });
    expect((await a.roles.list()).some((r) => r.id === id)).toBe(false);
    expect(await setupEventsSince(since)).toEqual(Array(3).fill({ companyId: fx().companyId, what: "roles" }));
  });

  it("refuses a taken name (whatever its case, twice submitted too) on the field", async () => {
    const a = await admin();
    for (const name of ["Asesor", "ASESOR"]) {
      const taken = await failure(a.roles.create({ name }));
      expect(taken).toMatchObject({ code: "CONFLICT", fields: { name: ["Ya existe un rol con ese nombre"] } });
    }
    const twice = await Promise.allSettled([
      a.roles.create({ name: "Doble clic" }),
      a.roles.create({ name: "Doble clic" }),
    ]);
    expect(twice.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((await failure(a.roles.rename({ id: roleId("Técnico"), name: "asesor" }))).fields).toEqual({
      name: ["Ya existe un rol con ese nombre"],
    });
    expect((await failure(a.roles.create({ name: "   " }))).code).toBe("BAD_REQUEST");
    // Another company may use the same name.
    await expect((await other()).roles.create({ name: "Doble clic" })).resolves.toMatchObject({
      id: expect.any(Number) as number,
    });
  });

  it("replaces a role's grants, idempotently, and refuses duplicates and unknown ones", async () => {
    const a = await admin();
    const { id } = await a.roles.create({ name: "Bodega" });
    const grid = [grant("read", "vehicle"), grant("read", "check_in", true), grant("update", "check_in", true)];
    await a.roles.setGrants({ id, grants: grid });
    await a.roles.setGrants({ id, grants: grid });
    expect(await grantsOf(id)).toEqual(["read:check_in:own", "read:vehicle", "update:check_in:own"]);
    await a.roles.setGrants({ id, grants: [grant("read", "booking")] });
    expect(await grantsOf(id)).toEqual(["read:booking"]);
    const dup = await failure(
      a.roles.setGrants({ id, grants: [grant("read", "booking"), grant("read", "booking", true)] }),
    );
    expect(dup).toMatchObject({ code: "BAD_REQUEST", fields: { grants: ["Hay permisos repetidos"] } });
    const unknown = await failure(
      a.roles.setGrants({
        id,
        grants: [{ action: "manage", resource: "all", restricted_to_own: false } as unknown as GrantInput],
      }),
    );
    expect(unknown.code).toBe("BAD_REQUEST");
    expect(await grantsOf(id)).toEqual(["read:booking"]);
  });

  it("refuses deleting a role its users hold, saying how many", async () => {
    const a = await admin();
    const refused = await failure(a.roles.remove({ id: roleId("Asesor") }));
    expect(refused).toMatchObject({ code: "CONFLICT", message: roleInUseMessage("Asesor", 1) });
    expect((await a.roles.list()).some((r) => r.id === roleId("Asesor"))).toBe(true);
  });

  it("never lets the last administering role lose read or update on manager", async () => {
    // Otro Taller has one administrator: Óscar, whose role is the only one administering.
    const o = await other();
    const adminRole = app.fx().other.roleIds["Administrador"] ?? 0;
    const before = await grantsOf(adminRole);
    for (const grants of [[], [grant("read", "manager")], [grant("update", "manager"), grant("read", "vehicle")]]) {
      const refused = await failure(o.roles.setGrants({ id: adminRole, grants }));
      expect(refused).toMatchObject({ code: "BAD_REQUEST", message: LAST_ADMIN_MESSAGE });
    }
    // Rolled back: nothing changed.
    expect(await grantsOf(adminRole)).toEqual(before);
    // Dropping the grants it does not need is fine.
    await o.roles.setGrants({
      id: adminRole,
      grants: [grant("read", "manager"), grant("update", "manager"), grant("create", "manager")],
    });
    expect(await grantsOf(adminRole)).toEqual(["create:manager", "read:manager", "update:manager"]);
    // Once another active user administers through another role, the first may lose them.
    const { id: second } = await o.roles.create({ name: "Co-administración" });
    await o.roles.setGrants({ id: second, grants: [grant("read", "manager"), grant("update", "manager")] });
    await app.db().insert(users).values({
      companyId: app.fx().other.companyId,
      roleId: second,
      name: "Co Admin",
      email: "coadmin@otro.demo",
      passwordHash: "-",
    });
    await o.roles.setGrants({ id: adminRole, grants: [] });
    expect(await grantsOf(adminRole)).toEqual([]);
    // The company is administrable again only through the second role: the next loss is refused.
    const coadmin = createCaller(await app.staff("coadmin@otro.demo"));
    const refused = await failure(coadmin.roles.setGrants({ id: second, grants: [] }));
    expect(refused.message).toBe(LAST_ADMIN_MESSAGE);
    // The co-administrator gives the Administrador role everything back (the other tests use Óscar).
    const restored = before.map((g) => {
      const [action, resource, own] = g.split(":") as [GrantInput["action"], GrantInput["resource"], string?];
      return grant(action, resource, own === "own");
    });
    await coadmin.roles.setGrants({ id: adminRole, grants: restored });
    expect(await grantsOf(adminRole)).toEqual(before);
  });

  it("is refused to roles without the manager grants, and another company's ids are not found", async () => {
    const asesor = await callerFor("asesor@taller.demo");
    expect((await failure(asesor.roles.create({ name: "X" }))).code).toBe("FORBIDDEN");
    expect(
      (await failure(asesor.roles.setGrants({ id: roleId("Asesor"), grants: [grant("read", "manager")] }))).code,
    ).toBe("FORBIDDEN");
    const o = await other();
    const id = roleId("Técnico");
    for (const call of [
      () => o.roles.rename({ id, name: "Robado" }),
      () => o.roles.remove({ id }),
      () => o.roles.setGrants({ id, grants: [] }),
    ]) {
      expect((await failure(call())).code).toBe("NOT_FOUND");
    }
    const [row] = await app.db().select({ name: roles.name }).from(roles).where(eq(roles.id, id));
    expect(row?.name).toBe("Técnico");
    expect(await grantsOf(id)).toContain("read:check_in:own");
  });
});

describe("admin.locations", () => {
  it("lists, creates, renames and deletes an unused location", async () => {
    const a = await admin();
    const since = await lastEventId();
    const { id } = await a.locations.create({ name: "Sucursal Ñuñoa" });
    await a.locations.rename({ id, name: "Sucursal Ñuñoa Norte" });
    expect(await a.locations.list()).toContainEqual({ id, name: "Sucursal Ñuñoa Norte" });
    expect((await (await other()).locations.list()).some((l) => l.id === id)).toBe(false);
    await a.locations.remove({ id });
    expect((await a.locations.list()).some((l) => l.id === id)).toBe(false);
    expect(await setupEventsSince(since)).toEqual(Array(3).fill({ companyId: fx().companyId, what: "locations" }));
  });

  it("refuses a taken name on the field, and a second click creates nothing more", async () => {
    const a = await admin();
    expect((await failure(a.locations.create({ name: "casa matriz" }))).fields).toEqual({
      name: ["Ya existe un local con ese nombre"],
    });
    const twice = await Promise.allSettled([
      a.locations.create({ name: "Local doble" }),
      a.locations.create({ name: "Local doble" }),
    ]);
    expect(twice.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rows = await app
      .db()
      .select()
      .from(locations)
      .where(and(eq(locations.companyId, fx().companyId), eq(locations.name, "Local doble")));
    expect(rows).toHaveLength(1);
  });

  it("refuses deleting a location that orders, bookings or managements use, saying which", async () => {
    const a = await admin();
    const used = fx().locationIds[0] ?? 0;
    const refused = await failure(a.locations.remove({ id: used }));
    expect(refused.code).toBe("CONFLICT");
    expect(refused.message).toMatch(/^No se puede eliminar el local «Casa Matriz»: tiene órdenes de trabajo/);
    expect((await a.locations.list()).some((l) => l.id === used)).toBe(true);
  });

  it("takes the location's own holidays with it", async () => {
    const a = await admin();
    const { id } = await a.locations.create({ name: "Temporal" });
    await a.holidays.create({ date: "2031-07-01", name: "Aniversario", location_id: id });
    await a.locations.remove({ id });
    expect(await app.db().select().from(holidays).where(eq(holidays.locationId, id))).toEqual([]);
  });

  it("keeps another company out", async () => {
    const o = await other();
    const id = fx().locationIds[1] ?? 0;
    expect((await failure(o.locations.rename({ id, name: "Robado" }))).code).toBe("NOT_FOUND");
    expect((await failure(o.locations.remove({ id }))).code).toBe("NOT_FOUND");
    expect((await failure((await callerFor("tecnico@taller.demo")).locations.list())).code).toBe("FORBIDDEN");
  });
});

describe("admin.holidays", () => {
  const year = new Date().getFullYear();

  it("lists a year's holidays", async () => {
    const list = await (await admin()).holidays.list({ year });
    expect(list.map((h) => h.date)).toEqual(chileanHolidays(year).map((h) => h.date));
    expect(list[0]).toMatchObject({ name: "Año Nuevo", location_id: null, location_name: null });
    expect(await (await admin()).holidays.list({ year: year + 5 })).toEqual([]);
    expect((await failure((await admin()).holidays.list({ year: 1999 }))).code).toBe("BAD_REQUEST");
  });

  it("a holiday added here is the company's setup news and is listed until it is deleted", async () => {
    const a = await admin();
    const here = fx().locationIds[0] ?? 0;
    const day = `${year + 2}-03-03`;
    const since = await lastEventId();
    const { id } = await a.holidays.create({ date: day, name: "Aniversario Casa Matriz", location_id: here });
    expect(await setupEventsSince(since)).toEqual([{ companyId: fx().companyId, what: "holidays" }]);
    expect(await a.holidays.list({ year: year + 2 })).toEqual([
      { id, date: day, name: "Aniversario Casa Matriz", location_id: here, location_name: "Casa Matriz" },
    ]);
    await a.holidays.remove({ id });
    expect((await a.holidays.list({ year: year + 2 })).map((h) => h.id)).not.toContain(id);
  });

  it("one holiday per day and location: taken days refused on the field, a double click adds one", async () => {
    const a = await admin();
    const newYear = `${year}-01-01`;
    const taken = await failure(a.holidays.create({ date: newYear, name: "Otra vez", location_id: null }));
    expect(taken).toMatchObject({
      code: "CONFLICT",
      fields: { date: ["Ya hay un feriado de toda la empresa ese día"] },
    });
    const twice = await Promise.allSettled([
      a.holidays.create({ date: "2032-04-05", name: "Doble", location_id: fx().locationIds[1] ?? 0 }),
      a.holidays.create({ date: "2032-04-05", name: "Doble", location_id: fx().locationIds[1] ?? 0 }),
    ]);
    expect(twice.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    // The same day at a location besides the company-wide one is a different holiday.
    await expect(
      a.holidays.create({ date: newYear, name: "Local", location_id: fx().locationIds[1] ?? 0 }),
    ).resolves.toBeDefined();
  });

  it("refuses bad dates and another company's location on their fields, and keeps another company out", async () => {
    const a = await admin();
    expect((await failure(a.holidays.create({ date: "2031-02-30", name: "X", location_id: null }))).fields).toEqual({
      date: ["Fecha inválida"],
    });
    expect((await failure(a.holidays.create({ date: "2031-03-02", name: "", location_id: null }))).fields).toEqual({
      name: ["Ingresa el nombre"],
    });
    const foreign = app.fx().other.locationIds[0] ?? 0;
    expect((await failure(a.holidays.create({ date: "2031-03-02", name: "X", location_id: foreign }))).fields).toEqual({
      location_id: ["Local inválido"],
    });
    const o = await other();
    const demoHoliday = fx().holidayIds[0] ?? 0;
    expect((await failure(o.holidays.remove({ id: demoHoliday }))).code).toBe("NOT_FOUND");
    expect((await o.holidays.list({ year })).some((h) => h.id === demoHoliday)).toBe(false);
    expect(await app.db().select({ id: holidays.id }).from(holidays).where(eq(holidays.id, demoHoliday))).toHaveLength(
      1,
    );
  });
});
