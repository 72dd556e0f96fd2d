// `pnpm bench:triggers [--writes N]`: what the statement triggers that keep the dashboard's aggregates and the
// per-group counts cost a one-row write (migration 0065_statement_triggers_static). A new database on
// TEST_DATABASE_URL / DATABASE_URL's server (dropped at the end) gets the demo data; then, in alternating blocks,
// N one-row updates that change what is counted (an order's promised date: analytics; a client's rating: counts)
// with the triggers as they are, and with the generic functions they replaced as the baseline (built each statement
// as text and ran it with EXECUTE, re-created here from their migrations' text). Each write's time is the server's
// own (EXPLAIN ANALYZE's execution time, the triggers included), so the network's does not blur it; medians.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { BENCH_SERVER_URL, withBenchDatabase } from "../bench-database";
import { MIGRATIONS_DIR, type Db } from "../client";
import { seedDemo } from "../seed";
import { queryRows } from "../sql";

const { values: args } = parseArgs({ options: { writes: { type: "string", default: "300" } } });
const WRITES = Number(args.writes);
const BLOCKS = 4;
const serverUrl = BENCH_SERVER_URL;

/** A `CREATE FUNCTION name()` statement as its migration wrote it (up to the next statement breakpoint). */
function functionFromMigration(file: string, name: string): string {
  const text = readFileSync(join(MIGRATIONS_DIR, file), "utf8");
  const start = text.indexOf(`CREATE FUNCTION ${name}()`);
  if (start < 0) throw new Error(`${file} has no function ${name}`);
  return text.slice(start, text.indexOf("--> statement-breakpoint", start));
}

/** Each write, and the triggers to point at the generic function (with its arguments) or at the table's own. */
const WRITES_MEASURED = [
  {
    // A promised date set or taken away: the order's 'promised' (and 'on time') facts change at every write.
    name: "order's promised date, one row (analytics)",
    update: (id: number) =>
      `UPDATE orders SET finish_date = CASE WHEN finish_date IS NULL THEN current_date ELSE NULL END WHERE id = ${id}`,
    table: "orders",
    triggers: ["orders_analytics_insert", "orders_analytics_update", "orders_analytics_delete"],
    generic: "analytics_count('analytics_order_facts')",
    own: "analytics_count_orders()",
  },
  {
    name: "client's rating, one row (counts)",
    update: (id: number) => `UPDATE clients SET rating = CASE WHEN rating = 1 THEN 0 ELSE 1 END WHERE id = ${id}`,
    table: "clients",
    triggers: ["clients_counted_insert", "clients_counted_update", "clients_counted_delete"],
    generic: "count_per_group('client_rating_counts', 'rating')",
    own: "count_per_group_clients()",
  },
];

/**
 * Points the triggers named at `call` (a function call), each as it is defined otherwise (events, transition tables),
 * as migration 0065 re-pointed them.
 */
async function pointTriggers(db: Db, names: string[], call: string) {
  const triggers = await queryRows<{ def: string }>(
    db,
    sql`SELECT pg_get_triggerdef(oid) AS def FROM pg_trigger
        WHERE tgname IN (${sql.join(
          names.map((name) => sql`${name}`),
          sql`, `,
        )})`,
  );
  if (triggers.length !== names.length) throw new Error(`triggers missing among ${names.join(", ")}`);
  for (const { def } of triggers)
    await db.execute(
      sql.raw(
        def
          .replace("CREATE TRIGGER", "CREATE OR REPLACE TRIGGER")
          .replace(/EXECUTE FUNCTION .*$/, `EXECUTE FUNCTION ${call}`),
      ),
    );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

await withBenchDatabase({ kind: "triggers", serverUrl }, async (database) => {
  const db = database.db;
  await seedDemo(db);
  await db.execute(sql.raw(functionFromMigration("0050_analytics.sql", "analytics_count")));
  await db.execute(sql.raw(functionFromMigration("0025_crm_scale.sql", "count_per_group")));
  const timing = { static: new Map<string, number[]>(), generic: new Map<string, number[]>() };
  for (let block = 0; block < BLOCKS; block++) {
    for (const kind of block % 2 === 0 ? (["static", "generic"] as const) : (["generic", "static"] as const)) {
      for (const write of WRITES_MEASURED) {
        const ids = await queryRows<{ id: number }>(
          db,
          sql.raw(`SELECT id FROM ${write.table} ORDER BY id LIMIT ${Math.min(WRITES, 100)}`),
        );
        await pointTriggers(db, write.triggers, kind === "static" ? write.own : write.generic);
        const times = timing[kind].get(write.name) ?? [];
        for (let n = 0; n < WRITES / BLOCKS; n++) {
          const plan = await queryRows<{ "QUERY PLAN": string }>(
            db,
            sql.raw(`EXPLAIN (ANALYZE, COSTS off) ${write.update(ids[n % ids.length]?.id ?? 0)}`),
          );
          const line = plan.map((row) => row["QUERY PLAN"]).find((l) => l.startsWith("Execution Time:"));
          times.push(Number.parseFloat((line ?? "").replace("Execution Time:", "")));
        }
        timing[kind].set(write.name, times);
      }
    }
  }
  for (const write of WRITES_MEASURED) {
    const own = median(timing.static.get(write.name) ?? []);
    const generic = median(timing.generic.get(write.name) ?? []);
    console.log(
      `[bench] ${write.name}: ${own.toFixed(3)} ms with the table's own trigger function against ` +
        `${generic.toFixed(3)} ms with the generic one (EXECUTE): ${(own / generic).toFixed(2)}x ` +
        `(medians of ${WRITES} writes each)`,
    );
  }
});
