// A trigger runs at every write, so its statements must be ones PL/pgSQL can keep planned: a trigger function that
// builds its statement as text and runs it with EXECUTE is planned again at every call (migration
// 0065_statement_triggers_static: 0.8 of a one-row order update's 1.0 ms). Checked on the migrated schema.
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createDatabase, migrateDatabase, type Database } from "../src/client";
import { queryRows } from "../src/sql";

describe("the schema's trigger functions", () => {
  let database: Database | undefined;
  afterAll(() => database?.close());

  it("run no statement built as text (EXECUTE)", async () => {
    database = await createDatabase({ dataDir: "memory://" });
    await migrateDatabase(database);
    const functions = await queryRows<{ name: string; source: string }>(
      database.db,
      sql`SELECT DISTINCT p.proname AS name, p.prosrc AS source
            FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
           WHERE NOT t.tgisinternal`,
    );
    expect(functions.length).toBeGreaterThan(30);
    // EXECUTE FUNCTION belongs to CREATE TRIGGER, not to a function's body; strip comments and strings first.
    const dynamic = functions
      .filter(({ source }) => /\bEXECUTE\b/i.test(source.replace(/--[^\n]*/g, "").replace(/'(?:[^']|'')*'/g, "''")))
      .map(({ name }) => name);
    expect(dynamic).toEqual([]);
  });
});
