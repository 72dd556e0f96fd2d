import { DrizzleQueryError, fillPlaceholders, sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "./client";

/**
 * An int[] bound as a single parameter ('{1,2,3}'): the statement text is the same whatever the list's length, so
 * it is prepared once, and PGlite and postgres.js bind it alike.
 */
export function intArray(ids: readonly number[]): SQL {
  return sql`${intArrayText(ids)}::int[]`;
}

/** intArray's parameter ('{1,2,3}'), for a placeholder of a compiled statement (`${sql.placeholder(name)}::int[]`). */
export function intArrayText(ids: readonly number[]): string {
  if (!ids.every(Number.isSafeInteger)) throw new RangeError("intArray takes integers only");
  return `{${ids.join(",")}}`;
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
  return typeof client === "function" && typeof (client as { unsafe?: unknown }).unsafe === "function"
    ? (client as unknown as PostgresJsClient)
    : null;
}

/**
 * Runs raw SQL and returns its rows with either driver. `prepare` makes it a server-side prepared statement
 * (postgres.js keeps one per statement text and connection): hot list queries then skip parsing and planning.
 * Leave it off where the best plan depends on a value, such as a search pattern's selectivity.
 *
 * On the postgres.js pool the statement goes to the driver as drizzle itself sends it (`unsafe(text, params,
 * { prepare })`, failures wrapped in DrizzleQueryError alike) without drizzle's prepared-query object, tracing spans
 * and cache layer, which cost more CPU than the driver's own work for a small statement (bench:http). Elsewhere
 * (PGlite, a transaction) through `db._.session.prepareQuery`, drizzle's internal (its public API prepares
 * query-builder statements only, and `db.execute` cannot name a statement): drizzle-orm is pinned to an exact
 * version in every package.json for it, and test/sql.test.ts fails on an upgrade that changes either path.
 */
export async function queryRows<T>(db: Db, query: SQL, opts: { prepare?: boolean } = {}): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return run<T>(db, text, params, opts.prepare === true);
}

async function run<T>(db: Db, text: string, params: unknown[], prepare: boolean): Promise<T[]> {
  const client = postgresClient(db);
  if (client) {
    try {
      return (await client.unsafe(text, params, { prepare })) as T[];
    } catch (cause) {
      throw new DrizzleQueryError(text, params, cause as Error);
    }
  }
  const result: unknown = await db._.session
    .prepareQuery({ sql: text, params }, undefined, prepare ? "prepared" : undefined, false)
    .execute();
  // postgres.js answers an array, PGlite `{ rows }`.
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** A statement's text and parameters, compiled once; placeholders among the parameters are filled per run. */
export interface Compiled {
  text: string;
  params: unknown[];
}

/**
 * Compiles hot statements once each: `build` (SQL whose per-run values are `sql.placeholder(name)`) runs the first
 * time a key is asked for, and later runs of that key reuse its text. Building a statement with drizzle's `sql`
 * and compiling it costs about as much CPU as reading its rows, on every request (bench:http); the key must name
 * everything that changes the text (sort, which filters are present), never a value.
 */
export function compiledStatements<K extends string>(): (key: K, build: () => SQL) => Compiled {
  const cache = new Map<K, Compiled>();
  return (key, build) => {
    let compiled = cache.get(key);
    if (!compiled) {
      const { sql: text, params } = dialect.sqlToQuery(build());
      cache.set(key, (compiled = { text, params }));
    }
    return compiled;
  };
}

/** Runs a compiled statement with its placeholders' values, as queryRows runs SQL. */
export function queryCompiled<T>(
  db: Db,
  statement: Compiled,
  values: Record<string, unknown>,
  opts: { prepare?: boolean } = {},
): Promise<T[]> {
  return run<T>(db, statement.text, fillPlaceholders(statement.params, values), opts.prepare === true);
}

/**
 * A timestamptz column (or expression) as the wire's Instant ("2026-04-05T03:30:00.123Z", @taller/core instant.ts),
 * written by the database whatever the session's DateStyle or TimeZone; null stays null.
 */
export function instantText(expression: SQL): SQL {
  return sql`to_char(${expression} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
