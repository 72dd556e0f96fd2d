import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const fixtures = join(dirname(fileURLToPath(import.meta.url)), "fixtures");
const vitest = join(dirname(createRequire(import.meta.url).resolve("vitest/package.json")), "vitest.mjs");

/** What a child vitest prints for one fixture file, its database server refusing connections. */
function runWithoutDatabase(fixture: string): string {
  const run = spawnSync(process.execPath, [vitest, "run", fixture, "--config", "vitest.config.ts"], {
    cwd: fixtures,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", TEST_DATABASE_URL: "postgres://postgres@127.0.0.1:1/postgres" },
  });
  return run.stdout + run.stderr;
}

describe("a test file whose database cannot be created", () => {
  it("reports the failing beforeAll alone, without a second error from afterAll", () => {
    const output = runWithoutDatabase("seeded-app.fixture.ts");
    expect(output).toMatch(/ECONNREFUSED/);
    // Each reported error is numbered [n/total].
    expect(output).toMatch(/\[1\/1\]/);
    expect(output).not.toMatch(/TypeError/);
    // A whole vitest starts and transforms the workspace: slow on a busy machine.
  }, 180_000);
});
