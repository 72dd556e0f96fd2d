// Document numbering from the per-company counter rows (migration document_counters, next_correlative): numbers
// follow the counter, not the table (a deleted last document's number is not given again), a statement inserting
// many rows numbers them consecutively and leaves the counter at its highest, explicit numbers move the counter past
// them, two transactions numbering at once take turns (PostgreSQL only: PGlite has one connection), and a rolled-back
// number is given again.
import { queryRows } from "@taller/db";
import { useSeededApp } from "@taller/trpc/testing";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

const app = useSeededApp();
const company = () => app.fx().demo.companyId;

/** Inserts `n` budgets on one order of the demo in one statement, numbered by the trigger; answers their numbers. */
async function insertBudgets(n: number, db = app.db()): Promise<number[]> {
  const rows = await queryRows<{ correlative_id: number }>(
    db,
    sql`INSERT INTO budgets (company_id, order_id, status_id)
        SELECT ${company()}, o.id, s.id
        FROM generate_series(1, ${n}) AS i
        CROSS JOIN (SELECT id FROM orders WHERE company_id = ${company()} ORDER BY id LIMIT 1) o
        CROSS JOIN (SELECT id FROM statuses WHERE company_id = ${company()} AND type = 'Budget' ORDER BY position, id LIMIT 1) s
        RETURNING correlative_id`,
  );
  return rows.map((r) => r.correlative_id).sort((a, b) => a - b);
}

async function counter(kind: string): Promise<number | undefined> {
  const [row] = await queryRows<{ last_value: number }>(
    app.db(),
    sql`SELECT last_value FROM document_counters WHERE company_id = ${company()} AND kind = ${kind}`,
  );
  return row?.last_value;
}

const maxBudget = async () =>
  (
    await queryRows<{ n: number }>(
      app.db(),
      sql`SELECT coalesce(max(correlative_id), 0)::int AS n FROM budgets WHERE company_id = ${company()}`,
    )
  )[0]?.n ?? 0;

describe("numbering from counter rows", () => {
  it("starts from the numbers in use and numbers a many-row statement consecutively", async () => {
    const before = await maxBudget();
    expect(await counter("budgets")).toBe(before);
    const got = await insertBudgets(500);
    expect(got).toEqual(Array.from({ length: 500 }, (_, i) => before + 1 + i));
    expect(await counter("budgets")).toBe(before + 500);
  });

  it("never gives a number again, even after the last document is deleted", async () => {
    const [last] = await insertBudgets(1);
    await app.db().execute(sql`DELETE FROM budgets WHERE company_id = ${company()} AND correlative_id = ${last!}`);
    expect(await insertBudgets(1)).toEqual([last! + 1]);
  });

  it("moves the counter past a number inserted explicitly", async () => {
    const high = (await maxBudget()) + 1000;
    await app.db().execute(
      sql`INSERT INTO budgets (company_id, order_id, status_id, correlative_id)
          SELECT company_id, order_id, status_id, ${high} FROM budgets WHERE company_id = ${company()} LIMIT 1`,
    );
    expect(await counter("budgets")).toBe(high);
    expect(await insertBudgets(2)).toEqual([high + 1, high + 2]);
  });

  it("numbers orders, supplier documents per kind, managements and payment requests from their own counters", async () => {
    const n = await queryRows<{ orders: number; pricing: number; crms: number }>(
      app.db(),
      sql`SELECT next_correlative('orders', ${company()}) AS orders,
                 next_correlative('provider_actions', ${company()}, 'pricing') AS pricing,
                 next_correlative('crms', ${company()}) AS crms`,
    );
    const [{ orders = 0, pricing = 0, crms = 0 } = {}] = n;
    const max = async (table: string, extra = sql``) =>
      (
        await queryRows<{ n: number }>(
          app.db(),
          sql`SELECT coalesce(max(correlative_id), 0)::int AS n FROM ${sql.raw(table)} WHERE company_id = ${company()} ${extra}`,
        )
      )[0]?.n ?? 0;
    expect(orders).toBe((await max("orders")) + 1);
    expect(pricing).toBe((await max("provider_actions", sql`AND kind = 'pricing'`)) + 1);
    expect(crms).toBe((await max("crms")) + 1);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "two transactions numbering at once take turns; a rolled-back number is given again",
    async () => {
      const db = app.db();
      const waiting = () =>
        queryRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
      const before = await maxBudget();
      let releaseFirst!: () => void;
      const firstMayCommit = new Promise<void>((resolve) => (releaseFirst = resolve));
      let firstNumbered!: (n: number[]) => void;
      const firstNumbers = new Promise<number[]>((resolve) => (firstNumbered = resolve));
      const first = db.transaction(async (tx) => {
        firstNumbered(await insertBudgets(1, tx));
        await firstMayCommit;
      });
      expect(await firstNumbers).toEqual([before + 1]);
      const second = db.transaction(async (tx) => insertBudgets(1, tx));
      // The second waits on the counter row the first holds.
      await expect.poll(async () => (await waiting())[0]?.n).toBe(1);
      releaseFirst();
      await first;
      expect(await second).toEqual([before + 2]);

      // A rollback takes its number back: the next transaction gets it.
      await expect(
        db.transaction(async (tx) => {
          expect(await insertBudgets(1, tx)).toEqual([before + 3]);
          throw new Error("rollback");
        }),
      ).rejects.toThrow("rollback");
      expect(await insertBudgets(1)).toEqual([before + 3]);
    },
  );
});
