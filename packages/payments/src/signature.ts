// Mercado Pago's webhook signature (and the local provider's, which signs the same way): the `x-signature` header
// is `ts=<unix seconds>,v1=<hex HMAC-SHA256>` over the manifest `id:{data.id};request-id:{x-request-id};ts:{ts};`
// with the application's secret. The signed `ts` bounds a replay: a header more than MAX_SIGNATURE_AGE_MS from now
// is refused however valid its HMAC. Pure: tested without a server.
import { createHmac, timingSafeEqual } from "node:crypto";

export interface SignatureParts {
  ts: string;
  v1: string;
}

/** The header's parts, or null when it is not of that shape. */
export function parseSignature(header: string | null | undefined): SignatureParts | null {
  if (!header || header.length > 500) return null;
  let ts: string | null = null;
  let v1: string | null = null;
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === "ts") ts = value;
    else if (key === "v1") v1 = value;
  }
  if (!ts || !v1 || !/^\d{1,13}$/.test(ts) || !/^[0-9a-f]{64}$/i.test(v1)) return null;
  return { ts, v1: v1.toLowerCase() };
}

/** The signed manifest. Mercado Pago lower-cases an alphanumeric data.id before signing it. */
export function signatureManifest(dataId: string, requestId: string, ts: string): string {
  const id = /^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId;
  return `id:${id};request-id:${requestId};ts:${ts};`;
}

export function signManifest(secret: string, manifest: string): string {
  return createHmac("sha256", secret).update(manifest).digest("hex");
}

/** The header a provider sends for this notification (the local provider's calls and tests use it). */
export function signatureHeader(secret: string, dataId: string, requestId: string, ts: string): string {
  return `ts=${ts},v1=${signManifest(secret, signatureManifest(dataId, requestId, ts))}`;
}

/** How far a notification's `ts` may be from now, either way (clock drift and delivery delay included). */
export const MAX_SIGNATURE_AGE_MS = 5 * 60_000;

/**
 * The `ts` as milliseconds. Mercado Pago's documentation shows Unix seconds and its notifications have carried
 * milliseconds: 13 digits are read as milliseconds, fewer as seconds.
 */
export function signatureTimeMs(ts: string): number {
  return ts.length >= 13 ? Number(ts) : Number(ts) * 1000;
}

/**
 * Whether the header signs exactly this data id and request id with the secret (constant-time comparison) at a
 * time within MAX_SIGNATURE_AGE_MS of `now`.
 */
export function verifySignature(
  secret: string,
  header: string | null | undefined,
  dataId: string,
  requestId: string,
  now: number = Date.now(),
): boolean {
  const parts = parseSignature(header);
  if (!parts || !secret) return false;
  if (Math.abs(now - signatureTimeMs(parts.ts)) > MAX_SIGNATURE_AGE_MS) return false;
  const expected = Buffer.from(signManifest(secret, signatureManifest(dataId, requestId, parts.ts)), "hex");
  const given = Buffer.from(parts.v1, "hex");
  return expected.length === given.length && timingSafeEqual(expected, given);
}
