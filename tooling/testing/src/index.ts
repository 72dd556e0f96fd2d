import { randomBytes } from "node:crypto";
import { createDatabase, migrateDatabase, type Database } from "@taller/db";
import { seedDemo, type DemoFixtures } from "@taller/db/seed";
import postgres from "postgres";

export interface TestDatabase {
  database: Database;
  /** Closes the connection and drops the per-test database (PostgreSQL). */
  drop(): Promise<void>;
}

/** The PostgreSQL server tests use when set; otherwise each test file gets an in-memory PGlite. */
export function testServerUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
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

/** A fresh, migrated database for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (!testServerUrl()) {
    const database = await createDatabase({ dataDir: "memory://" });
    await migrateDatabase(database);
    return { database, drop: () => database.close() };
  }
  const created = (await createDatabaseUrl())!;
  const database = await createDatabase({ url: created.url, max: 5 });
  await migrateDatabase(database);
  return {
    database,
    async drop() {
      await database.close();
      await created.drop();
    },
  };
}

/** Creates an empty database on the test server and returns its URL (for tests that start servers). */
export async function createDatabaseUrl(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const serverUrl = testServerUrl();
  if (!serverUrl) return null;
  const name = `taller_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

export interface SeededTestDatabase extends TestDatabase {
  fx: DemoFixtures;
}

/** A fresh database with the demo companies ("Taller Demo" and "Otro Taller") seeded. */
export async function createSeededDatabase(): Promise<SeededTestDatabase> {
  const tdb = await createTestDatabase();
  return { ...tdb, fx: await seedDemo(tdb.database.db) };
}
