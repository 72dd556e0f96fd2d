import { beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers";

let direct: TestServer;
let proxied: TestServer;
beforeAll(async () => {
  direct = await startTestServer();
  return () => direct.close();
});
beforeAll(async () => {
  proxied = await startTestServer({ trustProxy: 1 });
  return () => proxied.close();
});

describe("headers on every response", () => {
  it("nosniff and a referrer policy everywhere; no-store on the API", async () => {
    for (const path of ["/trpc/auth.me", "/healthz", "/files", "/login"]) {
      const res = await fetch(direct.url + path);
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
    }
    expect((await fetch(`${direct.url}/trpc/auth.me`)).headers.get("cache-control")).toBe("no-store");
    expect((await fetch(`${direct.url}/trpc/orders.statuses`)).headers.get("cache-control")).toBe("no-store");
  });

  it("HSTS only when the request came over TLS, as a trusted proxy says", async () => {
    expect(
      (await fetch(`${proxied.url}/healthz`, { headers: { "x-forwarded-proto": "https" } })).headers.get(
        "strict-transport-security",
      ),
    ).toBe("max-age=31536000");
    expect((await fetch(`${proxied.url}/healthz`)).headers.get("strict-transport-security")).toBeNull();
    // Without a trusted proxy the header is the client's word, and proves nothing.
    expect(
      (await fetch(`${direct.url}/healthz`, { headers: { "x-forwarded-proto": "https" } })).headers.get(
        "strict-transport-security",
      ),
    ).toBeNull();
  });
});
