import { addDays, DEFAULT_TZ, isInstant, PAGE_SIZE, todayIn } from "@taller/core";
import { bookings, orders, rolePermissions, roles, statuses, users, vehicles } from "@taller/db";
import { createCallerFactory, type TRPCError } from "@taller/trpc";
import { allPages, useSeededApp } from "@taller/trpc/testing";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { vehiclesRouter } from "../src";
import { deriveVehicleStatus, VEHICLE_STATUS, type VehicleStatus } from "../src/status";

const createCaller = createCallerFactory(vehiclesRouter);
const app = useSeededApp();
const callerFor = async (email: string) => createCaller(await app.staff(email));
const admin = () => callerFor("admin@taller.demo");
const db = () => app.db();
const today = () => todayIn(DEFAULT_TZ);

type Caller = Awaited<ReturnType<typeof admin>>;
async function walk(input: Parameters<Caller["list"]>[0] = {}) {
  const caller = await admin();
  const pages = await allPages((cursor) => caller.list({ ...input, cursor }), 50);
  return { pages, vehicles: pages.flatMap((p) => p.vehicles) };
}

/** Each demo vehicle's status by the pure rule, from its raw orders and bookings. */
async function expectedStatuses(): Promise<Map<number, VehicleStatus>> {
  const companyId = app.fx().demo.companyId;
  const vehicleRows = await db().select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.companyId, companyId));
  const orderRows = await db()
    .select({ vehicleId: orders.vehicleId, finish: statuses.finish })
    .from(orders)
    .innerJoin(statuses, eq(statuses.id, orders.statusId))
    .where(eq(orders.companyId, companyId));
  const bookingRows = await db()
    .select({ vehicleId: bookings.vehicleId, day: bookings.bookingDate })
    .from(bookings)
    .where(eq(bookings.companyId, companyId));
  return new Map(
    vehicleRows.map((v) => [
      v.id,
      deriveVehicleStatus(
        {
          hasOpenOrder: orderRows.some((o) => o.vehicleId === v.id && !o.finish),
          bookingDates: bookingRows.filter((b) => b.vehicleId === v.id).map((b) => b.day),
        },
        today(),
      ),
    ]),
  );
}

describe("vehicle status", () => {
  it("is 3 with an open order, else 2 with a booking from today on, else 1", () => {
    const day = "2026-05-10";
    expect(deriveVehicleStatus({ hasOpenOrder: true, bookingDates: [] }, day)).toBe(3);
    expect(deriveVehicleStatus({ hasOpenOrder: true, bookingDates: ["2026-06-01"] }, day)).toBe(3);
    expect(deriveVehicleStatus({ hasOpenOrder: false, bookingDates: ["2026-05-10"] }, day)).toBe(2);
    expect(deriveVehicleStatus({ hasOpenOrder: false, bookingDates: ["2026-05-09", "2026-05-11"] }, day)).toBe(2);
    expect(deriveVehicleStatus({ hasOpenOrder: false, bookingDates: ["2026-05-09"] }, day)).toBe(1);
    expect(deriveVehicleStatus({ hasOpenOrder: false, bookingDates: [] }, day)).toBe(1);
  });

  it("the SQL agrees with the pure rule on every demo vehicle, and the demo has all three", async () => {
    const expected = await expectedStatuses();
    const { vehicles: listed } = await walk();
    expect(listed).toHaveLength(expected.size);
    expect(new Map(listed.map((v) => [v.id, v.status_id]))).toEqual(expected);
    expect(new Set(expected.values())).toEqual(new Set([1, 2, 3]));
  });

  it("totals by status count the same statuses", async () => {
    const expected = [...(await expectedStatuses()).values()];
    const totals = (await (await admin()).totalsByStatus()).by_status;
    expect(totals).toEqual([1, 2, 3].map((s) => ({ status_id: s, count: expected.filter((e) => e === s).length })));
  });
});

describe("vehicle counts", () => {
  it("follow vehicles added and removed (Sin orden is every vehicle minus the others)", async () => {
    const caller = await admin();
    const sinOrden = async () =>
      (await caller.totalsByStatus()).by_status.find((t) => t.status_id === VEHICLE_STATUS.SIN_ORDEN)!.count;
    const before = await sinOrden();
    const added = await db()
      .insert(vehicles)
      .values([1, 2].map((i) => ({ companyId: app.fx().demo.companyId, identifier: `ZZZZ0${i}` })))
      .returning({ id: vehicles.id });
    expect(await sinOrden()).toBe(before + 2);
    await db().delete(vehicles).where(eq(vehicles.id, added[0]!.id));
    expect(await sinOrden()).toBe(before + 1);
    await db().delete(vehicles).where(eq(vehicles.id, added[1]!.id));
  });

  it("follow every write that changes a status: orders opened, closed, moved and deleted, bookings, statuses", async () => {
    const caller = await admin();
    const c = app.fx().demo.companyId;
    const expectTotals = async (step: string) => {
      const expected = [...(await expectedStatuses()).values()];
      const totals = (await caller.totalsByStatus()).by_status;
      expect(totals, step).toEqual(
        [1, 2, 3].map((s) => ({ status_id: s, count: expected.filter((e) => e === s).length })),
      );
    };
    const orderStatuses = await db()
      .select({ id: statuses.id, finish: statuses.finish, cancel: statuses.cancel })
      .from(statuses)
      .where(and(eq(statuses.companyId, c), eq(statuses.type, "Order")));
    const open = orderStatuses.find((s) => !s.finish)!.id;
    // A finished status that may stop finishing: the cancel status must stay a finished one.
    const done = orderStatuses.find((s) => s.finish && !s.cancel)!.id;
    const [a, b] = await db()
      .insert(vehicles)
      .values([1, 2].map((i) => ({ companyId: c, identifier: `YYYY0${i}` })))
      .returning({ id: vehicles.id });
    const [order] = await db()
      .insert(orders)
      .values({ companyId: c, correlativeId: 0, statusId: open, vehicleId: a!.id })
      .returning({ id: orders.id });
    await expectTotals("an open order");
    await db().update(orders).set({ vehicleId: b!.id }).where(eq(orders.id, order!.id));
    await expectTotals("the order moved to another vehicle");
    const [booking] = await db()
      .insert(bookings)
      .values({ companyId: c, vehicleId: a!.id, bookingDate: addDays(today(), 3), bookingTime: "10:00" })
      .returning({ id: bookings.id });
    await expectTotals("a coming booking");
    await db()
      .update(bookings)
      .set({ bookingDate: addDays(today(), -3) })
      .where(eq(bookings.id, booking!.id));
    await expectTotals("the booking moved to the past");
    await db().update(bookings).set({ vehicleId: b!.id, bookingDate: today() }).where(eq(bookings.id, booking!.id));
    await expectTotals("the booking moved to today on the vehicle with the open order");
    await db().update(orders).set({ statusId: done }).where(eq(orders.id, order!.id));
    await expectTotals("the order closed");
    await db().update(statuses).set({ finish: false }).where(eq(statuses.id, done));
    await expectTotals("its status no longer finishes orders");
    await db().update(statuses).set({ finish: true }).where(eq(statuses.id, done));
    await db().delete(orders).where(eq(orders.id, order!.id));
    await db().delete(bookings).where(eq(bookings.id, booking!.id));
    await expectTotals("order and booking deleted");
    await db().delete(vehicles).where(eq(vehicles.id, b!.id));
    await db().delete(vehicles).where(eq(vehicles.id, a!.id));
    await expectTotals("vehicles deleted");
  });
});

describe("vehicles.list", () => {
  it("answers newest first in pages, with the spec's fields", async () => {
    const { pages, vehicles: listed } = await walk();
    expect(pages[0]).toMatchObject({
      page: 1,
      total: listed.length,
      total_pages: Math.ceil(listed.length / PAGE_SIZE),
    });
    expect(pages[0]!.vehicles).toHaveLength(PAGE_SIZE);
    expect(pages.at(-1)!.next_cursor).toBeNull();
    const ids = listed.map((v) => v.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(listed[0]!).sort()).toEqual(
      [
        "booking_date",
        "booking_id",
        "booking_time",
        "brand_model_name",
        "brand_name",
        "check_in_time",
        "client_id",
        "client_name",
        "correlative_id",
        "finish_date",
        "id",
        "identifier",
        "order_id",
        "phone",
        "requirement_name",
        "status_id",
      ].sort(),
    );
  });

  it("filters by status: open orders carry their order, booked ones their booking", async () => {
    const expected = await expectedStatuses();
    for (const status of [VEHICLE_STATUS.CON_ORDEN, VEHICLE_STATUS.AGENDADO, VEHICLE_STATUS.SIN_ORDEN]) {
      const { pages, vehicles: listed } = await walk({ status_id: [status] });
      expect(listed.map((v) => v.id).sort()).toEqual(
        [...expected]
          .filter(([, s]) => s === status)
          .map(([id]) => id)
          .sort(),
      );
      expect(pages[0]!.total).toBe(listed.length);
      for (const v of listed) {
        if (status === VEHICLE_STATUS.CON_ORDEN) {
          expect(v).toMatchObject({
            order_id: expect.any(Number),
            correlative_id: expect.any(Number),
          });
          // The instant in the one wire form, which the web's formatters read.
          expect(isInstant(v.check_in_time)).toBe(true);
          expect(v.requirement_name).toEqual(expect.any(String));
        } else {
          expect(v.order_id).toBeNull();
          expect(v.correlative_id).toBeNull();
        }
        if (status === VEHICLE_STATUS.AGENDADO) {
          expect(v.booking_date! >= today()).toBe(true);
          expect(v.booking_time).toMatch(/^\d{2}:\d{2}$/);
        }
        if (status === VEHICLE_STATUS.SIN_ORDEN) expect(v.booking_date).toBeNull();
      }
    }
    const both = await walk({ status_id: [VEHICLE_STATUS.AGENDADO, VEHICLE_STATUS.CON_ORDEN] });
    expect(both.vehicles.length).toBe([...expected.values()].filter((s) => s !== VEHICLE_STATUS.SIN_ORDEN).length);
    expect((await (await admin()).list({ status_id: [] })).vehicles).toEqual([]);
  });

  it("searches by plate, client name and RUT", async () => {
    const { vehicles: listed } = await walk();
    const sample = listed.find((v) => v.client_name)!;
    const byPlate = await walk({ search: sample.identifier.toLowerCase() });
    expect(byPlate.vehicles.map((v) => v.id)).toContain(sample.id);
    const plainName = sample.client_name!.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
    const byName = await walk({ search: plainName });
    expect(byName.vehicles.length).toBeGreaterThan(0);
    expect(byName.vehicles.every((v) => v.client_name === sample.client_name)).toBe(true);
    expect(byName.pages[0]!.total).toBe(byName.vehicles.length);
    const searchedTotals = await (await admin()).totalsByStatus({ search: plainName });
    expect(searchedTotals.by_status.reduce((n, t) => n + t.count, 0)).toBe(byName.vehicles.length);
  });

  it("shows another company only its own vehicles, and nothing to a role without read on vehicle", async () => {
    const other = await (await callerFor("admin@otro.demo")).list({});
    expect(other.total).toBe(app.fx().other.vehicleIds.length);
    expect(other.vehicles.every((v) => app.fx().other.vehicleIds.includes(v.id))).toBe(true);
    const error = await (await callerFor("tecnico@taller.demo")).list({}).catch((e: unknown) => e);
    expect((error as TRPCError).code).toBe("FORBIDDEN");
  });

  it("counts a booking for today as Agendado and one for yesterday as past", async () => {
    const expected = await expectedStatuses();
    const idle = [...expected].filter(([, s]) => s === VEHICLE_STATUS.SIN_ORDEN).map(([id]) => id);
    const [yesterday, todays] = [idle[0]!, idle[1]!];
    const booking = (vehicleId: number, bookingDate: string) => ({
      companyId: app.fx().demo.companyId,
      vehicleId,
      bookingDate,
      bookingTime: "10:00",
    });
    await db()
      .insert(bookings)
      .values([booking(yesterday, addDays(today(), -1)), booking(todays, today())]);
    const statusOf = async (id: number) => (await walk()).vehicles.find((v) => v.id === id)!.status_id;
    expect(await statusOf(yesterday)).toBe(VEHICLE_STATUS.SIN_ORDEN);
    expect(await statusOf(todays)).toBe(VEHICLE_STATUS.AGENDADO);
    expect(new Map((await walk()).vehicles.map((v) => [v.id, v.status_id]))).toEqual(await expectedStatuses());
  });
});

describe("scope", () => {
  it("derives statuses from the orders and bookings at the selected locations", async () => {
    const [first] = app.fx().demo.locationIds;
    const companyId = app.fx().demo.companyId;
    const open = await db()
      .select({ vehicleId: orders.vehicleId, locationId: orders.locationId })
      .from(orders)
      .innerJoin(statuses, eq(statuses.id, orders.statusId))
      .where(and(eq(orders.companyId, companyId), eq(statuses.finish, false)));
    const withOpenHere = new Set(open.filter((o) => o.locationId === first).map((o) => o.vehicleId));
    const caller = await admin();
    const pages = await allPages((cursor) =>
      caller.list({ status_id: [VEHICLE_STATUS.CON_ORDEN], location_ids: [first!], cursor }),
    );
    const listed = pages.flatMap((p) => p.vehicles.map((v) => v.id));
    expect(listed.sort()).toEqual([...withOpenHere].sort());
    expect(withOpenHere.size).toBeLessThan(new Set(open.map((o) => o.vehicleId)).size);
    expect(pages[0]!.totals!.by_status.find((t) => t.status_id === VEHICLE_STATUS.CON_ORDEN)!.count).toBe(
      withOpenHere.size,
    );
    // Every vehicle is still listed; only its status follows the selection.
    const all = await caller.list({ location_ids: [first!] });
    expect(all.total).toBe((await caller.list({})).total);
  });

  it("limits an own-only role to the vehicles of its orders and bookings", async () => {
    const companyId = app.fx().demo.companyId;
    const [role] = await db().insert(roles).values({ companyId, name: "Vehículos propios" }).returning();
    await db()
      .insert(rolePermissions)
      .values({ roleId: role!.id, action: "read", resource: "vehicle", restrictedToOwn: true });
    const [user] = await db()
      .insert(users)
      .values({ companyId, roleId: role!.id, name: "Pía Propia", email: "propia@taller.demo", passwordHash: "x" })
      .returning();
    const [byOrder, byBooking] = app.fx().demo.vehicleIds;
    const [order] = await db().select({ id: orders.id }).from(orders).where(eq(orders.vehicleId, byOrder!)).limit(1);
    await db().update(orders).set({ assigneeId: user!.id }).where(eq(orders.id, order!.id));
    await db()
      .insert(bookings)
      .values({ companyId, vehicleId: byBooking!, userId: user!.id, bookingDate: today(), bookingTime: "09:00" });

    const caller = await callerFor(user!.email);
    const page = await caller.list({});
    expect(page.vehicles.map((v) => v.id).sort()).toEqual([byOrder!, byBooking!].sort());
    expect(page.total).toBe(2);
    expect((await caller.totalsByStatus()).by_status.reduce((n, t) => n + t.count, 0)).toBe(2);
  });
});
