// A new embedded data folder, copied from the migrated template, as the server opens one: it holds the app's
// database alone and the few segments of the write-ahead log from its last checkpoint on (docs/performance.md 'A
// fresh embedded database'), and it works as a whole PostgreSQL folder: it takes writes that fill several new
// segments and keeps them across a restart.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createDatabase, migrateDatabase } from "../src/client";
import { queryRows } from "../src/sql";

const root = mkdtempSync(join(tmpdir(), "taller-folder-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("a new embedded data folder", () => {
  it("holds the app's database and the log from its last checkpoint, and keeps what it is given across a restart", async () => {
    const dataDir = join(root, "pglite");
    const first = await createDatabase({ dataDir });
    expect(first.origin).toMatch(/template/);
    await migrateDatabase(first);
    expect(await queryRows(first.db, sql`SELECT datname FROM pg_database`)).toEqual([{ datname: "template1" }]);
    expect(readdirSync(join(dataDir, "base"))).toEqual(["1"]);
    expect(
      readdirSync(join(dataDir, "pg_wal")).filter((name) => /^[0-9A-F]{24}$/.test(name)).length,
    ).toBeLessThanOrEqual(3);
    // About 20 MB of log: the segments the template left out are made again.
    await queryRows(
      first.db,
      sql`CREATE TABLE filler AS SELECT i, repeat('x', 100) AS pad FROM generate_series(1, 120000) i`,
    );
    await first.close();

    const again = await createDatabase({ dataDir });
    expect(again.origin).toBe("existing");
    expect(await queryRows(again.db, sql`SELECT count(*)::int AS n FROM filler`)).toEqual([{ n: 120000 }]);
    expect(await queryRows(again.db, sql`SELECT count(*)::int AS n FROM companies`)).toEqual([{ n: 0 }]);
    await again.close();
  });
});
