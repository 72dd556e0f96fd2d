// A one- or two-character search matches the start of a word, through the trigram index every list's search_text
// has: checked on PGlite and (with TEST_DATABASE_URL) PostgreSQL, against the rule written out in TypeScript.
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "../src/client";
import { drivers } from "./drivers";
import { searchCondition, searchFold, searchTerm, wordStartPattern } from "../src/search";
import { queryRows } from "../src/sql";

/** The rule: some space-separated word, or that word without its leading '#'s, starts with the term. */
const startsAWord = (text: string, term: string) =>
  text.split(" ").some((w) => w.startsWith(term) || w.replace(/^#+/, "").startsWith(term));

const TEXTS = [
  "#123 BBCL12 TOYOTA COROLLA ANA PEREZ 12.345.678-5 123456785",
  "##45 C1@CORREO.CL",
  "X.Y A-B",
  "ÇA (1) 50% A_B \\Q °C",
  "",
  "NOSPACE",
];
const TERMS = [
  "°",
  "#",
  "#1",
  "1",
  "12",
  "4",
  "#4",
  "A",
  "AN",
  "CO",
  "C1",
  "@C",
  ".",
  ".C",
  "X.",
  "-B",
  "Ç",
  "(",
  "(1",
  "5",
  "%",
  "_",
  "\\",
  "\\Q",
  "Q",
  "NO",
  "S",
];

describe("wordStartPattern", () => {
  it("escapes ASCII punctuation, and lets a word's '#'s be left out", () => {
    expect(wordStartPattern("A")).toBe("(^| )#*A");
    expect(wordStartPattern("#1")).toBe("(^| )\\#1");
    expect(wordStartPattern(".*")).toBe("(^| )#*\\.\\*");
    expect(wordStartPattern("Ñ")).toBe("(^| )#*Ñ");
    // A backslash before a combining mark could be an invalid escape where the locale calls it alphanumeric.
    expect(wordStartPattern("\u093E°")).toBe("(^| )#*\u093E°");
  });
});

describe.each(drivers)("a word's start on %s", (_name, open, skip) => {
  let database: Database | undefined;
  afterAll(() => database?.close());

  it.skipIf(skip)("matches exactly the texts with a word starting with the term", async () => {
    database = await open();
    for (const term of TERMS) {
      const search = searchTerm(term);
      expect(search).toEqual({ kind: "prefix", prefix: searchFold(term) });
      const rows = await queryRows<{ text: string; hit: boolean }>(
        database.db,
        sql`SELECT search_text AS text, ${searchCondition(search)} AS hit FROM (VALUES ${sql.join(
          TEXTS.map((t) => sql`(${t})`),
          sql`, `,
        )}) AS t(search_text)`,
      );
      expect(rows.map((r) => [term, r.text, r.hit])).toEqual(TEXTS.map((t) => [term, t, startsAWord(t, term)]));
    }
  });

  it.skipIf(skip)("is served by the trigram index", async () => {
    database ??= await open();
    await queryRows(database.db, sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRows(
      database.db,
      sql`CREATE TEMP TABLE words AS SELECT 'CLIENTE ' || i || ' BN' || i AS search_text FROM generate_series(1, 2000) i`,
    );
    await queryRows(database.db, sql`CREATE INDEX ON words USING gin (search_text gin_trgm_ops)`);
    // Any plan reads 2,000 rows quickly: the question is whether the index can serve the condition at all.
    await queryRows(database.db, sql`SET enable_seqscan = off`);
    // "1" starts the words 1, 10-19, 100-199 and 1000-1999 (1,111 rows): read from the index's "  1" trigram, so
    // no other row is fetched and rechecked (a pattern pg_trgm could not read would fetch every row).
    const plan = await queryRows<{ "QUERY PLAN": string }>(
      database.db,
      sql`EXPLAIN ANALYZE SELECT * FROM words WHERE ${searchCondition(searchTerm("1"))}`,
    );
    const text = plan.map((r) => r["QUERY PLAN"]).join("\n");
    expect(text).toContain("Bitmap Index Scan on words_search_text_idx");
    expect(text).toMatch(/Bitmap Heap Scan on words .*rows=1111 /);
    expect(text).not.toContain("Rows Removed by Index Recheck");
  });
});
