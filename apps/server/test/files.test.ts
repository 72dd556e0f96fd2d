import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import { CLIENT_HEADER, formatNumber, MAX_IMAGE_PIXELS } from "@taller/core";
import { files } from "@taller/db";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFileRoutes } from "../src/files/routes";
import { sniffImageType, sniffVideoType } from "../src/files/sniff";
import { createDiskFileStore } from "../src/files/store";
import { browser, expectLinkPage, NAVIGATION, startTestServer, type TestServer } from "./helpers";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

describe("sniffImageType", () => {
  it("recognises the accepted image types by their first bytes", () => {
    expect(sniffImageType(PNG)).toBe("image/png");
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe("image/jpeg");
    expect(sniffImageType(Buffer.from("RIFF\x10\0\0\0WEBPVP8 ", "latin1"))).toBe("image/webp");
    expect(sniffImageType(Buffer.from([0, 0, 1, 0, 1, 0, 16, 16]))).toBe("image/x-icon");
  });
  it("rejects anything else, however it is labelled", () => {
    expect(sniffImageType(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(sniffImageType(Buffer.from("GIF89a"))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});

/** The first box of an MP4 file ('ftyp', brand isom) and a few bytes after it: what the store recognises. */
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom\0\0\x02\0isomiso2", "latin1")]);

describe("sniffVideoType", () => {
  it("recognises MP4, QuickTime and WebM by their first bytes, and nothing else", () => {
    expect(sniffVideoType(MP4)).toBe("video/mp4");
    expect(sniffVideoType(Buffer.from("\0\0\0\x14ftypqt  \0\0\0\0", "latin1"))).toBe("video/quicktime");
    expect(sniffVideoType(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f]))).toBe("video/webm");
    expect(sniffVideoType(PNG)).toBeNull();
    expect(sniffVideoType(new Uint8Array())).toBeNull();
  });
});

let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await startTestServer();
  return () => server.close();
});
beforeAll(async () => {
  const b = browser(server.url);
  await b.client.auth.login.mutate({ email: "asesor@taller.demo", password: "demo1234" });
  cookie = b.cookie();
});

const APP = { [CLIENT_HEADER]: "web" };
const upload = (body: Uint8Array, headers: Record<string, string>, purpose = "profile_picture", base = server.url) =>
  fetch(`${base}/files?purpose=${purpose}`, { method: "POST", body, headers: { cookie, ...APP, ...headers } });

describe("POST /files and GET /files/:id", () => {
  it("stores an image for the user's company and serves it back by its URL", async () => {
    const res = await upload(PNG, {
      "content-type": "image/png",
      "x-file-name": encodeURIComponent("foto perfil.png"),
    });
    expect(res.status).toBe(201);
    const { id, url } = (await res.json()) as { id: string; url: string };
    expect(url).toBe(`/files/${id}`);
    const [row] = await server.tdb.database.db.select().from(files).where(eq(files.id, id));
    expect(row).toMatchObject({
      companyId: server.fx.demo.companyId,
      userId: server.fx.demo.userIds["asesor@taller.demo"],
      contentType: "image/png",
      size: PNG.length,
      name: "foto perfil.png",
    });

    const got = await fetch(`${server.url}${url}`);
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("image/png");
    expect(got.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await got.arrayBuffer()).equals(PNG)).toBe(true);
    const again = await fetch(`${server.url}${url}`, { headers: { "if-none-match": got.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });

  it("takes a budget's picture only from who may change budgets (the asesor may, the técnico may not: 403)", async () => {
    expect((await upload(PNG, { "content-type": "image/png" }, "budget_picture")).status).toBe(201);
    const b = browser(server.url);
    await b.client.auth.login.mutate({ email: "tecnico@taller.demo", password: "demo1234" });
    const res = await fetch(`${server.url}/files?purpose=budget_picture`, {
      method: "POST",
      body: PNG,
      headers: { cookie: b.cookie(), ...APP, "content-type": "image/png" },
    });
    expect(res.status).toBe(403);
  });

  it("takes a video only for a reception (order_picture, who may create check_in), by its bytes", async () => {
    const res = await upload(MP4, { "content-type": "video/mp4" }, "order_picture");
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const [row] = await server.tdb.database.db.select().from(files).where(eq(files.id, id));
    expect(row?.contentType).toBe("video/mp4");
    expect((await upload(PNG, { "content-type": "image/png" }, "order_picture")).status).toBe(201);
    expect((await upload(MP4, { "content-type": "video/mp4" }, "chat_picture")).status).toBe(400);
    // Labelled a video, not one by its bytes.
    expect((await upload(Buffer.from("no es video"), { "content-type": "video/mp4" }, "order_picture")).status).toBe(
      400,
    );
  });

  it("needs a staff session to upload", async () => {
    const res = await fetch(`${server.url}/files?purpose=profile_picture`, {
      method: "POST",
      body: PNG,
      headers: { "content-type": "image/png", ...APP },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "Debes iniciar sesión" });
  });

  it("refuses an upload without the app's header, as a cross-site form would send it (403)", async () => {
    const res = await fetch(`${server.url}/files?purpose=profile_picture`, {
      method: "POST",
      body: PNG,
      headers: { cookie, "content-type": "image/png" },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "Solicitud rechazada" });
  });

  it("needs a purpose it knows (400)", async () => {
    for (const purpose of ["", "order_photo"]) {
      const res = await upload(PNG, { "content-type": "image/png" }, purpose);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: "Indica para qué es el archivo" });
    }
  });

  it("refuses other content types and bytes that are not the image they claim (400)", async () => {
    const html = await upload(Buffer.from("<html></html>"), { "content-type": "text/html" });
    expect(html.status).toBe(400);
    expect(await html.json()).toEqual({ error: "Formato no aceptado" });
    const form = await upload(Buffer.from("a=b"), { "content-type": "application/x-www-form-urlencoded" });
    expect(form.status).toBe(400);
    const disguised = await upload(Buffer.from("<svg onload=alert(1)>"), { "content-type": "image/png" });
    expect(disguised.status).toBe(400);
    const empty = await upload(new Uint8Array(), { "content-type": "image/png" });
    expect(empty.status).toBe(400);
  });

  it("refuses more than 20,000,000 bytes (413)", async () => {
    const big = Buffer.alloc(20_000_001);
    PNG.copy(big);
    const res = await upload(big, { "content-type": "image/png" });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: "El archivo supera el máximo de 20.000.000 bytes" });
  });

  it("answers 404 for unknown or malformed ids and 405 for other methods", async () => {
    expect((await fetch(`${server.url}/files/${"a".repeat(24)}`)).status).toBe(404);
    // A picture's link opened in a tab: a page, not the app's JSON.
    await expectLinkPage(
      fetch(`${server.url}/files/${"a".repeat(24)}`, { headers: NAVIGATION }),
      404,
      "Archivo no encontrado",
    );
    expect((await fetch(`${server.url}/files/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
    expect((await fetch(`${server.url}/files`)).status).toBe(405);
    expect(
      (await fetch(`${server.url}/files/${"a".repeat(24)}`, { method: "DELETE", headers: { cookie } })).status,
    ).toBe(405);
  });
});

describe("thumbnails (thumb@256_)", () => {
  it("a chat picture gets a 256 px webp thumbnail beside it; other uploads answer the placeholder there", async () => {
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#336699" } })
      .jpeg()
      .toBuffer();
    const res = await upload(photo, { "content-type": "image/jpeg" }, "chat_picture");
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const thumb = await fetch(`${server.url}/files/thumb@256_${id}`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("content-type")).toBe("image/webp");
    expect(thumb.headers.get("x-content-type-options")).toBe("nosniff");
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([256, 171]);

    const profile = (await (await upload(PNG, { "content-type": "image/png" })).json()) as { id: string };
    const fallback = await fetch(`${server.url}/files/thumb@256_${profile.id}`);
    expect(fallback.headers.get("content-type")).toBe("image/webp");
    const placeholder = Buffer.from(await fallback.arrayBuffer());
    expect(placeholder.equals(PNG)).toBe(false);
    expect(await sharp(placeholder).metadata()).toMatchObject({ format: "webp", width: 256, height: 256 });
    expect((await fetch(`${server.url}/files/thumb@256_../../etc`)).status).toBe(404);
  });
});

describe("pictures too big to decode", () => {
  /** A 1 x 1 PNG whose header (and its CRC) says `width` x `height`: a few hundred bytes, any size. */
  async function bigPng(width: number, height: number): Promise<Buffer> {
    const small = await sharp({ create: { width: 1, height: 1, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    const header = Buffer.from(small);
    header.writeUInt32BE(width, 16);
    header.writeUInt32BE(height, 20);
    header.writeUInt32BE(crc32(header.subarray(12, 29)), 29);
    return header;
  }

  it("refuses a picture over the pixel limit in Spanish, for every purpose", async () => {
    const huge = await bigPng(30_000, 30_000);
    expect(huge.length).toBeLessThan(1000);
    for (const purpose of ["chat_picture", "profile_picture"] as const) {
      const res = await upload(huge, { "content-type": "image/png" }, purpose);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe(
        `La imagen supera el máximo de ${formatNumber(MAX_IMAGE_PIXELS)} píxeles. Reduce su tamaño e intenta nuevamente.`,
      );
    }
  });

  it("takes one within the limit, and a chat picture whose thumbnail cannot be made gets the placeholder", async () => {
    const edge = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: "#abc" } })
      .png()
      .toBuffer();
    expect((await upload(edge, { "content-type": "image/png" }, "chat_picture")).status).toBe(201);
    // Header says 1000 x 1000, data holds one pixel: the header reads, the decoding fails.
    const broken = await bigPng(1000, 1000);
    const res = await upload(broken, { "content-type": "image/png" }, "chat_picture");
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const thumb = Buffer.from(await (await fetch(`${server.url}/files/thumb@256_${id}`)).arrayBuffer());
    expect(thumb.equals(broken)).toBe(false);
    expect(await sharp(thumb).metadata()).toMatchObject({ format: "webp", width: 256, height: 256 });
  });
});

describe("the company's storage quota", () => {
  let quotaServer: Server;
  let base: string;
  beforeAll(async () => {
    const db = server.tdb.database.db;
    const used = (
      await db.select({ size: files.size }).from(files).where(eq(files.companyId, server.fx.demo.companyId))
    ).reduce((n, f) => n + f.size, 0);
    // Room for exactly three more pictures.
    const routes = createFileRoutes({
      db,
      store: createDiskFileStore(await mkdtemp(join(tmpdir(), "taller-quota-"))),
      trustProxy: 0,
      quotaBytes: used + 3 * PNG.length + 1,
    });
    quotaServer = createServer((req, res) => void routes(req, res, (req.url ?? "").split("?")[0]!));
    await new Promise<void>((r) => quotaServer.listen(0, "127.0.0.1", () => r()));
    base = `http://127.0.0.1:${(quotaServer.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => quotaServer.close(r)));

  it("lets concurrent uploads fill it exactly, never past it", async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () => upload(PNG, { "content-type": "image/png" }, "profile_picture", base)),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 403, 403, 403]);
    const refused = results.find((r) => r.status === 403)!;
    expect(((await refused.json()) as { error: string }).error).toMatch(
      /^La empresa alcanzó su límite de almacenamiento/,
    );
  });
});

describe("the disk store's delete", () => {
  it("removes a database file, answers quietly for a missing one, and refuses a key outside the store", async () => {
    const store = createDiskFileStore(await mkdtemp(join(tmpdir(), "taller-delete-")));
    const key = `databases/${"c".repeat(24)}.json`;
    await store.put(key, new TextEncoder().encode("[]"));
    expect(await store.get(key)).not.toBeNull();
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await store.delete(key);
    await expect(store.delete("../../etc/passwd")).rejects.toThrow("invalid file id");
  });
});
