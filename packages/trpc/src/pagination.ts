// Keyset pagination for infinite-scroll lists. A page answer carries `next_cursor`: the sort key of its last row,
// plus what the first page learned (its number and the total), so that page 2000 costs what page 1 costs and no
// later page counts again. Lists still answer `page` and `total_pages` as the spec's list responses do.
import { createHash } from "node:crypto";
import { z } from "zod";
import { fieldError } from "./errors";

export const PAGE_SIZE = 50;

/** The cursor as procedures' inputs take it: opaque to clients, who send back the `next_cursor` they got. */
export const cursorInput = z.string().max(1000).nullish();

export type KeyValue = string | number;

export interface PageCursor {
  /** Sort key of the last row already shown; the next page starts after it. */
  after: KeyValue[];
  /** Number of the page that ended at `after`. */
  page: number;
  total: number;
  /** Fingerprint of the filters and sort the cursor was made for. */
  filter: string;
}

const cursorSchema = z.object({
  after: z.array(z.union([z.string().max(100), z.number().int()])).min(1).max(4),
  page: z.number().int().min(1),
  total: z.number().int().min(0),
  filter: z.string().max(64),
});

export function encodeCursor(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

export function decodeCursor(text: string): PageCursor | null {
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(text, "base64url").toString("utf8")));
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

/**
 * The cursor a list input carries, checked against the list's current filters and its key shape; null for the
 * first page. A cursor made for other filters or a tampered one is the caller's mistake: BAD_REQUEST on `cursor`.
 */
export function readCursor<K extends KeyValue[]>(
  text: string | null | undefined,
  filter: string,
  keySchema: z.ZodType<K>,
): (PageCursor & { after: K }) | null {
  if (!text) return null;
  const cursor = decodeCursor(text);
  const after = cursor ? keySchema.safeParse(cursor.after) : null;
  if (!cursor || !after?.success || cursor.filter !== filter) {
    throw fieldError("BAD_REQUEST", "cursor", "Cursor inválido para estos filtros");
  }
  return { ...cursor, after: after.data };
}

export interface PageInfo {
  page: number;
  total: number;
  total_pages: number;
  next_cursor: string | null;
}

/**
 * Cuts rows fetched with `limit PAGE_SIZE + 1` to a page and describes it. `total` is what the first page counted
 * (or what the cursor carried); the extra row only tells whether another page exists.
 */
export function pageOf<T>(
  rows: T[],
  opts: { cursor: PageCursor | null; total: number; filter: string; keyOf: (row: T) => KeyValue[] },
): { rows: T[]; info: PageInfo } {
  const page = (opts.cursor?.page ?? 0) + 1;
  const shown = rows.slice(0, PAGE_SIZE);
  const last = shown[shown.length - 1];
  const next_cursor =
    rows.length > PAGE_SIZE && last !== undefined
      ? encodeCursor({ after: opts.keyOf(last), page, total: opts.total, filter: opts.filter })
      : null;
  return { rows: shown, info: { page, total: opts.total, total_pages: Math.ceil(opts.total / PAGE_SIZE), next_cursor } };
}
