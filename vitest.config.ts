import { defineConfig } from "vitest/config";

/** `pnpm test:unit`: every package's test project in one run (`turbo run test` runs them one package at a time). */
export default defineConfig({
  test: {
    projects: ["{packages,apps}/*/vitest.config.ts", "db/vitest.config.ts", "tooling/eslint/vitest.config.ts"],
    // On PostgreSQL: one migrated and one seeded template per run, which each test file's database copies.
    globalSetup: ["./tooling/testing/src/global-setup.ts"],
    // Two cores: more workers only add contention on the database.
    maxWorkers: 2,
  },
});
