// queryRows runs raw SQL through drizzle's session, an internal (`db._.session.prepareQuery`): drizzle's public API
// prepares only query-builder statements. drizzle-orm is pinned to an exact version for that; this test fails
// first when an upgrade changes the internal's shape or behaviour, on PGlite and (with TEST_DATABASE_URL) PostgreSQL.
import { DrizzleQueryError, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "../src/client";
import { drivers } from "./drivers";
import { compiledStatements, intArray, intArrayText, queryCompiled, queryRows } from "../src/sql";

describe.each(drivers)("queryRows on %s", (_name, open, skip) => {
  let database: Database | undefined;
  afterAll(() => database?.close());

  it.skipIf(skip)("drizzle's session still has prepareQuery(query, fields, name, arrayMode).execute()", async () => {
    database = await open();
    expect(typeof database.db._.session.prepareQuery).toBe("function");
    const prepared = database.db._.session.prepareQuery(
      { sql: "select 1 as one", params: [] },
      undefined,
      undefined,
      false,
    );
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

  it.skipIf(skip)("compiles a statement once per key and runs it with each run's placeholder values", async () => {
    const { db } = (database ??= await open());
    const statements = compiledStatements<"plain" | "filtered">();
    let builds = 0;
    const build = (filtered: boolean) => () => {
      builds++;
      const where = filtered ? sql`n = ANY(${sql.placeholder("only")}::int[])` : sql`true`;
      return sql`select n from unnest(${sql.placeholder("all")}::int[]) as n where ${where} order by n`;
    };
    const run = (key: "plain" | "filtered", all: number[], only?: number[]) =>
      queryCompiled<{ n: number }>(
        db,
        statements(key, build(key === "filtered")),
        { all: intArrayText(all), only: only && intArrayText(only) },
        { prepare: true },
      );
    expect(await run("plain", [3, 1, 2])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(await run("plain", [5])).toEqual([{ n: 5 }]);
    expect(await run("filtered", [1, 2, 3], [2, 9])).toEqual([{ n: 2 }]);
    expect(await run("filtered", [1, 2, 3], [1, 3])).toEqual([{ n: 1 }, { n: 3 }]);
    expect(builds).toBe(2);
  });

  // On the postgres.js pool queryRows goes to the driver directly; inside a transaction it must not (the pool's other
  // connections do not see the transaction), so a transaction-local setting must be visible to it.
  it.skipIf(skip)("runs inside a transaction on the transaction's connection", async () => {
    database ??= await open();
    const seen = await database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('taller.probe', 'inside', true)`);
      return queryRows<{ probe: string | null }>(tx, sql`select current_setting('taller.probe', true) as probe`, {
        prepare: true,
      });
    });
    expect(seen).toEqual([{ probe: "inside" }]);
  });

  it.skipIf(skip)("fails as drizzle does: a DrizzleQueryError carrying the database's error", async () => {
    database ??= await open();
    for (const prepare of [false, true]) {
      const failure: unknown = await queryRows(database.db, sql`select 1 / ${0}::int as n`, { prepare }).catch(
        (e: unknown) => e,
      );
      expect(failure).toBeInstanceOf(DrizzleQueryError);
      expect((failure as DrizzleQueryError).cause).toMatchObject({ code: "22012" });
    }
  });
});
