import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { companies, documentTokens } from "@taller/db";
import type { DemoFixtures } from "@taller/db/seed";
import { createSeededDatabase, type SeededTestDatabase } from "@taller/testing";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bookingAddonFrameAncestors } from "../src/frame-ancestors";
import { createStaticHandler } from "../src/static";

let tdb: SeededTestDatabase;
let fx: DemoFixtures;
const token = randomBytes(16).toString("hex");

beforeAll(async () => {
  tdb = await createSeededDatabase();
  return () => tdb.drop();
});
beforeAll(async () => {
  fx = tdb.fx;
  await tdb.database.db.insert(documentTokens).values({
    companyId: fx.demo.companyId,
    kind: "crm_token",
    tokenHash: createHash("sha256").update(token).digest("hex"),
    documentType: "Crm::Booking",
    documentId: 1,
  });
  await tdb.database.db
    .update(companies)
    .set({
      preferences: sql`jsonb_set(${companies.preferences}, '{booking_addon,allowed_domains}', '"*.taller.cl https://socio.cl tienda*.cl"')`,
    })
    .where(eq(companies.id, fx.demo.companyId));
});

const request = (url: string, referer?: string) => ({ url, headers: referer ? { referer } : {} }) as IncomingMessage;

describe("frame-ancestors", () => {
  const ancestors = () => bookingAddonFrameAncestors(tdb.database.db);

  it("is 'self' on staff pages, even with a valid token", async () => {
    expect(await ancestors()(request(`/main/orders?crm_token=${token}`))).toBe("'self'");
    expect(await ancestors()(request("/login"))).toBe("'self'");
  });

  it("adds the company's allowed domains on the booking add-on pages", async () => {
    const expected = "'self' *.taller.cl https://socio.cl";
    expect(await ancestors()(request(`/client/booking?crm_token=${token}`))).toBe(expected);
    expect(await ancestors()(request(`/booking-addon?crm_token=${token}`))).toBe(expected);
  });

  it("honours a pattern CSP cannot express for the parent that asked, when it matches", async () => {
    expect(await ancestors()(request(`/client/booking?crm_token=${token}`, "https://tienda-sur.cl/reservas"))).toBe(
      "'self' *.taller.cl https://socio.cl https://tienda-sur.cl",
    );
    expect(await ancestors()(request(`/client/booking?crm_token=${token}`, "https://evil.com/"))).toBe(
      "'self' *.taller.cl https://socio.cl",
    );
  });

  it("is 'self' without a token or with an unknown one", async () => {
    expect(await ancestors()(request("/client/booking"))).toBe("'self'");
    expect(await ancestors()(request("/client/booking?crm_token=unknown"))).toBe("'self'");
  });
});

describe("static handler", () => {
  let server: Server;
  let base: string;
  let dist: string;
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), "taller-dist-"));
    return () => rmSync(dist, { recursive: true, force: true });
  });
  beforeAll(async () => {
    mkdirSync(join(dist, "assets"));
    writeFileSync(
      join(dist, "index.html"),
      '<!doctype html><meta name="app-version" content="__APP_VERSION__"><title>t</title>',
    );
    writeFileSync(join(dist, "assets", "app-abc.js"), "1");
    const web = createStaticHandler(dist, bookingAddonFrameAncestors(tdb.database.db), '2.0.0-"b"');
    server = createServer((req, res) => void web(req, res));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return () => new Promise((r) => server.close(r));
  });

  it("sends frame-ancestors on every HTML response and not on assets", async () => {
    for (const path of ["/", "/login", "/main/settings", "/index.html"]) {
      const res = await fetch(base + path);
      expect(res.headers.get("content-security-policy"), path).toBe("frame-ancestors 'self'");
    }
    const booking = await fetch(`${base}/client/booking?crm_token=${token}`);
    expect(booking.headers.get("content-security-policy")).toBe("frame-ancestors 'self' *.taller.cl https://socio.cl");
    const asset = await fetch(`${base}/assets/app-abc.js`);
    expect(asset.headers.get("content-security-policy")).toBeNull();
  });

  it("never stores index.html and caches hashed assets for a year", async () => {
    expect((await fetch(`${base}/main/orders`)).headers.get("cache-control")).toBe("no-store");
    expect((await fetch(`${base}/assets/app-abc.js`)).headers.get("cache-control")).toBe(
      "public, max-age=31536000, immutable",
    );
  });

  const framed = (path: string, site: string, referer?: string) =>
    fetch(base + path, {
      headers: { "sec-fetch-dest": "iframe", "sec-fetch-site": site, ...(referer ? { referer } : {}) },
    });
  const REJECTED = "No se puede mostrar el contenido de esta página en un iframe.";

  it("answers a frame asked for by a foreign parent with a page any parent may show, saying why", async () => {
    for (const site of ["cross-site", "same-site"]) {
      const res = await framed("/login", site, "https://evil.example/");
      expect(res.status).toBe(403);
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors *");
      expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
      expect(await res.text()).toContain(REJECTED);
    }
    // The booking add-on page refuses a parent outside the company's allowed domains.
    const foreign = await framed(`/client/booking?crm_token=${token}`, "cross-site", "https://evil.com/");
    expect(await foreign.text()).toContain(REJECTED);
  });

  it("serves the app to frames its rules allow, and to pages that are not frames", async () => {
    const own = await framed("/login", "same-origin", `${base}/`);
    expect(own.status).toBe(200);
    expect(await own.text()).not.toContain(REJECTED);
    const partner = await framed(`/client/booking?crm_token=${token}`, "cross-site", "https://reservas.taller.cl/");
    expect(partner.status).toBe(200);
    // A parent that does not say who it is: the frame-ancestors header lets the browser decide.
    expect((await framed(`/client/booking?crm_token=${token}`, "cross-site")).status).toBe(200);
    const navigation = await fetch(`${base}/login`, {
      headers: { "sec-fetch-dest": "document", "sec-fetch-site": "cross-site" },
    });
    expect(navigation.status).toBe(200);
  });

  it("writes the server's version into every index.html it serves", async () => {
    for (const path of ["/", "/main/orders", "/index.html"]) {
      const res = await fetch(base + path);
      expect(res.headers.get("content-type"), path).toBe("text/html; charset=utf-8");
      expect(await res.text(), path).toContain('<meta name="app-version" content="2.0.0-&quot;b&quot;">');
    }
  });
});
