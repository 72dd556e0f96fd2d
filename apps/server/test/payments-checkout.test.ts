// The local 'Pago de prueba' checkout is served only when the configuration turns it on (PAYMENTS_TEST_CHECKOUT):
// off, whoever holds a link can neither see nor approve it.
import { queryRows } from "@taller/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../src/env";
import { startTestServer, type TestServer } from "./helpers";

async function pendingLocalPreference(server: TestServer): Promise<string> {
  const [row] = await queryRows<{ preference_id: string }>(
    server.tdb.database.db,
    sql`SELECT preference_id FROM payment_requests WHERE provider = 'local' AND status = 1 AND preference_id IS NOT NULL
        ORDER BY id LIMIT 1`,
  );
  if (!row) throw new Error("the demo has no pending local request");
  return row.preference_id;
}

const localPayments = async (server: TestServer, preference: string) =>
  (
    await queryRows<{ n: number }>(
      server.tdb.database.db,
      sql`SELECT count(*)::int AS n FROM payment_local_payments WHERE preference_id = ${preference}`,
    )
  )[0]?.n;

describe("PAYMENTS_TEST_CHECKOUT", () => {
  it("is off unless the configuration says true", () => {
    expect(loadEnv({}).PAYMENTS_TEST_CHECKOUT).toBe(false);
    expect(loadEnv({ PAYMENTS_TEST_CHECKOUT: "true" }).PAYMENTS_TEST_CHECKOUT).toBe(true);
    expect(() => loadEnv({ PAYMENTS_TEST_CHECKOUT: "yes" })).toThrow(/PAYMENTS_TEST_CHECKOUT/);
  });
});

// On, the page and its approval are what apps/web/e2e/payments.spec.ts pays with.
describe("the test checkout, off", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ testCheckout: false });
  }, 180_000);
  afterAll(() => server?.close());

  it("answers 404 to its links and records no approval", async () => {
    const preference = await pendingLocalPreference(server);
    const url = `${server.url}/payments/checkout/${preference}`;
    const before = await localPayments(server, preference);
    const page = await fetch(url);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("Los pagos de prueba están desactivados en este servidor.");
    const approve = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "decision=approve",
      redirect: "manual",
    });
    await approve.body?.cancel();
    expect(approve.status).toBe(404);
    expect(await localPayments(server, preference)).toBe(before);
  });
});
