// `pnpm bench:search [--url URL] [--orders N]`: what one company's search reads on a database shared with a bigger
// one. Seeds (unless URL already holds them) "Taller Escala" with N orders (default 1,000,000), 200,000 CRM
// managements and 200,000 payment requests, and a small company with a fiftieth of each; then prints, for the small
// and the big company, EXPLAIN (ANALYZE, BUFFERS) of every searchable table's search condition (the one the lists
// put in their WHERE): the index scan's rows and buffers, and the plan's time. The baseline of each line is the big
// company's own search in the same run: a small company's search should cost a fraction of it, not as much.
// Without --url the database is created on TEST_DATABASE_URL / DATABASE_URL's server and dropped at the end.
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { BENCH_SERVER_URL, withBenchDatabase } from "../bench-database";
import { searchCondition, searchTerm } from "../search";
import { seedDemo, seedScale, seedScaleCrm, seedScalePayments, SCALE_COMPANY } from "../seed";
import { queryRows } from "../sql";

const { values: args } = parseArgs({
  options: { url: { type: "string" }, orders: { type: "string", default: "1000000" } },
});
const ORDERS = Number(args.orders);
const SMALL = { name: "Taller Chico", domain: "chico.demo" };
/** Every table a list searches through `search_text` and its trigram index. */
const TABLES = ["orders", "vehicles", "clients", "budgets", "payment_requests", "crms", "chats"] as const;
/** A common surname (the list's contains-search) and one letter (a word's start). */
const TERMS = ["LÓPEZ", "A"];

const serverUrl = BENCH_SERVER_URL;
const log = (m: string) => console.log(m);
await withBenchDatabase({ kind: "search", url: args.url, serverUrl }, async (database) => {
  const db = database.db;
  const companyOf = async (domain: string) =>
    (await queryRows<{ id: number }>(db, sql`SELECT id FROM companies WHERE domain = ${domain}`))[0]?.id;
  if ((await companyOf(SCALE_COMPANY.domain)) === undefined) {
    await seedDemo(db);
    // The small company first, as a workshop that joined early: its rows are not at the tables' end.
    for (const [company, orders] of [
      [SMALL, Math.round(ORDERS / 50)],
      [SCALE_COMPANY, ORDERS],
    ] as const) {
      const started = Date.now();
      const { companyId } = await seedScale(db, { ...company, orders, log: (m) => log(`  ${m}`) });
      await seedScaleCrm(db, { companyId, count: Math.round(orders / 5) });
      await seedScalePayments(db, { companyId, count: Math.round(orders / 5) });
      log(`${company.name}: seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
    await db.execute(sql`VACUUM ANALYZE`);
  }
  const companies = [];
  for (const { name, domain } of [SMALL, SCALE_COMPANY]) {
    const id = await companyOf(domain);
    if (id === undefined) throw new Error(`no ${name} in the database: seed it or drop it`);
    companies.push({ name, id });
  }
  const indexes = await queryRows<{ indexname: string; indexdef: string }>(
    db,
    sql`SELECT indexname, indexdef FROM pg_indexes WHERE indexname LIKE '%\_search\_idx' ORDER BY indexname`,
  );
  for (const index of indexes) log(index.indexdef);
  log("table | term | company | company rows | matches | index scan buffers | plan buffers | ms | × big company");
  for (const table of TABLES) {
    for (const term of TERMS) {
      const measured = [];
      for (const company of companies) {
        const where = sql`t.company_id = ${company.id} AND ${searchCondition(searchTerm(term), "t.")}`;
        const [counted] = await queryRows<{ total: number }>(
          db,
          sql`SELECT count(*)::int AS total FROM ${sql.raw(table)} WHERE company_id = ${company.id}`,
        );
        const total = counted?.total ?? 0;
        const [row] = await queryRows<{ "QUERY PLAN": [{ Plan: PlanNode; "Execution Time": number }] }>(
          db,
          sql`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) SELECT t.id FROM ${sql.raw(table)} t WHERE ${where}`,
        );
        const plan = row?.["QUERY PLAN"][0];
        if (!plan) throw new Error(`no plan for ${table}`);
        const index = findIndexScan(plan.Plan);
        measured.push({ company, total, plan, index });
      }
      const bigBuffers = Math.max(1, buffers(measured[1]?.plan.Plan));
      for (const { company, total, plan, index } of measured) {
        log(
          [
            table,
            term,
            company.name,
            total,
            plan.Plan["Actual Rows"],
            index
              ? `${buffers(index)} (${index["Index Name"] ?? index["Node Type"]})`
              : `none: ${plan.Plan["Node Type"]}`,
            buffers(plan.Plan),
            plan["Execution Time"].toFixed(2),
            (buffers(plan.Plan) / bigBuffers).toFixed(3),
          ].join(" | "),
        );
      }
    }
  }
});

interface PlanNode {
  "Node Type": string;
  "Index Name"?: string;
  "Actual Rows": number;
  "Shared Hit Blocks"?: number;
  "Shared Read Blocks"?: number;
  Plans?: PlanNode[];
}

/** Shared buffers a plan node read (hit in the cache or read in). */
function buffers(node: PlanNode | undefined): number {
  return node ? (node["Shared Hit Blocks"] ?? 0) + (node["Shared Read Blocks"] ?? 0) : 0;
}

/** The plan's index scan (bitmap or plain): where a search reads its index entries. */
function findIndexScan(node: PlanNode): PlanNode | undefined {
  if (node["Index Name"]) return node;
  for (const child of node.Plans ?? []) {
    const found = findIndexScan(child);
    if (found) return found;
  }
  return undefined;
}
