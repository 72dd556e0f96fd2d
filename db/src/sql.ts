import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "./client";

/**
 * An int[] bound as a single parameter ('{1,2,3}'): the statement text is the same whatever the list's length, so
 * it is prepared once, and PGlite and postgres.js bind it alike.
 */
export function intArray(ids: readonly number[]): SQL {
  if (!ids.every(Number.isSafeInteger)) throw new RangeError("intArray takes integers only");
  return sql`${`{${ids.join(",")}}`}::int[]`;
}

const dialect = new PgDialect();

/**
 * Runs raw SQL and returns its rows with either driver. `prepare` makes it a server-side prepared statement
 * (postgres.js keeps one per statement text and connection): hot list queries then skip parsing and planning.
 * Leave it off where the best plan depends on a value, such as a search pattern's selectivity.
 *
 * `db._.session.prepareQuery` is drizzle's internal (its public API prepares query-builder statements only, and
 * `db.execute` cannot name a statement): drizzle-orm is pinned to an exact version in every package.json for it,
 * and test/sql.test.ts fails on an upgrade that changes it.
 */
export async function queryRows<T>(db: Db, query: SQL, opts: { prepare?: boolean } = {}): Promise<T[]> {
  const result: unknown = await db._.session
    .prepareQuery(dialect.sqlToQuery(query), undefined, opts.prepare ? "prepared" : undefined, false)
    .execute();
  // postgres.js answers an array, PGlite `{ rows }`.
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * A timestamptz column (or expression) as the wire's Instant ("2026-04-05T03:30:00.123Z", @taller/core instant.ts),
 * written by the database whatever the session's DateStyle or TimeZone; null stays null.
 */
export function instantText(expression: SQL): SQL {
  return sql`to_char(${expression} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
