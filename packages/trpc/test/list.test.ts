import { z } from "zod";
import { describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { decodeCursor, encodeCursor, filterFingerprint, PAGE_SIZE, pageOf, readCursor } from "../src/pagination";

const key = z.tuple([z.number().int()]);

describe("keyset cursors", () => {
  it("round-trips, and decodes anything else to null", () => {
    const cursor = { after: [1_764_000_000_123_456, 42], page: 3, total: 1234, filter: "abc" };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    for (const bad of ["", "x", Buffer.from("{}").toString("base64url"), Buffer.from('{"after":[],"page":1,"total":0,"filter":""}').toString("base64url")]) {
      expect(decodeCursor(bad)).toBeNull();
    }
  });

  it("fingerprints equal filters alike and different ones apart", () => {
    expect(filterFingerprint({ a: [1, 2] })).toBe(filterFingerprint({ a: [1, 2] }));
    expect(filterFingerprint({ a: [1, 2] })).not.toBe(filterFingerprint({ a: [1, 3] }));
  });

  it("reads a cursor only for the filters and key shape it was made for", () => {
    const text = encodeCursor({ after: [10], page: 1, total: 60, filter: "f1" });
    expect(readCursor(null, "f1", key)).toBeNull();
    expect(readCursor(text, "f1", key)).toMatchObject({ after: [10], page: 1, total: 60 });
    for (const [cursor, filter] of [[text, "f2"], ["garbage", "f1"], [encodeCursor({ after: ["x"], page: 1, total: 1, filter: "f1" }), "f1"]]) {
      let error: unknown = null;
      try {
        readCursor(cursor, filter!, key);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(TRPCError);
      expect((error as TRPCError).code).toBe("BAD_REQUEST");
    }
  });
});

describe("pages", () => {
  const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: 1000 - i }));
  const keyOf = (r: { id: number }) => [r.id];

  it("cuts the extra row and points the next cursor at the last row shown", () => {
    const { rows: shown, info } = pageOf(rows(PAGE_SIZE + 1), { cursor: null, total: 120, filter: "f", keyOf });
    expect(shown).toHaveLength(PAGE_SIZE);
    expect(info).toMatchObject({ page: 1, total: 120, total_pages: 3 });
    expect(decodeCursor(info.next_cursor!)).toEqual({ after: [1000 - PAGE_SIZE + 1], page: 1, total: 120, filter: "f" });
  });

  it("ends without a cursor when no extra row came, even on an exactly full page", () => {
    const cursor = { after: [1], page: 1, total: 2 * PAGE_SIZE, filter: "f" };
    const { rows: shown, info } = pageOf(rows(PAGE_SIZE), { cursor, total: cursor.total, filter: "f", keyOf });
    expect(shown).toHaveLength(PAGE_SIZE);
    expect(info).toEqual({ page: 2, total: 2 * PAGE_SIZE, total_pages: 2, next_cursor: null });
    expect(pageOf([], { cursor: null, total: 0, filter: "f", keyOf }).info).toEqual({ page: 1, total: 0, total_pages: 0, next_cursor: null });
  });
});
