// POST /inbound/whatsapp/{key} through the real server: the key decides the company (a wrong one stores nothing),
// method, media type, malformed JSON, a client message stored once however often it is delivered, and events of
// kinds the product does not read acknowledged without effect.
import { newWebhookKey } from "@taller/messaging";
import { queryRows, whatsappInbound } from "@taller/db";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers";

let server: TestServer;
let key: string;
beforeAll(async () => {
  server = await startTestServer();
  return () => server.close();
}, 120_000);
beforeAll(async () => {
  const made = newWebhookKey();
  key = made.key;
  await queryRows(
    server.tdb.database.db,
    sql`UPDATE whatsapp_configs SET webhook_selector = ${made.selector}, webhook_verifier_hash = ${made.verifierHash} WHERE company_id = ${server.fx.demo.companyId}`,
  );
}, 120_000);

const post = (k: string, body: string, type = "application/json") =>
  fetch(`${server.url}/inbound/whatsapp/${k}`, { method: "POST", headers: { "content-type": type }, body });
const message = (wamid: string) =>
  JSON.stringify({
    entry: [
      {
        changes: [
          {
            field: "messages",
            value: {
              messages: [
                {
                  from: "56911112222",
                  id: wamid,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  text: { body: "¿Está listo?" },
                },
              ],
            },
          },
        ],
      },
    ],
  });
const stored = (wamid: string) =>
  server.tdb.database.db.select().from(whatsappInbound).where(eq(whatsappInbound.wamid, wamid));

describe("POST /inbound/whatsapp/{key}", () => {
  it("refuses a wrong verifier, an unknown selector and a malformed key with 404, storing nothing", async () => {
    const [selector] = key.split(".");
    for (const wrong of [`${selector}.${"B".repeat(32)}`, `${"C".repeat(12)}.${"D".repeat(32)}`, "nada"]) {
      const res = await post(wrong, message("wamid.wrong-key"));
      expect(res.status).toBe(404);
    }
    expect(await stored("wamid.wrong-key")).toHaveLength(0);
  });

  it("takes POST with JSON only", async () => {
    expect((await fetch(`${server.url}/inbound/whatsapp/${key}`)).status).toBe(405);
    expect((await post(key, message("wamid.text"), "text/plain")).status).toBe(415);
    expect((await post(key, "{not json")).status).toBe(422);
  });

  it("stores a client message once however often it is delivered", async () => {
    const first = await post(key, message("wamid.http-1"));
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ messages: 1, duplicates: 0 });
    const again = await post(key, message("wamid.http-1"));
    expect(await again.json()).toMatchObject({ messages: 0, duplicates: 1 });
    expect(await stored("wamid.http-1")).toHaveLength(1);
  });

  it("acknowledges events it does not read", async () => {
    const res = await post(key, JSON.stringify({ type: "billing-event", payload: { amount: 1 } }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ignored: true });
  });
});
