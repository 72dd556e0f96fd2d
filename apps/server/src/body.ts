import type { IncomingMessage } from "node:http";

/** True when the declared Content-Length alone says the body is over `limit` (refuse before reading anything). */
export function declaredTooLarge(req: IncomingMessage, limit: number): boolean {
  return Number(req.headers["content-length"] ?? 0) > limit;
}

/**
 * The body, or null as soon as it exceeds `limit` bytes: counted as it streams, so a chunked body (which declares
 * no length) cannot make the server buffer more than the limit. The rest is drained, not kept.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off("data", onData);
        req.resume();
        return resolve(null);
      }
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.on("end", () => {
      const [first] = chunks;
      resolve(first && chunks.length === 1 ? first : Buffer.concat(chunks));
    });
    req.on("error", reject);
  });
}
