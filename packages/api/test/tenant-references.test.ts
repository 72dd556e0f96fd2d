// Tenant-bound references (docs/data.md): the database itself refuses a row that points at another company's row,
// whatever the code writing it does. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { bookings, clients, orders, queryRows, vehicles } from "@taller/db";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useSeededApp } from "./setup";

const app = useSeededApp();

/** The PostgreSQL error behind a failed query (drizzle wraps it): its SQLSTATE and constraint name. */
function pgError(error: unknown): { code?: string; constraint?: string } {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const found = e as { code?: unknown; constraint_name?: string; constraint?: string };
    // postgres.js names it constraint_name, PGlite constraint.
    if (typeof found.code === "string" && /^[0-9A-Z]{5}$/.test(found.code))
      return { code: found.code, constraint: found.constraint_name ?? found.constraint };
  }
  return {};
}

async function rejection(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    return pgError(error);
  }
  throw new Error("the write was accepted");
}

describe("tenant-bound references", () => {
  /** An order of Taller Demo whose every reference is Taller Demo's own. */
  const demoOrder = (correlativeId: number) => {
    const { demo } = app.fx();
    return {
      companyId: demo.companyId,
      correlativeId,
      statusId: demo.statusIds.Order[0]!,
      requirementId: demo.requirementIds[0]!,
      clientId: demo.clientIds[0]!,
      vehicleId: demo.vehicleIds[0]!,
      locationId: demo.locationIds[0]!,
      userId: demo.userIds["admin@taller.demo"]!,
      assigneeId: demo.userIds["tecnico@taller.demo"]!,
    };
  };

  it("stores an order whose references are all of its own company", async () => {
    const [row] = await app.db().insert(orders).values(demoOrder(90_001)).returning({ id: orders.id });
    expect(row?.id).toBeGreaterThan(0);
  });

  it.each([
    ["vehicleId", "orders_vehicle_id_tenant_fk", () => app.fx().other.vehicleIds[0]!],
    ["clientId", "orders_client_id_tenant_fk", () => app.fx().other.clientIds[0]!],
    ["statusId", "orders_status_id_tenant_fk", () => app.fx().other.statusIds.Order[0]!],
    ["locationId", "orders_location_id_tenant_fk", () => app.fx().other.locationIds[0]!],
    ["userId", "orders_user_id_tenant_fk", () => app.fx().other.userIds["admin@otro.demo"]!],
    ["assigneeId", "orders_assignee_id_tenant_fk", () => app.fx().other.userIds["admin@otro.demo"]!],
    ["requirementId", "orders_requirement_id_tenant_fk", () => app.fx().other.requirementIds[0]!],
  ] as const)("refuses an order whose %s belongs to another company (%s)", async (field, constraint, foreignId) => {
    const values = { ...demoOrder(90_100), [field]: foreignId() };
    expect(await rejection(() => app.db().insert(orders).values(values))).toEqual({ code: "23503", constraint });
  });

  it("refuses moving an existing row's reference to another company's row", async () => {
    const { demo, other } = app.fx();
    const result = await rejection(() =>
      app.db().update(vehicles).set({ clientId: other.clientIds[0]! }).where(eq(vehicles.id, demo.vehicleIds[1]!)),
    );
    expect(result).toEqual({ code: "23503", constraint: "vehicles_client_id_tenant_fk" });
  });

  it("deleting a referenced row empties only the reference, never company_id", async () => {
    const { demo } = app.fx();
    const [client] = await app
      .db()
      .insert(clients)
      .values({ companyId: demo.companyId, name: "Cliente Borrable" })
      .returning();
    const [vehicle] = await app
      .db()
      .insert(vehicles)
      .values({ companyId: demo.companyId, clientId: client!.id, identifier: "ZZZZ99" })
      .returning();
    await app
      .db()
      .insert(orders)
      .values({ ...demoOrder(90_200), clientId: client!.id, vehicleId: vehicle!.id });
    await app
      .db()
      .insert(bookings)
      .values({ companyId: demo.companyId, clientId: client!.id, bookingDate: "2030-01-02", bookingTime: "10:00" });

    await app.db().delete(clients).where(eq(clients.id, client!.id));

    const [order] = await app
      .db()
      .select()
      .from(orders)
      .where(and(eq(orders.companyId, demo.companyId), eq(orders.correlativeId, 90_200)));
    expect(order).toMatchObject({ companyId: demo.companyId, clientId: null, vehicleId: vehicle!.id });
    const [kept] = await app.db().select().from(vehicles).where(eq(vehicles.id, vehicle!.id));
    expect(kept).toMatchObject({ companyId: demo.companyId, clientId: null });
  });

  it("every foreign key to a tenant-owned table is composite on company_id, and set null empties only the reference", async () => {
    // A foreign key to a table with company_id, listed as referencing table -> referenced table, with its columns
    // on both sides and, for ON DELETE SET NULL, the columns it empties.
    const keys = await queryRows<{
      name: string;
      from: string;
      to: string;
      cols: string[];
      refcols: string[];
      delete: string;
      nulls: string[] | null;
    }>(
      app.db(),
      sql`SELECT c.conname AS name, c.conrelid::regclass::text AS "from", c.confrelid::regclass::text AS "to",
                 array(SELECT attname::text FROM unnest(c.conkey) WITH ORDINALITY k(n, i)
                       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY i) AS cols,
                 array(SELECT attname::text FROM unnest(c.confkey) WITH ORDINALITY k(n, i)
                       JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY i) AS refcols,
                 c.confdeltype::text AS delete,
                 CASE WHEN c.confdelsetcols IS NULL THEN NULL ELSE
                   array(SELECT attname::text FROM unnest(c.confdelsetcols) k(n)
                         JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n) END AS nulls
          FROM pg_constraint c
          WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace
            AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.confrelid AND a.attname = 'company_id' AND NOT a.attisdropped)
          ORDER BY 1`,
    );
    // Tables without company_id whose rows are wholly their parent's (justified in db/src/schema/access.ts).
    const ownedByParent = new Set(["role_permissions->roles", "sessions->users"]);
    const offenders = keys
      .filter((k) => !ownedByParent.has(`${k.from}->${k.to}`))
      // Usually (company_id, id); a stock movement names its balance by (company_id, product_id, warehouse_id).
      .filter((k) => k.cols[0] !== "company_id" || k.refcols[0] !== "company_id" || k.refcols.length < 2);
    expect(offenders.map((k) => k.name)).toEqual([]);
    // confdeltype 'n' is SET NULL: with a composite key it must name its columns, and never company_id.
    const setNull = keys.filter((k) => k.delete === "n");
    expect(setNull.length).toBeGreaterThan(10);
    expect(
      setNull.filter((k) => !k.nulls || k.nulls.length !== 1 || k.nulls[0] === "company_id").map((k) => k.name),
    ).toEqual([]);
    expect(keys.map((k) => k.name)).toContain("orders_vehicle_id_tenant_fk");
  });
});
