// The drivers a db test runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL (or DATABASE_URL) names one, else
// its tests are skipped, named so the skip says why. Each entry: [name, open, skip], for describe.each.
import { createDatabase, type Database } from "../src/client";

const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;

export const drivers: [string, () => Promise<Database>, boolean][] = [
  ["PGlite", () => createDatabase({ dataDir: "memory://" }), false],
  [
    serverUrl ? "PostgreSQL" : "PostgreSQL (needs PostgreSQL: set TEST_DATABASE_URL)",
    () => createDatabase({ url: serverUrl, max: 1 }),
    !serverUrl,
  ],
];
