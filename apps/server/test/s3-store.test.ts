/**
 * Files in S3-compatible object storage, against a real S3 server started here (s3rver, on a temporary folder):
 * the store's contract beside the disk store's, then the app's uploads, thumbnails and downloads over it.
 */
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { CLIENT_HEADER } from "@taller/core";
import S3rver from "s3rver";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { createS3FileStore, type S3StoreConfig } from "../src/files/s3-store";
import { createDiskFileStore, uploadChunkKey, type FileStore } from "../src/files/store";
import { browser, startTestServer } from "./helpers";

const BUCKET = "taller-files";
let s3Config: (prefix: string) => S3StoreConfig;

beforeAll(async () => {
  const s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: await mkdtemp(join(tmpdir(), "taller-s3-")),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3.run();
  s3Config = (prefix) => ({
    bucket: BUCKET,
    endpoint: `http://127.0.0.1:${port}`,
    region: "us-east-1",
    // s3rver's own key pair: it checks the requests' signatures with it.
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    forcePathStyle: true,
    prefix,
  });
  return () => s3.close();
});

async function text(stream: Readable | null): Promise<string | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString("utf8");
}

const id = (c: string) => c.repeat(24);
const encode = (s: string) => new TextEncoder().encode(s);

describe.each([
  ["disk", async () => createDiskFileStore(await mkdtemp(join(tmpdir(), "taller-files-")))],
  ["S3", () => createS3FileStore(s3Config("taller/"))],
] as const)("the %s store", (_name, make: () => Promise<FileStore>) => {
  it("hands back what was put, under the file's id and its thumbnail's key", async () => {
    const store = await make();
    await store.put(id("a"), encode("original"));
    await store.put(`thumb@256_${id("a")}`, encode("miniatura"));
    expect(await text(await store.get(id("a")))).toBe("original");
    expect(await text(await store.get(`thumb@256_${id("a")}`))).toBe("miniatura");
  });

  it("keeps a resumable upload's chunks in its temporary area, and refuses a chunk key of another shape", async () => {
    const store = await make();
    await store.put(uploadChunkKey(id("d"), 1_048_576), encode("trozo"));
    expect(await text(await store.get(uploadChunkKey(id("d"), 1_048_576)))).toBe("trozo");
    await store.delete(uploadChunkKey(id("d"), 1_048_576));
    expect(await store.get(uploadChunkKey(id("d"), 1_048_576))).toBeNull();
    await expect(store.put(`uploads/${id("d")}/../x`, encode("x"))).rejects.toThrow("invalid file id");
  });

  it("answers null for a missing file, deletes quietly, and refuses a key outside the store", async () => {
    const store = await make();
    expect(await store.get(id("b"))).toBeNull();
    const key = `databases/${id("c")}.json`;
    await store.put(key, encode("[]"));
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await store.delete(key);
    await expect(store.put("../../etc/passwd", encode("x"))).rejects.toThrow("invalid file id");
    await expect(store.get("../x")).rejects.toThrow("invalid file id");
    await expect(store.delete("../../etc/passwd")).rejects.toThrow("invalid file id");
  });
});

describe("S3 key prefixes", () => {
  it("keep two installations in one bucket apart", async () => {
    const one = await createS3FileStore(s3Config("uno/"));
    const two = await createS3FileStore(s3Config("dos/"));
    await one.put(id("d"), encode("del uno"));
    expect(await two.get(id("d"))).toBeNull();
    const whole = await createS3FileStore(s3Config(""));
    // The prefix is part of the key, so it is no file id of the app's: only the raw bucket shows it.
    await expect(whole.get(`uno/${id("d")}`)).rejects.toThrow("invalid file id");
    expect(await text(await one.get(id("d")))).toBe("del uno");
  });
});

describe("the app with its files in S3", () => {
  it("uploads a chat picture, makes its thumbnail there, and serves both through /files", async () => {
    const store = await createS3FileStore(s3Config("app/"));
    const server = await startTestServer({ files: store });
    try {
      const b = browser(server.url);
      await b.client.auth.login.mutate({ email: "asesor@taller.demo", password: "demo1234" });
      const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#336699" } })
        .jpeg()
        .toBuffer();
      const res = await fetch(`${server.url}/files?purpose=chat_picture`, {
        method: "POST",
        body: photo,
        headers: { cookie: b.cookie(), [CLIENT_HEADER]: "web", "content-type": "image/jpeg" },
      });
      expect(res.status).toBe(201);
      const { url } = (await res.json()) as { url: string };
      const fileId = url.slice("/files/".length);

      // The bytes are in the bucket, not only behind the server.
      const stored = await store.get(fileId);
      expect(stored).not.toBeNull();
      stored?.destroy();

      const original = await fetch(`${server.url}${url}`);
      expect(original.status).toBe(200);
      expect(original.headers.get("content-type")).toBe("image/jpeg");
      expect(Buffer.from(await original.arrayBuffer()).equals(photo)).toBe(true);
      const again = await fetch(`${server.url}${url}`, { headers: { "if-none-match": original.headers.get("etag")! } });
      expect(again.status).toBe(304);

      const thumb = await fetch(`${server.url}/files/thumb@256_${fileId}`);
      expect(thumb.headers.get("content-type")).toBe("image/webp");
      const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([256, 171]);

      // A row without its bytes (removed from the bucket) is a 404, not a hung or broken response.
      await store.delete(fileId);
      expect((await fetch(`${server.url}${url}`)).status).toBe(404);
      expect((await fetch(`${server.url}/files/${id("e")}`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
