// One list pipeline: a procedure states its filters (fingerprinted), how to fetch the rows after a key, how to count
// and how a row's key reads; listPage checks the cursor, fetches, counts on the first page only, and answers the
// spec's page fields. Every list (orders, vehicles, and later bookings, CRM, payments) goes through it.
import type { KeyObject } from "node:crypto";
import { PAGE_SIZE } from "@taller/core";
import type { Db } from "@taller/db";
import type { z } from "zod";
import { cursorKey, encodeCursor, filterFingerprint, readCursor, type KeyValue, type PageCursor } from "./cursor";

export interface PageInfo {
  page: number;
  /** Rows in the whole list; a lower bound when `total_capped`. */
  total: number;
  /** The count stopped at COUNT_CAP: screens say 'más de 10.000'. */
  total_capped: boolean;
  total_pages: number;
  next_cursor: string | null;
}

/** What a list's count answers: the total, whether it is a lower bound, and whatever else the count knew. */
export interface Counted {
  total: number;
  capped: boolean;
}

/**
 * Cuts rows fetched with `limit PAGE_SIZE + 1` to a page and describes it. The total is what the first page counted
 * (or what the cursor carried); the extra row only tells whether another page exists.
 */
export function pageOf<T>(
  rows: T[],
  opts: { cursor: PageCursor | null; counted: Counted; filter: string; key: KeyObject; keyOf: (row: T) => KeyValue[] },
): { rows: T[]; info: PageInfo } {
  const page = (opts.cursor?.page ?? 0) + 1;
  const shown = rows.slice(0, PAGE_SIZE);
  const last = shown[shown.length - 1];
  const { total, capped } = opts.counted;
  const next_cursor =
    rows.length > PAGE_SIZE && last !== undefined
      ? encodeCursor({ after: opts.keyOf(last), page, total, capped, filter: opts.filter }, opts.key)
      : null;
  return {
    rows: shown,
    info: { page, total, total_capped: capped, total_pages: Math.ceil(total / PAGE_SIZE), next_cursor },
  };
}

export interface ListPageSpec<Row, K extends KeyValue[], C extends Counted> {
  db: Db;
  /** The input's cursor text. */
  cursor: string | null | undefined;
  /** Everything that selects and orders the rows (normalized): the cursor is valid only for the same. */
  filter: unknown;
  /** The shape of a row's key, checked on cursors that come back. */
  keySchema: z.ZodType<K>;
  /** PAGE_SIZE + 1 rows after the given key (null: from the start), in list order. */
  fetch(after: K | null): Promise<Row[]>;
  /** The first page's count (later pages carry it in the cursor). */
  count(): Promise<C>;
  keyOf(row: Row): K;
}

/** A page of a list, and on the first page the count (`counted`, null on later pages). */
export async function listPage<Row, K extends KeyValue[], C extends Counted>(
  spec: ListPageSpec<Row, K, C>,
): Promise<{ rows: Row[]; info: PageInfo; counted: C | null }> {
  const key = await cursorKey(spec.db);
  const fingerprint = filterFingerprint(spec.filter);
  const cursor = readCursor(spec.cursor, key, fingerprint, spec.keySchema);
  const [rows, counted] = await Promise.all([spec.fetch(cursor?.after ?? null), cursor ? null : spec.count()]);
  const total = counted ?? { total: cursor?.total ?? 0, capped: cursor?.capped ?? false };
  const page = pageOf(rows, { cursor, counted: total, filter: fingerprint, key, keyOf: spec.keyOf });
  return { ...page, counted };
}
