// The list reads columns that triggers derive (search text, last budget, counts per status): these tests write
// the source tables the way other domains will and check that the list follows.
import { brands, budgets, clients, orders, queryRows, vehicles } from "@taller/db";
import { createCallerFactory } from "@taller/trpc";
import { allPages, useSeededApp } from "@taller/trpc/testing";
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ordersRouter } from "../src";
import { countsDrift, lastBudgetDrift, searchTextDrift, vehicleStatesDrift } from "./consistency";

const createCaller = createCallerFactory(ordersRouter);
const app = useSeededApp();
const admin = async () => createCaller(await app.staff("admin@taller.demo"));
const db = () => app.db();

async function walk(input: Parameters<Awaited<ReturnType<typeof admin>>["list"]>[0]) {
  const caller = await admin();
  const pages = await allPages((cursor) => caller.list({ ...input, cursor }));
  return pages.flatMap((p) => p.orders);
}

describe("check-in ties", () => {
  it("pages by check-in time without gaps or repeats when many orders share an instant to the microsecond", async () => {
    // Thirty orders around a page boundary share one instant; a few differ by a single microsecond.
    await db().execute(sql`UPDATE orders SET check_in_time = '2025-06-01 12:00:00.123456+00'
                           WHERE company_id = ${app.fx().demo.companyId} AND correlative_id BETWEEN 40 AND 70`);
    await db().execute(sql`UPDATE orders SET check_in_time = '2025-06-01 12:00:00.123457+00'
                           WHERE company_id = ${app.fx().demo.companyId} AND correlative_id IN (45, 52, 66)`);
    for (const direction of ["desc", "asc"] as const) {
      const expected = await queryRows<{ correlative_id: number }>(
        db(),
        sql`SELECT correlative_id FROM orders WHERE company_id = ${app.fx().demo.companyId}
            ORDER BY check_in_time ${sql.raw(direction)}, correlative_id ${sql.raw(direction)}`,
      );
      const listed = await walk({ sort: "check_in_time", sort_direction: direction });
      expect(listed.map((o) => o.correlative_id)).toEqual(expected.map((r) => r.correlative_id));
    }
  });
});

describe("derived columns follow their sources", () => {
  const [draft, sent] = [() => app.fx().demo.statusIds.Budget[0]!, () => app.fx().demo.statusIds.Budget[1]!];

  it("points an order at its latest budget as budgets are added, changed and removed", async () => {
    const [order] = await db()
      .select({ id: orders.id, correlativeId: orders.correlativeId })
      .from(orders)
      .where(and(eq(orders.companyId, app.fx().demo.companyId), isNull(orders.lastBudgetId)))
      .limit(1);
    const caller = await admin();
    const lastBudget = async () => (await caller.get({ id: order!.id })).last_budget;
    const inFilter = async (budgetStatus: number) =>
      (await walk({ budget_status_id: [budgetStatus] })).some((o) => o.id === order!.id);
    expect(await inFilter(-1)).toBe(true);

    const [first] = await db()
      .insert(budgets)
      .values({ companyId: app.fx().demo.companyId, orderId: order!.id, statusId: draft(), correlativeId: 9001 })
      .returning({ id: budgets.id });
    expect(await lastBudget()).toMatchObject({ id: first!.id, status: { id: draft() } });
    expect(await inFilter(draft())).toBe(true);
    expect(await inFilter(-1)).toBe(false);

    await db().update(budgets).set({ statusId: sent() }).where(eq(budgets.id, first!.id));
    expect(await lastBudget()).toMatchObject({ id: first!.id, status: { id: sent() } });

    const [second] = await db()
      .insert(budgets)
      .values({ companyId: app.fx().demo.companyId, orderId: order!.id, statusId: draft(), correlativeId: 9002 })
      .returning({ id: budgets.id });
    expect((await lastBudget())?.id).toBe(second!.id);

    await db().delete(budgets).where(eq(budgets.id, second!.id));
    expect((await lastBudget())?.id).toBe(first!.id);
    await db().delete(budgets).where(eq(budgets.id, first!.id));
    expect(await lastBudget()).toBeNull();
    expect(await inFilter(-1)).toBe(true);
    expect(await countsDrift(db())).toEqual([]);
    expect(await lastBudgetDrift(db())).toEqual([]);
  });

  it("re-indexes the search text when a client, a vehicle or a brand changes", async () => {
    const [order] = await db()
      .select({ id: orders.id, clientId: orders.clientId, vehicleId: orders.vehicleId })
      .from(orders)
      .where(
        and(eq(orders.companyId, app.fx().demo.companyId), isNotNull(orders.clientId), isNotNull(orders.vehicleId)),
      )
      .limit(1);
    const found = async (search: string) => (await walk({ search })).some((o) => o.id === order!.id);

    await db().update(clients).set({ name: "Zoila Ñúñez Quintupray" }).where(eq(clients.id, order!.clientId!));
    expect(await found("zoila nunez")).toBe(true);

    await db().update(vehicles).set({ identifier: "QQZZ99" }).where(eq(vehicles.id, order!.vehicleId!));
    expect(await found("qqzz99")).toBe(true);
    const [vehicle] = await db()
      .select({ searchText: vehicles.searchText, brandId: vehicles.brandId })
      .from(vehicles)
      .where(eq(vehicles.id, order!.vehicleId!));
    expect(vehicle!.searchText).toContain("QQZZ99");

    await db().update(brands).set({ name: "Marca Renombrada" }).where(eq(brands.id, vehicle!.brandId!));
    expect(await found("marca renombrada")).toBe(true);
    expect(await searchTextDrift(db())).toEqual([]);
  });

  it("keeps the counts per status right through status changes and deletions", async () => {
    const caller = await admin();
    const [first, second] = app.fx().demo.statusIds.Order;
    const before = (await caller.totalsByStatus()).by_status;
    const countOf = (totals: typeof before, status: number) => totals.find((t) => t.status_id === status)!.count;
    const moved = await db()
      .update(orders)
      .set({ statusId: second! })
      .where(and(eq(orders.companyId, app.fx().demo.companyId), eq(orders.statusId, first!)))
      .returning({ id: orders.id });
    const after = (await caller.totalsByStatus()).by_status;
    expect(countOf(after, first!)).toBe(0);
    expect(countOf(after, second!)).toBe(countOf(before, second!) + moved.length);

    await db().delete(orders).where(eq(orders.id, moved[0]!.id));
    expect(countOf((await caller.totalsByStatus()).by_status, second!)).toBe(countOf(after, second!) - 1);
    expect((await caller.list({})).total).toBe(app.fx().demo.orderIds.length - 1);
    expect(await countsDrift(db())).toEqual([]);

    // A change of location moves the order between the location's counts.
    const [elsewhere] = app.fx().demo.locationIds.slice(-1);
    await db().update(orders).set({ locationId: elsewhere! }).where(eq(orders.id, moved[1]!.id));
    await db().update(orders).set({ locationId: null }).where(eq(orders.id, moved[2]!.id));
    expect(await countsDrift(db())).toEqual([]);
  });

  it("keeps each vehicle's state through statements that touch many vehicles at once", async () => {
    const c = app.fx().demo.companyId;
    // Every order moves to the company's next vehicle in one statement (refresh_vehicle_states gets every vehicle).
    await db().execute(sql`UPDATE orders o SET vehicle_id = n.next
                           FROM (SELECT id, coalesce(lead(id) OVER (ORDER BY id), min(id) OVER ()) AS next
                                 FROM vehicles WHERE company_id = ${c}) n
                           WHERE o.company_id = ${c} AND o.vehicle_id = n.id`);
    expect(await vehicleStatesDrift(db())).toEqual([]);
    // The commonest status becomes finish (closing its orders), then open again.
    const toggle = sql`UPDATE statuses SET finish = NOT finish WHERE company_id = ${c} AND id = (
                         SELECT status_id FROM orders WHERE company_id = ${c} GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1)`;
    await db().execute(toggle);
    expect(await vehicleStatesDrift(db())).toEqual([]);
    await db().execute(toggle);
    // Bookings for a few vehicles in one statement, then some of them gone.
    await db().execute(sql`INSERT INTO bookings (company_id, vehicle_id, booking_date, booking_time)
                           SELECT ${c}, id, current_date + (id % 5), '10:00'
                           FROM (SELECT id FROM vehicles WHERE company_id = ${c} ORDER BY id LIMIT 6) v`);
    expect(await vehicleStatesDrift(db())).toEqual([]);
    // Some cancelled in one statement, then one of them back (the state follows cancelled_at both ways).
    await db().execute(sql`UPDATE bookings SET cancelled_at = now(), cancel_reason = 'Prueba'
                           WHERE company_id = ${c} AND booking_date >= current_date AND id % 3 <> 0`);
    expect(await vehicleStatesDrift(db())).toEqual([]);
    await db().execute(sql`UPDATE bookings SET cancelled_at = NULL, cancel_reason = NULL
                           WHERE id = (SELECT min(id) FROM bookings WHERE company_id = ${c} AND cancelled_at IS NOT NULL)`);
    expect(await vehicleStatesDrift(db())).toEqual([]);
    await db().execute(sql`DELETE FROM bookings WHERE company_id = ${c} AND vehicle_id % 2 = 0`);
    expect(await vehicleStatesDrift(db())).toEqual([]);
  });
});
