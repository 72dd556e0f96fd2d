// A raw statement's result type checked against the database: the code types its rows from schema columns
// (`RowOf<typeof shape>` from @taller/db), and this asks PostgreSQL (or PGlite) to describe the statement, without
// running it, and compares each result column's name and type with the schema column's, as the catalog holds it.
// A column renamed or retyped in the schema or a migration then fails the test, not a user's request.
import { type Db, intArray, queryRows, type UpsertRecord } from "@taller/db";
import { type Column, getTableName, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { expect } from "vitest";

interface Described {
  name: string;
  oid: number;
}
/** postgres.js's describe (Parse and Describe, no execution). */
interface PostgresJs {
  unsafe(text: string, params: unknown[]): { describe(): Promise<{ columns: { name: string; type: number }[] }> };
}
/** PGlite's describe. */
interface Pglite {
  describeQuery(text: string): Promise<{ resultFields: { name: string; dataTypeID: number }[] }>;
}

/** The statement's result columns, as the database describes them. */
async function describeResult(db: Db, query: SQL): Promise<Described[]> {
  const { sql: text, params } = new PgDialect().sqlToQuery(query);
  // The driver behind drizzle: the pool's postgres.js client, or PGlite.
  const client = (db as { $client?: unknown }).$client;
  if (typeof client === "function" && "unsafe" in client) {
    const { columns } = await (client as unknown as PostgresJs).unsafe(text, params).describe();
    return columns.map((c) => ({ name: c.name, oid: c.type }));
  }
  const { resultFields } = await (client as Pglite).describeQuery(text);
  return resultFields.map((f) => ({ name: f.name, oid: f.dataTypeID }));
}

/** Asserts that `query` answers exactly the columns of `shape`, in its order, each of its schema column's type. */
export async function expectRowOf(db: Db, query: SQL, shape: Record<string, Column>): Promise<void> {
  const described = await describeResult(db, query);
  const types = await queryRows<{ oid: number; type: string }>(
    db,
    sql`SELECT oid::int AS oid, format_type(oid, NULL) AS type FROM pg_type
        WHERE oid = ANY(${intArray(described.map((d) => d.oid))}::oid[])`,
  );
  const actual = described.map((d) => ({ name: d.name, type: types.find((t) => t.oid === d.oid)?.type }));
  const expected = [];
  for (const [name, column] of Object.entries(shape)) {
    const [found] = await queryRows<{ type: string }>(
      db,
      sql`SELECT format_type(atttypid, NULL) AS type FROM pg_attribute
          WHERE attrelid = ${getTableName(column.table)}::regclass AND attname = ${column.name} AND NOT attisdropped`,
    );
    expected.push({ name, type: found?.type });
  }
  expect(actual).toEqual(expected);
}

/** An upsert's record that writes nothing: enough to describe the upsert's statement, which is not run. */
export const DESCRIBE_ONLY: UpsertRecord = {
  created: (inserted) => sql`SELECT count(*) FROM (${inserted}) i`,
  updated: (changed) => sql`SELECT count(*) FROM (${changed}) u`,
};
