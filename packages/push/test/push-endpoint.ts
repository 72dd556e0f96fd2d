/**
 * The browser's half of web push, for tests: per subscription a P-256 key pair and an auth secret (as a browser
 * makes them), and a local HTTP endpoint that answers like a push service and decrypts what it receives
 * (aes128gcm, RFC 8291) with http_ece, the library web-push itself encrypts with. Nothing leaves the machine.
 */
import { createECDH, randomBytes, type ECDH } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";

// http_ece ships no types: the one function used here, typed.
const ece = createRequire(import.meta.url)("http_ece") as {
  decrypt(buffer: Buffer, params: { version: "aes128gcm"; privateKey: ECDH; authSecret: string }): Buffer;
};

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  /** The decrypted payload, parsed as JSON. */
  payload: unknown;
}

export interface PushEndpoint {
  origin: string;
  received: ReceivedPush[];
  /** A new subscription at `path` (a browser's PushSubscription.toJSON()). */
  subscription(path: string): { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The push service's answer for `path` from now on (201 by default; 410 = gone). */
  answer(path: string, status: number): void;
  /** Resolves once `count` pushes have arrived in all. */
  waitFor(count: number): Promise<void>;
  close(): Promise<void>;
}

export async function startPushEndpoint(): Promise<PushEndpoint> {
  const keys = new Map<string, { ecdh: ECDH; auth: string }>();
  const status = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "";
      const key = keys.get(path);
      const code = status.get(path) ?? 201;
      if (key && code === 201) {
        const plain = ece.decrypt(Buffer.concat(chunks), {
          version: "aes128gcm",
          privateKey: key.ecdh,
          authSecret: key.auth,
        });
        received.push({ path, headers: req.headers, payload: JSON.parse(plain.toString("utf8")) });
        for (const w of waiters.filter((w) => received.length >= w.count)) w.resolve();
      }
      res.writeHead(key ? code : 404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    subscription(path) {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16).toString("base64url");
      keys.set(path, { ecdh, auth });
      return { endpoint: `${origin}${path}`, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth } };
    },
    answer(path, code) {
      status.set(path, code);
    },
    waitFor(count) {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
