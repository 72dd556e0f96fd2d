// Resumable uploads over HTTP (files/uploads.ts): half a video, a connection dropped in the middle of the rest, the
// offset asked, the rest sent, the same bytes served; a wrong offset, another user's or company's upload id, a body
// that is not what it claims, the sweep of abandoned uploads, and a deleted company's bytes leaving the store.
import { randomBytes } from "node:crypto";
import { request } from "node:http";
import { mkdtemp, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CLIENT_HEADER, RESUMABLE_UPLOAD_PATH } from "@taller/core";
import { companies, fileUploads } from "@taller/db";
import { runJob } from "@taller/trpc";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDiskFileStore } from "../src/files/store";
import { fileStoreJob } from "../src/files/removals";
import { browser, startTestServer, type TestServer } from "./helpers";

/** An MP4 (its 'ftyp' box, then 2.5 MB of noise: the store keeps a video as it came, nothing decodes it). */
const VIDEO = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from("ftypisom\0\0\x02\0isomiso2", "latin1"),
  randomBytes(2_500_000),
]);
const HALF = Math.floor(VIDEO.length / 2);

let server: TestServer;
let dir: string;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "taller-resumable-"));
  server = await startTestServer({ files: createDiskFileStore(dir) });
  for (const email of ["asesor@taller.demo", "admin@taller.demo", "admin@otro.demo"]) {
    const b = browser(server.url);
    await b.client.auth.login.mutate({ email, password: "demo1234" });
    cookies[email] = b.cookie();
  }
});
afterAll(() => server.close());

const headers = (email = "asesor@taller.demo") => ({ cookie: cookies[email] ?? "", [CLIENT_HEADER]: "web" });

async function create(length = VIDEO.length, type = "video/mp4", email?: string): Promise<string> {
  const res = await fetch(`${server.url}${RESUMABLE_UPLOAD_PATH}?purpose=order_picture`, {
    method: "POST",
    headers: {
      ...headers(email),
      "upload-length": String(length),
      "x-upload-type": type,
      "x-file-name": "llegada.mp4",
    },
  });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { upload_id: string; offset: number };
  expect(body.offset).toBe(0);
  return body.upload_id;
}

const patch = (id: string, offset: number, bytes: Uint8Array, email?: string) =>
  fetch(`${server.url}${RESUMABLE_UPLOAD_PATH}/${id}`, {
    method: "PATCH",
    headers: { ...headers(email), "upload-offset": String(offset), "content-type": "application/offset+octet-stream" },
    body: bytes,
  });
const status = (id: string, email?: string) =>
  fetch(`${server.url}${RESUMABLE_UPLOAD_PATH}/${id}`, { headers: headers(email) });

/** A PATCH whose connection drops after `sent` of its `bytes` (the client's socket destroyed mid-body). */
function droppedPatch(id: string, offset: number, bytes: Buffer, sent: number): Promise<void> {
  const url = new URL(`${server.url}${RESUMABLE_UPLOAD_PATH}/${id}`);
  return new Promise((resolve) => {
    const req = request(url, {
      method: "PATCH",
      headers: { ...headers(), "upload-offset": String(offset), "content-length": String(bytes.length) },
    });
    req.on("error", () => resolve());
    req.on("close", () => resolve());
    req.write(bytes.subarray(0, sent), () => setImmediate(() => req.destroy()));
  });
}

describe("resumable uploads (/files/uploads)", () => {
  it("half a video, a dropped connection, the offset asked, the rest: the same bytes are served", async () => {
    const id = await create();
    const first = await patch(id, 0, VIDEO.subarray(0, HALF));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ offset: HALF });

    await droppedPatch(id, HALF, VIDEO.subarray(HALF), 200_000);
    const asked = await status(id);
    expect(asked.status).toBe(200);
    // Only whole chunks count: what arrived of the dropped one is sent again.
    expect(await asked.json()).toEqual({ offset: HALF, length: VIDEO.length });

    const last = await patch(id, HALF, VIDEO.subarray(HALF));
    expect(last.status).toBe(201);
    const file = (await last.json()) as { id: string; url: string };
    const served = await fetch(`${server.url}${file.url}`);
    expect(served.headers.get("content-type")).toBe("video/mp4");
    expect(Buffer.from(await served.arrayBuffer()).equals(VIDEO)).toBe(true);
    // A client that lost that answer reads the file from the upload; the chunks are gone from the store.
    expect(await (await status(id)).json()).toEqual({ offset: VIDEO.length, length: VIDEO.length, ...file });
    expect(await readdir(join(dir, "uploads", id)).catch(() => [])).toEqual([]);
  });

  it("refuses a chunk at another offset than the server's, saying where to continue (409)", async () => {
    const id = await create();
    expect((await patch(id, 0, VIDEO.subarray(0, 1000))).status).toBe(200);
    for (const offset of [0, 500, 2000, -1]) {
      const res = await patch(id, offset, VIDEO.subarray(1000, 3000));
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ offset: 1000, length: VIDEO.length });
    }
    const tooLong = await patch(id, 1000, VIDEO);
    expect(tooLong.status).toBe(400);
    expect(await (await status(id)).json()).toEqual({ offset: 1000, length: VIDEO.length });
  });

  it("two requests sending the same chunk at once: one is kept, the other is told the new offset", async () => {
    const id = await create();
    const answers = await Promise.all([0, 1].map(() => patch(id, 0, VIDEO.subarray(0, 5000))));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await (await status(id)).json()).toEqual({ offset: 5000, length: VIDEO.length });
  });

  it("another company's or another user's upload id is unknown to them (404), and nothing moves", async () => {
    const id = await create();
    expect((await patch(id, 0, VIDEO.subarray(0, 1000))).status).toBe(200);
    for (const email of ["admin@otro.demo", "admin@taller.demo"]) {
      expect((await status(id, email)).status).toBe(404);
      expect((await patch(id, 1000, VIDEO.subarray(1000, 2000), email)).status).toBe(404);
    }
    const noSession = await fetch(`${server.url}${RESUMABLE_UPLOAD_PATH}/${id}`, {
      headers: { [CLIENT_HEADER]: "web" },
    });
    expect(noSession.status).toBe(401);
    expect(await (await status(id)).json()).toEqual({ offset: 1000, length: VIDEO.length });
  });

  it("refuses what is not a picture or video, and a file over the limit, before its bytes are kept", async () => {
    const post = (type: string, length: number) =>
      fetch(`${server.url}${RESUMABLE_UPLOAD_PATH}?purpose=order_picture`, {
        method: "POST",
        headers: { ...headers(), "upload-length": String(length), "x-upload-type": type },
      });
    expect((await post("application/pdf", 1000)).status).toBe(400);
    expect((await post("video/mp4", 20_000_001)).status).toBe(413);
    expect((await post("video/mp4", 0)).status).toBe(400);
    const id = await create(1000);
    const text = await patch(id, 0, Buffer.alloc(1000, "a"));
    expect(text.status).toBe(400);
    expect(await (await status(id)).json()).toEqual({ offset: 0, length: 1000 });
  });

  it("the sweep removes an upload idle for a day with its chunks, and leaves a fresh one", async () => {
    const stale = await create();
    const fresh = await create();
    expect((await patch(stale, 0, VIDEO.subarray(0, 1000))).status).toBe(200);
    expect((await patch(fresh, 0, VIDEO.subarray(0, 1000))).status).toBe(200);
    const { db } = server.tdb.database;
    await db
      .update(fileUploads)
      .set({ updatedAt: sql`now() - interval '25 hours'` })
      .where(eq(fileUploads.id, stale));
    const run = await runJob({ db, bus: server.bus }, fileStoreJob(createDiskFileStore(dir)));
    expect(run).toMatchObject({ ran: true });
    expect((await status(stale)).status).toBe(404);
    expect(await readdir(join(dir, "uploads", stale))).toEqual([]);
    expect(await readdir(join(dir, "uploads", fresh))).toEqual(["0"]);
  });

  // Last: it deletes the other company.
  it("a deleted company's files and unfinished uploads leave the store at the next run", async () => {
    const email = "admin@otro.demo";
    const unfinished = await create(VIDEO.length, "video/mp4", email);
    expect((await patch(unfinished, 0, VIDEO.subarray(0, 1000), email)).status).toBe(200);
    const small = VIDEO.subarray(0, 3000);
    const finished = await create(small.length, "video/mp4", email);
    const stored = await patch(finished, 0, small, email);
    expect(stored.status).toBe(201);
    const fileId = ((await stored.json()) as { id: string }).id;
    const kept = async () => (await readdir(dir)).filter((name) => name.includes(fileId));
    expect(await kept()).toContain(fileId);
    expect(await readdir(join(dir, "uploads", unfinished))).toEqual(["0"]);

    const { db } = server.tdb.database;
    await db.delete(companies).where(eq(companies.id, server.fx.other.companyId));
    const run = await runJob({ db, bus: server.bus }, fileStoreJob(createDiskFileStore(dir)));
    expect(run).toMatchObject({ ran: true });
    expect(await kept()).toEqual([]);
    expect(await readdir(join(dir, "uploads", unfinished))).toEqual([]);
    // The queue is drained: the next run has nothing to remove.
    const again = await runJob({ db, bus: server.bus }, fileStoreJob(createDiskFileStore(dir)));
    expect(again).toMatchObject({ ran: true, result: { removedKeys: 0 } });
  });
});
