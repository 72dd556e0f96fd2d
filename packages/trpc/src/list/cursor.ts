// Signed keyset cursors. A page answer carries `next_cursor`: the sort key of its last row, what the first page
// learned (its number and the total) and a fingerprint of the filters, signed with HMAC-SHA256. The client sends it
// back unchanged; anything else (edited, made for other filters, signed with another key) is a Spanish 400 on
// `cursor` before any SQL runs.
//
// The key lives in the database (server_secrets 'list_cursor', 244 random bits created by migration 0005), so every
// server process on one database signs and accepts the same cursors without configuration.
import { createHash, createHmac, createSecretKey, type KeyObject, timingSafeEqual } from "node:crypto";
import { queryRows, type Db } from "@taller/db";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { fieldError } from "../errors";

/** The cursor as procedures' inputs take it: opaque to clients, who send back the `next_cursor` they got. */
export const cursorInput = z.string().max(1000).nullish();

export type KeyValue = string | number;

export interface PageCursor {
  /** Sort key of the last row already shown; the next page starts after it. */
  after: KeyValue[];
  /** Number of the page that ended at `after`. */
  page: number;
  total: number;
  /** The total is a lower bound (the count stopped at COUNT_CAP). */
  capped: boolean;
  /** Fingerprint of the filters and sort the cursor was made for. */
  filter: string;
}

const cursorSchema = z.strictObject({
  after: z
    .array(z.union([z.string().max(100), z.number().int()]))
    .min(1)
    .max(4),
  page: z.number().int().min(1).max(1_000_000),
  total: z.number().int().min(0),
  capped: z.boolean(),
  filter: z.string().max(64),
});

const storedKeys = new WeakMap<Db, Promise<KeyObject>>();

async function loadStoredKey(db: Db): Promise<KeyObject> {
  const [row] = await queryRows<{ secret: string }>(
    db,
    sql`SELECT secret FROM server_secrets WHERE name = 'list_cursor'`,
  );
  if (!row) throw new Error("server_secrets has no list_cursor key (migration 0005 creates it)");
  // A KeyObject, not the bytes: createHmac checks a Buffer key for every kind of key it could be, on every page.
  return createSecretKey(createHash("sha256").update(row.secret).digest());
}

/** The key that signs this database's cursors (read once per process). */
export function cursorKey(db: Db): Promise<KeyObject> {
  let key = storedKeys.get(db);
  if (!key) {
    key = loadStoredKey(db);
    key.catch(() => storedKeys.delete(db));
    storedKeys.set(db, key);
  }
  return key;
}

const sign = (key: KeyObject, body: string) => createHmac("sha256", key).update(body).digest();

export function encodeCursor(cursor: PageCursor, key: KeyObject): string {
  const body = Buffer.from(JSON.stringify(cursor)).toString("base64url");
  return `${body}.${sign(key, body).toString("base64url")}`;
}

/** The cursor if the text is one this key signed and well formed; null otherwise. */
export function decodeCursor(text: string, key: KeyObject): PageCursor | null {
  const [body, signature, ...rest] = text.split(".");
  if (!body || !signature || rest.length) return null;
  const given = Buffer.from(signature, "base64url");
  const expected = sign(key, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(body, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A list filter's ids, deduplicated and sorted so that equal filters fingerprint alike; null stays "no filter". */
export function normalizeIds<T extends number>(ids: readonly T[] | null | undefined): T[] | null {
  return ids ? [...new Set(ids)].sort((a, b) => a - b) : null;
}

/** A short stable digest of a list's normalized filters and sort (arrays should already be sorted). */
export function filterFingerprint(filter: unknown): string {
  return createHash("sha256").update(JSON.stringify(filter)).digest("base64url").slice(0, 16);
}

export const INVALID_CURSOR = "Cursor inválido para estos filtros";

/**
 * The cursor a list input carries, checked against its signature, the list's current filters and its key shape;
 * null for the first page. Anything else is the caller's mistake: BAD_REQUEST on `cursor`.
 */
export function readCursor<K extends KeyValue[]>(
  text: string | null | undefined,
  key: KeyObject,
  filter: string,
  keySchema: z.ZodType<K>,
): (PageCursor & { after: K }) | null {
  if (!text) return null;
  const cursor = decodeCursor(text, key);
  const after = cursor ? keySchema.safeParse(cursor.after) : null;
  if (!cursor || !after?.success || cursor.filter !== filter) throw fieldError("BAD_REQUEST", "cursor", INVALID_CURSOR);
  return { ...cursor, after: after.data };
}
