// vehicles.get / create / update against the seeded demo: the identifier rule per company, one plate per company
// held by the database (two concurrent creates: one vehicle and a Spanish field error), the plate history, the
// page's lists, tenancy and own records.
import {
  companyPreferencesSchema,
  identifierError,
  isChileanPlate,
  normalizeIdentifier,
  usesPlates,
  VEHICLE_TEXTS,
} from "@taller/core";
import { companies, orders, rolePermissions, roles, users, vehiclePlateHistory, vehicles } from "@taller/db";
import { createCallerFactory } from "@taller/trpc";
import { refusal, refusalOf, useSeededApp } from "@taller/trpc/testing";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { vehiclesRouter } from "../src";

const createCaller = createCallerFactory(vehiclesRouter);
const app = useSeededApp();
const admin = async () => createCaller(await app.staff("admin@taller.demo"));
const other = async () => createCaller(await app.staff("admin@otro.demo"));

describe("identifier rules", () => {
  it("reads Chilean plates upper-cased without separators, old and new formats", () => {
    expect(normalizeIdentifier(" ab-12.34 ", true)).toBe("AB1234");
    expect(normalizeIdentifier("bcdf 12", true)).toBe("BCDF12");
    expect(isChileanPlate("AB1234")).toBe(true);
    expect(isChileanPlate("BCDF12")).toBe(true);
    expect(isChileanPlate("ABC123")).toBe(false);
    expect(identifierError("AB123", true)).toBe(VEHICLE_TEXTS.badPlate);
  });

  it("lets a company with its own object write free identifiers", () => {
    expect(usesPlates({ singular: "Vehículo" })).toBe(true);
    expect(usesPlates({ singular: "vehiculo " })).toBe(true);
    expect(usesPlates({ singular: "Bicicleta" })).toBe(false);
    expect(normalizeIdentifier("  trek  sn-4411 ", false)).toBe("TREK SN-4411");
    expect(identifierError("TREK SN-4411", false)).toBeNull();
    expect(identifierError("<script>", false)).toBe(VEHICLE_TEXTS.badIdentifier);
  });
});

describe("vehicles.create and vehicles.update", () => {
  it("creates a vehicle with its plate normalized and refuses a malformed plate on its field", async () => {
    const caller = await admin();
    const { id } = await caller.create({ identifier: "kl-mn 45", client_id: app.fx().demo.clientIds[0], year: 2019 });
    const page = await caller.get({ id });
    expect(page.vehicle).toMatchObject({ identifier: "KLMN45", year: 2019, client_id: app.fx().demo.clientIds[0] });
    expect(page.owner?.id).toBe(app.fx().demo.clientIds[0]);
    expect(await refusal(caller.create({ identifier: "K1" }))).toEqual({
      code: "BAD_REQUEST",
      fields: { identifier: [VEHICLE_TEXTS.badPlate] },
    });
  });

  it("holds one plate per company: two concurrent creates make one vehicle, the other a field error", async () => {
    const [a, b] = await Promise.all([admin(), admin()]);
    const results = await Promise.allSettled([a.create({ identifier: "WXYZ77" }), b.create({ identifier: "wxyz-77" })]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected");
    expect(refusalOf((rejected as PromiseRejectedResult).reason)).toEqual({
      code: "CONFLICT",
      fields: { identifier: ["Esa patente ya está registrada en Vehículos"] },
    });
    const rows = await app
      .db()
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(and(eq(vehicles.companyId, app.fx().demo.companyId), eq(vehicles.identifier, "WXYZ77")));
    expect(rows).toHaveLength(1);
    // Another company may hold the same plate.
    await expect((await other()).create({ identifier: "WXYZ77" })).resolves.toMatchObject({ id: expect.any(Number) });
  });

  it("keeps a changed plate in the history and refuses another vehicle's plate", async () => {
    const caller = await admin();
    const { id } = await caller.create({ identifier: "PQRS11" });
    await caller.update({ id, identifier: "PQRS22", color: "Azul" });
    await caller.update({ id, identifier: "PQRS22", color: "Verde" });
    await caller.update({ id, identifier: "PQRS33" });
    const page = await caller.get({ id });
    expect(page.vehicle.identifier).toBe("PQRS33");
    expect(page.plates.map((p) => [p.identifier, p.replaced_by])).toEqual([
      ["PQRS22", "PQRS33"],
      ["PQRS11", "PQRS22"],
    ]);
    const taken = (await caller.get({ id: app.fx().demo.vehicleIds[0] ?? 0 })).vehicle.identifier;
    expect(await refusal(caller.update({ id, identifier: taken }))).toEqual({
      code: "CONFLICT",
      fields: { identifier: ["Esa patente ya está registrada en Vehículos"] },
    });
    const history = await app.db().select().from(vehiclePlateHistory).where(eq(vehiclePlateHistory.vehicleId, id));
    expect(history).toHaveLength(2);
  });

  it("accepts a free identifier where the company's object is not a vehicle", async () => {
    const companyId = app.fx().other.companyId;
    const [company] = await app.db().select().from(companies).where(eq(companies.id, companyId));
    const preferences = companyPreferencesSchema.parse(company!.preferences);
    preferences.terms.object = { singular: "Bicicleta", plural: "Bicicletas" };
    await app.db().update(companies).set({ preferences }).where(eq(companies.id, companyId));
    const { id } = await (await other()).create({ identifier: "trek 4411-b" });
    expect((await (await other()).get({ id })).vehicle.identifier).toBe("TREK 4411-B");
    expect(await refusal((await other()).create({ identifier: "Trek 4411-B" }))).toEqual({
      code: "CONFLICT",
      fields: { identifier: [VEHICLE_TEXTS.identifierTaken] },
    });
    // What is not there is named in the company's words.
    await expect((await other()).get({ id: app.fx().demo.vehicleIds[0]! })).rejects.toThrow("Bicicleta inexistente");
  });

  it("answers NOT_FOUND for another company's vehicle, owner or brand", async () => {
    const caller = await other();
    const demo = app.fx().demo;
    expect((await refusal(caller.get({ id: demo.vehicleIds[0]! }))).code).toBe("NOT_FOUND");
    expect((await refusal(caller.update({ id: demo.vehicleIds[0]!, identifier: "BBBB11" }))).code).toBe("NOT_FOUND");
    expect(await refusal(caller.create({ identifier: "BBBB12", client_id: demo.clientIds[0] }))).toEqual({
      code: "NOT_FOUND",
      fields: { client_id: ["Cliente inexistente"] },
    });
    expect(await refusal(caller.create({ identifier: "BBBB13", brand_id: demo.brandIds[0] }))).toEqual({
      code: "NOT_FOUND",
      fields: { brand_id: [VEHICLE_TEXTS.brandNotFound] },
    });
  });
});

describe("vehicles.get", () => {
  it("shows the vehicle's orders newest first, bounded, each list only with its read permission", async () => {
    const caller = await admin();
    const demo = app.fx().demo;
    const [withOrder] = await app
      .db()
      .select({ vehicleId: orders.vehicleId })
      .from(orders)
      .where(eq(orders.companyId, demo.companyId))
      .groupBy(orders.vehicleId)
      .orderBy(sql`count(*) desc`)
      .limit(1);
    const page = await caller.get({ id: withOrder!.vehicleId! });
    expect(page.orders!.length).toBeGreaterThan(0);
    expect(page.orders!.length).toBeLessThanOrEqual(20);
    const times = page.orders!.map((o) => o.check_in_time);
    expect(times).toEqual([...times].sort().reverse());
    expect(page.bookings).not.toBeNull();
    expect(page.budgets).not.toBeNull();
  });

  it("limits an own-records grant to the user's vehicles, and hides what the role may not read", async () => {
    const companyId = app.fx().demo.companyId;
    const [role] = await app.db().insert(roles).values({ companyId, name: "Solo propios" }).returning();
    await app
      .db()
      .insert(rolePermissions)
      .values([
        { roleId: role!.id, action: "read", resource: "vehicle", restrictedToOwn: true },
        { roleId: role!.id, action: "update", resource: "vehicle", restrictedToOwn: true },
      ]);
    const [user] = await app
      .db()
      .insert(users)
      .values({ companyId, roleId: role!.id, name: "Ona Propia", email: "ona@taller.demo", passwordHash: "x" })
      .returning();
    const [mine, notMine] = await app
      .db()
      .select({ id: orders.id, vehicleId: orders.vehicleId })
      .from(orders)
      .where(eq(orders.companyId, companyId))
      .limit(2);
    await app.db().update(orders).set({ assigneeId: user!.id }).where(eq(orders.id, mine!.id));
    const caller = createCaller(await app.staff(user!.email));
    const page = await caller.get({ id: mine!.vehicleId! });
    expect(page).toMatchObject({ orders: null, bookings: null, budgets: null, crm: null, owner: null });
    if (notMine!.vehicleId !== mine!.vehicleId) {
      expect((await refusal(caller.get({ id: notMine!.vehicleId! }))).code).toBe("NOT_FOUND");
      expect((await refusal(caller.update({ id: notMine!.vehicleId!, identifier: "GGHH11" }))).code).toBe("NOT_FOUND");
    }
  });
});
