// The database a bench script runs on: one a scale load already filled (`url`, kept), or a new one on the server
// at `serverUrl`, dropped when the bench ends whatever happened.
import { randomBytes } from "node:crypto";
import { createDatabase, migrateDatabase, type Database } from "./client";

export { BENCH_SERVER_URL } from "./cli/bench-server";

/** Runs `body` on the migrated bench database; `fresh` says it was just created (and needs seeding). */
export async function withBenchDatabase<T>(
  opts: { kind: string; url?: string; serverUrl: string },
  body: (database: Database, fresh: boolean) => Promise<T>,
): Promise<T> {
  const name = opts.url ? null : `taller_bench_${opts.kind}_${process.pid}_${randomBytes(3).toString("hex")}`;
  const url = opts.url ?? Object.assign(new URL(opts.serverUrl), { pathname: `/${name}` }).toString();
  const { default: postgres } = await import("postgres");
  const admin = name ? postgres(opts.serverUrl, { max: 1, onnotice: () => {} }) : null;
  if (admin) await admin.unsafe(`CREATE DATABASE "${name}"`);
  const database = await createDatabase({ url, max: 2 });
  try {
    await migrateDatabase(database);
    return await body(database, name !== null);
  } finally {
    await database.close();
    if (admin) {
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  }
}
