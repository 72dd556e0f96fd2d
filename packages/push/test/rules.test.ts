import { describe, expect, it } from "vitest";
import { sendOutcome } from "../src/delivery";
import { endpointAllowed, subscriptionSchema } from "../src/subscription";
import { configurePush } from "../src/policy";

const P256DH = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString("base64url");
const AUTH = Buffer.alloc(16, 9).toString("base64url");
const fcm = "https://fcm.googleapis.com/fcm/send/abc:APA91b";

describe("endpointAllowed", () => {
  it("takes https endpoints of the browsers' push services", () => {
    for (const e of [
      fcm,
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
      "https://web.push.apple.com/QGx1",
      "https://db5p.notify.windows.com/w/?token=BQYAAA",
    ]) {
      expect(endpointAllowed(e, [])).toBe(true);
    }
  });

  it("refuses anything the server should not POST to", () => {
    for (const e of [
      "http://fcm.googleapis.com/fcm/send/x", // not https
      "https://fcm.googleapis.com:8443/fcm/send/x", // another port
      "https://user:pw@fcm.googleapis.com/fcm/send/x", // credentials
      "https://evil.example/fcm.googleapis.com",
      "https://fcm.googleapis.com.evil.example/x",
      "https://notify.windows.com.evil.example/x",
      "https://127.0.0.1/push",
      "https://169.254.169.254/latest/meta-data",
      "http://127.0.0.1:4000/push", // loopback, but not allowed by the env
      "javascript:alert(1)",
      "not a url",
    ]) {
      expect(endpointAllowed(e, []), e).toBe(false);
    }
  });

  it("takes a plain-http loopback origin only when the environment names it exactly", () => {
    expect(endpointAllowed("http://127.0.0.1:4000/push/1", ["http://127.0.0.1:4000"])).toBe(true);
    expect(endpointAllowed("http://127.0.0.1:4001/push/1", ["http://127.0.0.1:4000"])).toBe(false);
    expect(endpointAllowed("http://localhost:4000/push/1", ["http://127.0.0.1:4000"])).toBe(false);
  });
});

describe("subscriptionSchema", () => {
  const valid = { endpoint: fcm, expirationTime: null, keys: { p256dh: P256DH, auth: AUTH } };
  it("accepts a browser's PushSubscription.toJSON()", () => {
    configurePush({ delivery: "outbox", insecureOrigins: [] });
    expect(subscriptionSchema.safeParse(valid).success).toBe(true);
  });
  it.each([
    [
      "a p256dh that is not a P-256 point",
      { ...valid, keys: { ...valid.keys, p256dh: Buffer.alloc(65, 5).toString("base64url") } },
    ],
    ["a short p256dh", { ...valid, keys: { ...valid.keys, p256dh: P256DH.slice(0, 40) } }],
    ["a p256dh that is not base64url", { ...valid, keys: { ...valid.keys, p256dh: `${P256DH.slice(0, 86)}+` } }],
    ["an auth secret of 15 bytes", { ...valid, keys: { ...valid.keys, auth: Buffer.alloc(15).toString("base64url") } }],
    ["a huge auth", { ...valid, keys: { ...valid.keys, auth: "A".repeat(10_000) } }],
    ["an endpoint over 1024 characters", { ...valid, endpoint: `${fcm}/${"a".repeat(1100)}` }],
    ["no keys", { endpoint: fcm }],
  ])("refuses %s", (_name, input) => {
    expect(subscriptionSchema.safeParse(input).success).toBe(false);
  });
});

describe("sendOutcome", () => {
  it("reads the push service's answer: 2xx sent, 404/410 gone, anything else failed (kept)", () => {
    expect([201, 202, 404, 410, 400, 413, 429, 500].map(sendOutcome)).toEqual([
      "sent",
      "sent",
      "gone",
      "gone",
      "failed",
      "failed",
      "failed",
      "failed",
    ]);
  });
});
