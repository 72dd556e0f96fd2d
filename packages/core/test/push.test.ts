import { describe, expect, it } from "vitest";
import { encodePushPayload, MAX_PUSH_PAYLOAD_BYTES, pushPayloadFor } from "../src/push";

const payload = { userId: 7, title: "Nuevo trabajo", body: "Cambio de aceite", url: "/main/work/3", tag: "work-3" };
const bytes = (s: string) => new TextEncoder().encode(s).length;

describe("encodePushPayload", () => {
  it("writes the payload as JSON, with the addressed user", () => {
    expect(JSON.parse(encodePushPayload(payload))).toEqual(payload);
  });

  it("shortens the body, then the title, until one encrypted record holds it", () => {
    // The event's longest fields, all control characters: JSON escapes each into six bytes.
    const worst = {
      ...payload,
      title: "\u0001".repeat(120),
      body: "\u0002".repeat(300),
      url: `/${"\u0003".repeat(299)}`,
      tag: "\u0004".repeat(100),
    };
    const json = encodePushPayload(worst);
    expect(bytes(json)).toBeLessThanOrEqual(MAX_PUSH_PAYLOAD_BYTES);
    const back = JSON.parse(json) as typeof worst;
    expect(back.url).toBe(worst.url);
    expect(back.tag).toBe(worst.tag);
    expect(back.title.length).toBeGreaterThanOrEqual(1);
  });

  it("never splits a four-byte character", () => {
    const json = encodePushPayload({
      ...payload,
      title: "😀".repeat(120),
      body: "😀".repeat(300),
      url: `/${"😀".repeat(149)}`,
      tag: "😀".repeat(50),
    });
    expect(bytes(json)).toBeLessThanOrEqual(MAX_PUSH_PAYLOAD_BYTES);
    expect(JSON.parse(json).body).not.toMatch(/\uFFFD/);
  });
});

describe("pushPayloadFor: the service worker's filter", () => {
  it("shows a push addressed to the signed-in user", () => {
    expect(pushPayloadFor(payload, 7)).toEqual(payload);
  });

  it("ignores a push for another user id, or when nobody is signed in here", () => {
    expect(pushPayloadFor(payload, 8)).toBeNull();
    expect(pushPayloadFor({ ...payload, userId: "7" }, 7)).toBeNull();
    expect(pushPayloadFor(payload, null)).toBeNull();
  });

  it("ignores what is not this app's payload, and urls that leave the app", () => {
    expect(pushPayloadFor(null, 7)).toBeNull();
    expect(pushPayloadFor("hola", 7)).toBeNull();
    expect(pushPayloadFor({ ...payload, title: 3 }, 7)).toBeNull();
    for (const url of ["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)"]) {
      expect(pushPayloadFor({ ...payload, url }, 7), url).toBeNull();
    }
  });
});
