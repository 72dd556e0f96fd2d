// Plain JavaScript: Vite loads config files of dependencies without a TypeScript transform.
import { defineProject } from "vitest/config";

/**
 * Each package's test project: `test/**\/*.test.ts`. Test files that touch a database get a fresh one each (PGlite in
 * memory, or a database created on TEST_DATABASE_URL / DATABASE_URL and dropped afterwards), which takes a moment.
 */
export default defineProject({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A worker's test files share their imports instead of loading the server's packages again for each file (a
    // third of the run). Module state a file could leave behind: in-memory rate limits, reset by the test harness
    // (useSeededApp), and adapters a test swaps, which it puts back.
    isolate: false,
  },
});
