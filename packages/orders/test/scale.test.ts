// The scale generator (db/src/seed/scale.ts) and the search folding it relies on, against a real database.
import { isValidRut } from "@taller/core";
import { bookings, budgets, clients, orders, queryRows, searchFold, users, vehicles, verifyPassword } from "@taller/db";
import { DEMO_PASSWORD, seedScale } from "@taller/db/seed";
import { createTestDatabase, type TestDatabase } from "@taller/testing";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { countsDrift, lastBudgetDrift, searchTextDrift, vehicleStatesDrift } from "./consistency";

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
  return () => tdb.drop();
});
const db = () => tdb.database.db;

describe("scale generator", () => {
  it("creates Taller Escala with its users and fills it with orders and proportional clients, vehicles, budgets and bookings", async () => {
    const result = await seedScale(db(), { orders: 2000 });
    expect(result).toMatchObject({
      created: true,
      added: { orders: 2000, clients: 200, vehicles: 500, budgets: 1000, bookings: 25 },
    });
    const count = async (table: typeof orders | typeof clients | typeof vehicles | typeof budgets | typeof bookings) =>
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(table)
          .where(eq(table.companyId, result.companyId))
      )[0]!.n;
    expect([
      await count(orders),
      await count(clients),
      await count(vehicles),
      await count(budgets),
      await count(bookings),
    ]).toEqual([2000, 200, 500, 1000, 25]);
    const [admin] = await db().select().from(users).where(eq(users.email, "admin@escala.demo"));
    expect(admin!.companyId).toBe(result.companyId);
    expect(await verifyPassword(admin!.passwordHash, DEMO_PASSWORD)).toBe(true);
  });

  it("writes realistic values: valid RUTs, Chilean plates, check-ins over the years in correlative order", async () => {
    const ruts = await db().select({ rut: clients.rut }).from(clients);
    expect(ruts.every((c) => isValidRut(c.rut!) && /^\d{1,2}\.\d{3}\.\d{3}-[\dK]$/.test(c.rut!))).toBe(true);
    const plates = await db().select({ identifier: vehicles.identifier }).from(vehicles);
    expect(plates.every((p) => /^(?:[BCDFGHJKLPRSTV-Z]{4}\d{2}|[A-Z]{2}\d{4})$/.test(p.identifier))).toBe(true);
    const [span] = await queryRows<{
      years: number;
      correlatives: number;
      open_recent: number;
      open: number;
      out_of_order: number;
    }>(
      db(),
      sql`SELECT (extract(epoch from max(check_in_time) - min(check_in_time)) / (365 * 86400))::float8 AS years,
                 (SELECT count(*)::int FROM (SELECT check_in_time < lag(check_in_time) OVER (ORDER BY correlative_id) - interval '8 hours' AS back
                                              FROM orders) t WHERE back) AS out_of_order,
                 count(DISTINCT correlative_id)::int AS correlatives,
                 count(*) FILTER (WHERE NOT s.finish AND check_in_time > now() - interval '31 days')::int AS open_recent,
                 count(*) FILTER (WHERE NOT s.finish)::int AS open
          FROM orders o JOIN statuses s ON s.id = o.status_id`,
    );
    expect(span!.years).toBeGreaterThan(4.9);
    expect(span!.correlatives).toBe(2000);
    expect(span!.out_of_order).toBe(0);
    expect(span!.open).toBeGreaterThanOrEqual(span!.open_recent);
    expect(span!.open_recent).toBeGreaterThan(0);
  });

  it("gives every order a status history that starts at its check-in and ends in its status", async () => {
    const [drift] = await queryRows<{ orders: number; without: number; wrong_last: number; wrong_first: number }>(
      db(),
      sql`SELECT count(*)::int AS orders,
                 count(*) FILTER (WHERE l.first_at IS NULL)::int AS without,
                 count(*) FILTER (WHERE l.last_status <> o.status_id)::int AS wrong_last,
                 count(*) FILTER (WHERE l.first_at <> o.check_in_time)::int AS wrong_first
          FROM orders o
          LEFT JOIN LATERAL (SELECT min(created_at) AS first_at,
                                    (array_agg(status_id ORDER BY created_at DESC, id DESC))[1] AS last_status
                             FROM order_status_logs WHERE order_id = o.id) l ON true`,
    );
    expect(drift).toEqual({ orders: 2000, without: 0, wrong_last: 0, wrong_first: 0 });
  });

  it("leaves the derived columns as the triggers would have: search text, latest budget, counts, vehicle states", async () => {
    expect(await countsDrift(db())).toEqual([]);
    expect(await vehicleStatesDrift(db())).toEqual([]);
    expect(await lastBudgetDrift(db())).toEqual([]);
    expect(await searchTextDrift(db())).toEqual([]);
    const [sample] = await db()
      .select({ searchText: orders.searchText, correlative: orders.correlativeId })
      .from(orders)
      .limit(1);
    expect(sample!.searchText.startsWith(`#${sample!.correlative} `)).toBe(true);
  });

  it("tops a company up to the requested number, continuing its numbering", async () => {
    expect((await seedScale(db(), { orders: 2500 })).added).toMatchObject({ orders: 500, clients: 50, vehicles: 125 });
    expect((await seedScale(db(), { orders: 2500 })).added.orders).toBe(0);
    const [row] = await queryRows<{ max: number; n: number }>(
      db(),
      sql`SELECT max(correlative_id) AS max, count(*)::int AS n FROM orders`,
    );
    expect(row).toEqual({ max: 2500, n: 2500 });
    expect(await countsDrift(db())).toEqual([]);
    expect(await searchTextDrift(db())).toEqual([]);
    expect(await vehicleStatesDrift(db())).toEqual([]);
    const triggers = await queryRows<{ tgname: string; tgenabled: string }>(
      db(),
      sql`SELECT tgname, tgenabled FROM pg_trigger
          WHERE tgname IN ('orders_search_text', 'vehicles_search_text', 'orders_vehicle_states_insert', 'bookings_vehicle_states_insert')`,
    );
    expect(triggers.map((t) => t.tgenabled)).toEqual(["O", "O", "O", "O"]);
    const indexes = await queryRows<{ indexname: string }>(
      db(),
      sql`SELECT indexname FROM pg_indexes WHERE tablename IN ('orders', 'vehicles') AND indexdef LIKE '%gin_trgm_ops%' ORDER BY 1`,
    );
    expect(indexes.map((i) => i.indexname)).toEqual(["orders_search_idx", "vehicles_search_idx"]);
  });
});

describe("search_fold() in SQL", () => {
  it("folds exactly as searchFold does in the app", async () => {
    for (const text of [
      "José Ñúñez-Güemes",
      "ÁÉÍÓÚÜÑ áéíóúüñ",
      "ç ß #208 Peugeot 2008",
      "abcdefghijklmnopqrstuvwxyz",
      "12.345.678-k",
    ]) {
      const [row] = await queryRows<{ folded: string }>(db(), sql`SELECT search_fold(${text}) AS folded`);
      expect(row!.folded, text).toBe(searchFold(text));
    }
  });
});
