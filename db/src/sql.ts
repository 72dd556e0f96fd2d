import { DrizzleQueryError, sql, type SQL } from "drizzle-orm";
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

/** The part of a postgres.js client that queryRows uses. */
interface PostgresJsClient {
  unsafe(query: string, params: unknown[], options: { prepare: boolean }): Promise<unknown[]>;
}

/**
 * The postgres.js pool behind a root `db` (`db.$client`, drizzle's public handle on its driver); null for PGlite
 * and inside a transaction, whose statements must go through drizzle's session on the transaction's connection.
 */
function postgresClient(db: Db): PostgresJsClient | null {
  const client = (db as { $client?: unknown }).$client;
  return typeof client === "function" && typeof (client as { unsafe?: unknown }).unsafe === "function" ? (client as unknown as PostgresJsClient) : null;
}

/**
 * Runs raw SQL and returns its rows with either driver. `prepare` makes it a server-side prepared statement
 * (postgres.js keeps one per statement text and connection): hot list queries then skip parsing and planning.
 * Leave it off where the best plan depends on a value, such as a search pattern's selectivity.
 *
 * On the postgres.js pool the statement goes to the driver as drizzle itself sends it (`unsafe(text, params,
 * { prepare })`, failures wrapped in DrizzleQueryError alike) without drizzle's prepared-query object, tracing spans
 * and cache layer: a fifth of what a page of orders costs the server beyond the database (bench:http). Elsewhere
 * (PGlite, a transaction) through `db._.session.prepareQuery`, drizzle's internal (its public API prepares
 * query-builder statements only, and `db.execute` cannot name a statement): drizzle-orm is pinned to an exact
 * version in every package.json for it, and test/sql.test.ts fails on an upgrade that changes either path.
 */
export async function queryRows<T>(db: Db, query: SQL, opts: { prepare?: boolean } = {}): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const client = postgresClient(db);
  if (client) {
    try {
      return (await client.unsafe(text, params, { prepare: opts.prepare === true })) as T[];
    } catch (cause) {
      throw new DrizzleQueryError(text, params, cause as Error);
    }
  }
  const result: unknown = await db._.session.prepareQuery({ sql: text, params }, undefined, opts.prepare ? "prepared" : undefined, false).execute();
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
