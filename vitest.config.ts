import { defineConfig } from "vitest/config";

/**
 * One test command for the whole repo. Test files that touch a database get a fresh one each (PGlite in memory,
 * or a database created on TEST_DATABASE_URL / DATABASE_URL and dropped afterwards).
 */
export default defineConfig({
  test: {
    include: ["{packages,apps,db,tooling}/*/test/**/*.test.ts", "db/test/**/*.test.ts"],
    exclude: ["**/node_modules/**", "apps/web/e2e/**"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: more workers only add contention on the database.
    maxWorkers: 2,
  },
});
