// The SQL search_fold() that composes every stored search text and the TypeScript searchFold() that folds a typed
// term give the same text, on PGlite and (with TEST_DATABASE_URL) PostgreSQL, ASCII-only or not. The function is
// the latest migration's, created in the session's temporary schema (the server's database is not migrated here).
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "../src/client";
import { searchFold } from "../src/search";
import { queryRows } from "../src/sql";
import { drivers } from "./drivers";

const definition = readFileSync(new URL("../migrations/0032_search_fold_fast.sql", import.meta.url), "utf8")
  .replace(/^--.*$/gm, "")
  .replace("FUNCTION search_fold(", "FUNCTION pg_temp.search_fold(");

const TEXTS = [
  "",
  "abc xyz ABC XYZ 09 #12 @.-_%",
  "José Ñúñez-Güemes 12.345.678-k",
  "ÁÉÍÓÚÜÑ áéíóúüñ",
  "ç ß ÿ à è ô Ç ÀÈ",
  "only ñ at the end: añ",
  "Ñ",
  "émoji 🚗 ok",
  "Μαρία ΣΊΣΥΦΟΣ",
];

describe.each(drivers)("search_fold() on %s", (_name, open, skip) => {
  let database: Database | undefined;
  afterAll(() => database?.close());

  it.skipIf(skip)("is the app's searchFold()", async () => {
    database = await open();
    await queryRows(database.db, sql.raw(definition));
    const rows = await queryRows<{ folded: string }>(
      database.db,
      sql`SELECT pg_temp.search_fold(t) AS folded FROM (VALUES ${sql.join(
        TEXTS.map((t, i) => sql`(${i}::int, ${t}::text)`),
        sql`, `,
      )}) AS x(n, t) ORDER BY n`,
    );
    expect(rows.map((r) => r.folded)).toEqual(TEXTS.map(searchFold));
    expect(searchFold("ç ß ÿ à è ô Ç ÀÈ")).toBe("ç ß ÿ à è ô Ç ÀÈ");
  });
});
