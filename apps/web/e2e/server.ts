/**
 * Starts the real server (`tsx apps/server/src/index.ts`, serving the built web app) on a free port with a fresh
 * database: a new database on TEST_DATABASE_URL / DATABASE_URL when set (dropped afterwards), else embedded PGlite in
 * a temporary folder. A server can be stopped and started again on the same port and data, as a deploy would.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createDatabase, type Db, migrateDatabase } from "@taller/db";
import { seedDemoIfEmpty, seedScale } from "@taller/db/seed";
import { freePort } from "@taller/testing/net";
import { createDatabaseUrl } from "@taller/testing/templates";

const serverDir = resolve(import.meta.dirname, "../../server");

export interface E2EServer {
  url: string;
  /** Stops the process and starts it again on the same port and data, optionally as another version. */
  restart(opts?: { appVersion?: string }): Promise<void>;
  /** Stops the process and removes its data. */
  dispose(): Promise<void>;
}

async function waitHealthy(url: string, child: ChildProcess, logs: string[]) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${logs.join("")}`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy:\n${logs.join("")}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((ok) => {
    child.once("exit", () => ok());
    child.kill("SIGTERM");
  });
}

/** Orders of "Taller Escala" (admin@escala.demo) in the e2e database: enough for the long-list tests (2,000 rows). */
export const E2E_SCALE_ORDERS = 2100;

/**
 * Fills the database before the server first opens it (an embedded PGlite admits one process): the demo companies,
 * then "Taller Escala" with `orders` orders through the scale generator (about a second), then the spec's own
 * changes (`prepare`).
 */
async function seedBeforeStart(
  url: string | undefined,
  dataDir: string,
  orders: number,
  prepare?: (db: Db) => Promise<void>,
) {
  const database = await createDatabase({ url, dataDir: join(dataDir, "pglite") });
  try {
    await migrateDatabase(database);
    await seedDemoIfEmpty(database.db);
    if (orders > 0) await seedScale(database.db, { orders });
    await prepare?.(database.db);
  } finally {
    await database.close();
  }
}

export async function startServer(
  opts: {
    appVersion?: string;
    scaleOrders?: number;
    prepare?: (db: Db) => Promise<void>;
    env?: Record<string, string>;
  } = {},
): Promise<E2EServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const database = await createDatabaseUrl();
  const dataDir = mkdtempSync(join(tmpdir(), "taller-e2e-"));
  if (opts.scaleOrders || opts.prepare)
    await seedBeforeStart(database?.url, dataDir, opts.scaleOrders ?? 0, opts.prepare);
  let child: ChildProcess;

  async function launch(appVersion?: string) {
    const logs: string[] = [];
    // node itself (not a wrapper script) so SIGTERM reaches the server and it shuts down cleanly.
    child = spawn(process.execPath, ["--import", "tsx", "src/index.ts"], {
      cwd: serverDir,
      env: {
        ...process.env,
        NODE_ENV: "test",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: database?.url ?? "",
        SEED_DEMO: database ? "always" : "auto",
        APP_VERSION: appVersion ?? process.env.APP_VERSION ?? "",
        LOG_LEVEL: "warn",
        // The payments spec pays on the local 'Pago de prueba' checkout, as the demo does.
        PAYMENTS_TEST_CHECKOUT: "true",
        // The invoicing spec's provider answers too late on purpose: 8 s instead of 15 s of waiting. With 2 s, a
        // credit note the fake accepts at once failed twice on a host whose memory was slow, likely unanswered in time.
        DTE_TIMEOUT_MS: "8000",
        ...opts.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (d: Buffer) => logs.push(d.toString()));
    child.stderr!.on("data", (d: Buffer) => logs.push(d.toString()));
    await waitHealthy(url, child, logs);
  }

  await launch(opts.appVersion);
  return {
    url,
    async restart({ appVersion } = {}) {
      await stop(child);
      await launch(appVersion);
    },
    async dispose() {
      await stop(child);
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
