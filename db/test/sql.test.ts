// queryRows runs raw SQL through drizzle's session, an internal (`db._.session.prepareQuery`): drizzle's public API
// prepares only query-builder statements. drizzle-orm is pinned to an exact version for that; this test fails
// first when an upgrade changes the internal's shape or behaviour, on PGlite and (with TEST_DATABASE_URL) PostgreSQL.
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createDatabase, type Database } from "../src/client";
import { intArray, queryRows } from "../src/sql";

const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
const drivers: [string, () => Promise<Database>][] = [
  ["PGlite", () => createDatabase({ dataDir: "memory://" })],
  [
    serverUrl ? "PostgreSQL" : "PostgreSQL (needs PostgreSQL: set TEST_DATABASE_URL)",
    () => createDatabase({ url: serverUrl, max: 1 }),
  ],
];

describe.each(drivers)("queryRows on %s", (name, open) => {
  const skip = name.startsWith("PostgreSQL") && !serverUrl;
  let database: Database | undefined;
  afterAll(() => database?.close());

  it.skipIf(skip)("drizzle's session still has prepareQuery(query, fields, name, arrayMode).execute()", async () => {
    database = await open();
    expect(typeof database.db._.session.prepareQuery).toBe("function");
    const prepared = database.db._.session.prepareQuery({ sql: "select 1 as one", params: [] }, undefined, undefined, false);
    expect(typeof prepared.execute).toBe("function");
  });

  it.skipIf(skip)("returns rows of plain and prepared statements, twice (a named statement is reused)", async () => {
    database ??= await open();
    const query = sql`select n, n * 2 as twice from unnest(${intArray([1, 2, 3])}) as n order by n`;
    for (const prepare of [false, true, true]) {
      expect(await queryRows<{ n: number; twice: number }>(database.db, query, { prepare })).toEqual([
        { n: 1, twice: 2 },
        { n: 2, twice: 4 },
        { n: 3, twice: 6 },
      ]);
    }
  });
});
