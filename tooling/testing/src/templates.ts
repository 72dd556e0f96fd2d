/**
 * Test databases copied from templates (PostgreSQL only). Migrating a database takes about a second and seeding the
 * demo about as long again; `CREATE DATABASE ... TEMPLATE` copies a migrated (or seeded) one in a fraction of that.
 * The vitest global setup (global-setup.ts, named in the root vitest.config.ts) builds the two templates once
 * per run and hands their names, and the seeded one's fixtures, to the test files through vitest's provide/inject.
 */
import { randomBytes } from "node:crypto";
import { createDatabase, migrateDatabase } from "@taller/db";
import { seedDemo, type DemoFixtures } from "@taller/db/seed";
import postgres from "postgres";

export interface TestTemplates {
  /** A database with every migration applied and no rows. */
  migrated: string;
  /** `migrated` plus the demo companies, whose fixtures are `fx`. */
  seeded: string;
  fx: DemoFixtures;
}

/** The PostgreSQL server tests use when set; otherwise each test file gets an in-memory PGlite. */
export function testServerUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
}

/** The URL of database `name` on the server at `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A database name no other run or file on the shared server uses. */
export function uniqueDatabaseName(kind: string): string {
  return `taller_${kind}_${process.pid}_${randomBytes(4).toString("hex")}`;
}

/**
 * Creates database `name` (a copy of `template` when given) and returns its URL and how to drop it. PostgreSQL 15
 * copies with WAL_LOG by default: block by block, without the checkpoint FILE_COPY forces on every copy.
 */
export async function createServerDatabase(serverUrl: string, name: string, template?: string) {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"${template ? ` template "${template}"` : ""}`);
  } catch (error) {
    await admin.end();
    throw error;
  }
  return {
    name,
    url: databaseUrl(serverUrl, name),
    async drop() {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/** Creates an empty database on the test server and returns its URL (for tests that start servers). */
export async function createDatabaseUrl(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const serverUrl = testServerUrl();
  return serverUrl ? createServerDatabase(serverUrl, uniqueDatabaseName("test")) : null;
}

/** Builds the migrated template, then the seeded one as its copy plus the demo; `drop` removes both. */
export async function buildTemplates(serverUrl: string): Promise<TestTemplates & { drop(): Promise<void> }> {
  const created: { drop(): Promise<void> }[] = [];
  const drop = async () => {
    for (const db of created.reverse()) await db.drop();
  };
  try {
    const migrated = await createServerDatabase(serverUrl, uniqueDatabaseName("tpl_migrated"));
    created.push(migrated);
    // Each is closed once filled: PostgreSQL refuses to copy a template that has a connection open.
    let database = await createDatabase({ url: migrated.url, max: 5 });
    try {
      await migrateDatabase(database);
    } finally {
      await database.close();
    }
    const seeded = await createServerDatabase(serverUrl, uniqueDatabaseName("tpl_seeded"), migrated.name);
    created.push(seeded);
    database = await createDatabase({ url: seeded.url, max: 5 });
    let fx: DemoFixtures;
    try {
      fx = await seedDemo(database.db);
    } finally {
      await database.close();
    }
    return { migrated: migrated.name, seeded: seeded.name, fx, drop };
  } catch (error) {
    await drop();
    throw error;
  }
}
