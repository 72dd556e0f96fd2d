import { LOGIN_LIMITS } from "@taller/auth";
import { beforeAll, describe, expect, it } from "vitest";
import { forwardedClient, forwardedProtoIsHttps } from "../src/proxy";
import { loadEnv } from "../src/env";
import { JSON_POST, startTestServer, type TestServer } from "./helpers";

describe("forwardedClient", () => {
  it("ignores X-Forwarded-For when no proxy is trusted", () => {
    expect(forwardedClient("6.6.6.6", "10.0.0.1", 0)).toBe("10.0.0.1");
  });
  it("takes the address `hops` steps from the right of X-Forwarded-For + the peer", () => {
    // The client wrote 6.6.6.6; our one proxy appended the real client 1.2.3.4 and connected from 10.0.0.1.
    expect(forwardedClient("6.6.6.6, 1.2.3.4", "10.0.0.1", 1)).toBe("1.2.3.4");
    expect(forwardedClient(["6.6.6.6", "1.2.3.4, 10.0.0.2"], "10.0.0.1", 2)).toBe("1.2.3.4");
    expect(forwardedClient("1.2.3.4", "10.0.0.1", 1)).toBe("1.2.3.4");
  });
  it("gives the leftmost address when the chain is shorter than the hops", () => {
    expect(forwardedClient(undefined, "10.0.0.1", 1)).toBe("10.0.0.1");
    expect(forwardedClient("1.2.3.4", "10.0.0.1", 3)).toBe("1.2.3.4");
  });
});

describe("forwardedProtoIsHttps", () => {
  it("believes the outermost trusted proxy only", () => {
    expect(forwardedProtoIsHttps("https", 0)).toBe(false);
    expect(forwardedProtoIsHttps("https", 1)).toBe(true);
    expect(forwardedProtoIsHttps("https, http", 1)).toBe(false);
    expect(forwardedProtoIsHttps("http, https", 1)).toBe(true);
    expect(forwardedProtoIsHttps(undefined, 1)).toBe(false);
  });
});

describe("TRUST_PROXY", () => {
  it("is a hop count, and still accepts true/false", () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(0);
    expect(loadEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(0);
    expect(() => loadEnv({ TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY/);
  });
  it("binds to loopback unless told otherwise", () => {
    expect(loadEnv({}).HOST).toBe("127.0.0.1");
  });
});

describe("the login throttle behind one proxy", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ trustProxy: 1 });
    return () => server.close();
  });

  const login = (email: string, forwardedFor: string) =>
    fetch(`${server.url}/trpc/auth.login`, {
      method: "POST",
      headers: { ...JSON_POST, "x-forwarded-for": forwardedFor },
      body: JSON.stringify({ json: { email, password: "mala" } }),
    });

  it("counts failures per real client, whatever the client writes into X-Forwarded-For", async () => {
    // Each attempt claims another address and another account; the proxy appends the same real client each time.
    for (let i = 0; i < LOGIN_LIMITS.ipPer15Min; i++) {
      expect((await login(`nadie${i}@ejemplo.cl`, `203.0.113.${i}, 198.51.100.7`)).status).toBe(401);
    }
    expect((await login("otro@ejemplo.cl", "203.0.113.250, 198.51.100.7")).status).toBe(429);
    // Another real client is not affected.
    expect((await login("otro@ejemplo.cl", "198.51.100.8")).status).toBe(401);
  });
});
