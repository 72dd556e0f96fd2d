import { createDatabase, migrateDatabase, type Database } from "@taller/db";
import { seedDemo, type DemoFixtures } from "@taller/db/seed";
import { inject } from "vitest";
import {
  createDatabaseUrl,
  createServerDatabase,
  testServerUrl,
  uniqueDatabaseName,
  type TestTemplates,
} from "./templates";

declare module "vitest" {
  export interface ProvidedContext {
    /** Absent without TEST_DATABASE_URL, or when a package's own vitest config runs (no global setup). */
    testTemplates: TestTemplates | undefined;
  }
}

export { createDatabaseUrl, testServerUrl };
export { DESCRIBE_ONLY, expectRowOf } from "./row-of";

export interface TestDatabase {
  database: Database;
  /** Closes the connection and drops the per-test database (PostgreSQL). */
  drop(): Promise<void>;
}

/**
 * The name of a test that runs only on PostgreSQL (`it.skipIf(!testServerUrl())(postgresOnly("..."), ...)`): the
 * name says why it would skip and how to run it, and without a server the run prints that too, because vitest's
 * summary counts skipped tests without naming them.
 */
export function postgresOnly(name: string): string {
  const full = `${name} (needs PostgreSQL: set TEST_DATABASE_URL)`;
  if (!testServerUrl()) console.info(`skipped: ${full}`);
  return full;
}

/**
 * A fresh, migrated database for one test file: a copy of the run's migrated template on PostgreSQL when the global
 * setup made one, else migrated here (PGlite, or a package's own vitest config).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  return (await copyTemplate("migrated")) ?? (await migratedDatabase());
}

async function migratedDatabase(): Promise<TestDatabase> {
  if (!testServerUrl()) {
    const database = await createDatabase({ dataDir: "memory://" });
    await migrateDatabase(database);
    return { database, drop: () => database.close() };
  }
  const created = (await createDatabaseUrl())!;
  const database = await createDatabase({ url: created.url, max: 5 });
  await migrateDatabase(database);
  return withDrop(database, created.drop);
}

/** A copy of one of the global setup's templates, or null when there are none. */
async function copyTemplate(which: "migrated" | "seeded"): Promise<TestDatabase | null> {
  const serverUrl = testServerUrl();
  const templates = serverUrl ? inject("testTemplates") : undefined;
  if (!serverUrl || !templates) return null;
  const created = await createServerDatabase(serverUrl, uniqueDatabaseName("test"), templates[which]);
  const database = await createDatabase({ url: created.url, max: 5 });
  return withDrop(database, created.drop);
}

function withDrop(database: Database, dropDatabase: () => Promise<void>): TestDatabase {
  return {
    database,
    async drop() {
      await database.close();
      await dropDatabase();
    },
  };
}

export interface SeededTestDatabase extends TestDatabase {
  fx: DemoFixtures;
}

/** A fresh database with the demo companies ("Taller Demo" and "Otro Taller") seeded. */
export async function createSeededDatabase(): Promise<SeededTestDatabase> {
  const copy = await copyTemplate("seeded");
  if (copy) return { ...copy, fx: inject("testTemplates")!.fx };
  const tdb = await migratedDatabase();
  return { ...tdb, fx: await seedDemo(tdb.database.db) };
}
