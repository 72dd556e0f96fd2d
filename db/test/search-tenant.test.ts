// A search reads one company's index entries only: the searchable tables' trigram indexes lead with company_id
// (btree_gin, migration tenant_search_indexes), so the index scan answers the company's matches and no other
// tenant's rows reach the heap. Checked on PGlite (which must load btree_gin) and, with TEST_DATABASE_URL, PostgreSQL.
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { migrateDatabase, type Database } from "../src/client";
import { drivers } from "./drivers";
import { searchCondition, searchTerm } from "../src/search";
import { queryRows } from "../src/sql";

/** Each company's rows; every one holds the searched surname, and every tenth a word starting with 'A'. */
const ROWS = 1000;

describe.each(drivers)("a company's search on %s", (name, open, skip) => {
  let database: Database | undefined;
  afterAll(() => database?.close());

  it.skipIf(skip)("reads only the company's entries from the trigram index", async () => {
    database = await open();
    const db = database.db;
    await queryRows(db, sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRows(db, sql`CREATE EXTENSION IF NOT EXISTS btree_gin`);
    await queryRows(
      db,
      sql`CREATE TEMP TABLE tenant_words AS
          SELECT c AS company_id, 'CLIENTE ' || i || ' LOPEZ' || CASE WHEN i % 10 = 0 THEN ' ARAYA' ELSE '' END AS search_text
          FROM generate_series(1, 3) c, generate_series(1, ${ROWS}) i`,
    );
    await queryRows(db, sql`CREATE INDEX ON tenant_words USING gin (company_id, search_text gin_trgm_ops)`);
    await queryRows(db, sql`ANALYZE tenant_words`);
    await queryRows(db, sql`SET enable_seqscan = off`);
    for (const [term, matches] of [
      ["LÓPEZ", ROWS],
      ["A", ROWS / 10],
    ] as const) {
      const plan = await queryRows<{ "QUERY PLAN": string }>(
        db,
        sql`EXPLAIN ANALYZE SELECT * FROM tenant_words t
            WHERE t.company_id = 2 AND ${searchCondition(searchTerm(term), "t.")}`,
      );
      const text = plan.map((r) => r["QUERY PLAN"]).join("\n");
      expect(text, `${name} ${term}`).toMatch(
        new RegExp(`Bitmap Index Scan on tenant_words_company_id_search_text_idx .*rows=${matches} `),
      );
      expect(text).toMatch(/Index Cond: .*company_id = 2/);
      expect(text).not.toContain("Rows Removed");
    }
    await queryRows(db, sql`RESET enable_seqscan`);
  });

  it.skipIf(skip || name !== "PGlite")("every searchable table's trigram index leads with company_id", async () => {
    database ??= await open();
    await migrateDatabase(database);
    const rows = await queryRows<{ tablename: string; indexdef: string }>(
      database.db,
      sql`SELECT tablename, indexdef FROM pg_indexes
          WHERE schemaname = 'public' AND indexdef LIKE '%gin_trgm_ops%' ORDER BY tablename`,
    );
    expect(rows.map((r) => r.tablename)).toEqual([
      "budgets",
      "chats",
      "clients",
      "crms",
      "invoices",
      "orders",
      "payment_requests",
      "products",
      "vehicles",
    ]);
    for (const row of rows) expect(row.indexdef).toMatch(/USING gin \(company_id, search_text gin_trgm_ops\)$/);
  });
});
