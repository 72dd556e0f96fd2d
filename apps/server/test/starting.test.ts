import { describe, expect, it } from "vitest";
import { createLogger } from "../src/logger";
import { listenWhileStarting } from "../src/starting";

describe("the server while it starts (starting.ts)", () => {
  it("answers 503 with the phase until the app takes over the same port, which then answers alone", async () => {
    const starting = await listenWhileStarting({
      port: 0,
      host: "127.0.0.1",
      trustProxy: 0,
      logger: createLogger("silent"),
    });
    const url = `http://127.0.0.1:${starting.port}`;
    try {
      const health = await fetch(`${url}/healthz`);
      expect(health.status).toBe(503);
      expect(health.headers.get("retry-after")).toBe("2");
      expect(await health.json()).toEqual({ status: "starting", phase: "database" });

      starting.phase("migrations");
      // The API and other methods get JSON; a page asked for by a browser says what it waits for and reloads.
      const api = await fetch(`${url}/trpc/auth.login`, { method: "POST", body: "{}" });
      expect([api.status, await api.json()]).toEqual([503, { status: "starting", phase: "migrations" }]);
      const page = await fetch(`${url}/main/orders`);
      expect(page.status).toBe(503);
      expect(page.headers.get("x-content-type-options")).toBe("nosniff");
      const html = await page.text();
      expect(html).toContain("Iniciando: actualizando la base de datos");
      expect(html).toContain('http-equiv="refresh"');

      const { wall, cpu } = starting.done();
      expect(Object.keys(wall)).toEqual(["database", "migrations"]);
      expect(Object.keys(cpu)).toEqual(["database", "migrations"]);
      // What createApp does with `server`: its handler is then the only one answering.
      starting.server.on("request", (_req, res) => res.end("app"));
      const answered = await fetch(`${url}/healthz`);
      expect([answered.status, await answered.text()]).toEqual([200, "app"]);
    } finally {
      await new Promise((resolve) => starting.server.close(resolve));
    }
  });
});
