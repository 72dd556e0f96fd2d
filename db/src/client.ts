import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { fillFromTemplate, pruneWal, type DataDirOrigin } from "./pglite-template";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The one database type the code sees: postgres.js and PGlite drivers both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  /** "postgres" when connected to a server, "pglite" when embedded. */
  driver: "postgres" | "pglite";
  /**
   * LISTEN on a real server; null with PGlite (one process, the in-process bus suffices). Publishers NOTIFY with
   * pg_notify() inside their transaction, so the notification leaves only at COMMIT.
   */
  pubsub: PgPubSub | null;
  /** PGlite on a folder: how its database came to be there (pglite-template.ts). */
  origin?: DataDirOrigin;
  close(): Promise<void>;
}

export interface PgPubSub {
  listen(channel: string, onMessage: (payload: string) => void): Promise<{ unlisten(): Promise<void> }>;
}

export const MIGRATIONS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "../migrations");
export const DEFAULT_DATA_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "../../.data");
/** Migrated PGlite data folders copied into fresh ones (pglite-template.ts): a cache, beside this package's modules. */
export const TEMPLATE_CACHE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "../node_modules/.cache/pglite");

export interface DatabaseOptions {
  /** postgres:// URL; without it an embedded PGlite is used. */
  url?: string;
  /** PGlite data directory; "memory://" keeps it in memory (tests). */
  dataDir?: string;
  /** Pool size for postgres.js. */
  max?: number;
}

/** The server each postgres.js database connects to: migrateDatabase takes its lock on a connection of its own. */
const serverUrls = new WeakMap<Db, string>();

/** Advisory lock key of migrations (one bigint key; the jobs take two-key locks, another key space). */
const MIGRATION_LOCK = 8401;

export async function createDatabase(options: DatabaseOptions = {}): Promise<Database> {
  if (options.url) {
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const sql = postgres(options.url, { max: options.max ?? 10, onnotice: () => {} });
    const db = drizzle(sql, { schema }) as unknown as Db;
    serverUrls.set(db, options.url);
    return {
      db,
      driver: "postgres",
      pubsub: {
        async listen(channel, onMessage) {
          const sub = await sql.listen(channel, onMessage);
          return { unlisten: () => sub.unlisten() };
        },
      },
      close: () => sql.end({ timeout: 5 }),
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  // The agenda's exclusion constraint (migration 0007_booking) needs btree_gist: = on integers inside a GiST index.
  const { btree_gist } = await import("@electric-sql/pglite/contrib/btree_gist");
  // The searchable tables' trigram indexes (migration tenant_search_indexes) lead with company_id: btree_gin.
  const { btree_gin } = await import("@electric-sql/pglite/contrib/btree_gin");
  const { drizzle } = await import("drizzle-orm/pglite");
  const extensions = { pg_trgm, btree_gist, btree_gin };
  const dataDir = options.dataDir ?? resolve(DEFAULT_DATA_DIR, "pglite");
  let origin: DataDirOrigin | undefined;
  if (!dataDir.startsWith("memory://")) {
    origin = await fillFromTemplate({
      dataDir,
      cacheDir: TEMPLATE_CACHE_DIR,
      migrationsDir: MIGRATIONS_DIR,
      salt: `${pgliteVersion()} ${Object.keys(extensions).join(" ")} ${TEMPLATE_LAYOUT}`,
      // A fresh start's copy costs what it writes (docs/performance.md 'A fresh embedded database'), so the template
      // keeps only what a new data folder needs: the app's database, PGlite's own template1 (initdb's two others
      // were 14 of its 37 MB), and the write-ahead log's segments from the last checkpoint on (pruneWal; the rest,
      // 6 MB, are finished or spares PostgreSQL makes again when it needs them).
      async make(dir) {
        const client = await PGlite.create(dir, { extensions });
        let wal: { redo: string; current: string } | undefined;
        try {
          await migratePglite(drizzle(client));
          await client.exec("DROP DATABASE postgres");
          await client.exec("ALTER DATABASE template0 IS_TEMPLATE false");
          await client.exec("DROP DATABASE template0");
          await client.exec("CHECKPOINT");
          const { rows } = await client.query<{ redo: string; current: string }>(
            `SELECT pg_walfile_name(redo_lsn) AS redo, pg_walfile_name(pg_current_wal_insert_lsn()) AS current
             FROM pg_control_checkpoint()`,
          );
          wal = rows[0];
        } finally {
          await client.close();
        }
        if (wal) await pruneWal(resolve(dir, "pg_wal"), wal.redo, wal.current);
      },
    });
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create(dataDir, { extensions });
  const db = drizzle(client, { schema }) as unknown as Db;
  return { db, driver: "pglite", pubsub: null, origin, close: () => client.close() };
}

/** What `make` leaves in a template besides the migrations (part of its key). */
const TEMPLATE_LAYOUT = "template1 and its log from the last checkpoint";

/** The installed PGlite's version: a template made by another one is not copied (its files may differ). */
function pgliteVersion(): string {
  // The package exports no package.json; its entry is dist/index.cjs beside it.
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  return (JSON.parse(readFileSync(resolve(dirname(entry), "../package.json"), "utf8")) as { version: string }).version;
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.driver === "postgres") {
    const url = serverUrls.get(database.db);
    if (!url) throw new Error("migrateDatabase: a database made by createDatabase");
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    const { default: postgres } = await import("postgres");
    // Server processes started together would each apply the pending migrations at once (and all but one fail on
    // what the first created): they take turns, and the later ones find nothing left to apply.
    const lock = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await lock`SELECT pg_advisory_lock(${MIGRATION_LOCK})`;
      await migrate(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await lock.end({ timeout: 5 });
    }
  } else {
    await migratePglite(database.db);
  }
}

async function migratePglite(db: unknown): Promise<void> {
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  await migrate(db as never, { migrationsFolder: MIGRATIONS_DIR });
}
