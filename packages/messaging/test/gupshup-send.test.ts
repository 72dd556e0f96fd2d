// What the Gupshup adapter asks WhatsApp to send: an answer to a client's message names it as WhatsApp's reply
// reference (`context.message_id`); any other message carries none.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gupshupAdapter } from "../src/gupshup";
import { type FakeGupshup, startFakeGupshup } from "./fake-gupshup";

let gupshup: FakeGupshup;
beforeAll(async () => {
  gupshup = await startFakeGupshup();
});
afterAll(() => gupshup.close());

async function sentBody(message: Parameters<ReturnType<typeof gupshupAdapter>["send"]>[1]) {
  const adapter = gupshupAdapter({ baseUrl: gupshup.url, partnerToken: gupshup.partnerToken });
  gupshup.requests.length = 0;
  await adapter.send("app-1", message);
  const request = gupshup.requests.find((r) => r.path.endsWith("/v3/message"));
  return JSON.parse(request?.body ?? "null") as Record<string, unknown>;
}

describe("the adapter's send request", () => {
  it("a reply names the inbound message's WhatsApp id as its context", async () => {
    const body = await sentBody({ kind: "text", to: "56911112222", body: "Hola", replyTo: "wamid.in-7" });
    expect(body).toMatchObject({ type: "text", text: { body: "Hola" }, context: { message_id: "wamid.in-7" } });
  });

  it("a message that answers nothing carries no context", async () => {
    expect(await sentBody({ kind: "text", to: "56911112222", body: "Hola", replyTo: null })).not.toHaveProperty(
      "context",
    );
    expect(await sentBody({ kind: "text", to: "56911112222", body: "Hola" })).not.toHaveProperty("context");
  });
});
