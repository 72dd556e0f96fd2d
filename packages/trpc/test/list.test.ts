import { createSecretKey, randomBytes } from "node:crypto";
import { PAGE_SIZE } from "@taller/core";
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { decodeCursor, encodeCursor, filterFingerprint, pageOf, readCursor } from "../src/list";

const key = createSecretKey(randomBytes(32));
const keyShape = z.tuple([z.number().int()]);
const counted = (total: number) => ({ total, capped: false });

function refusal(run: () => unknown): TRPCError | null {
  try {
    run();
    return null;
  } catch (e) {
    return e as TRPCError;
  }
}

describe("signed keyset cursors", () => {
  it("round-trips with its key, and decodes anything else to null", () => {
    const cursor = { after: [1_764_000_000_123_456, 42], page: 3, total: 1234, capped: false, filter: "abc" };
    expect(decodeCursor(encodeCursor(cursor, key), key)).toEqual(cursor);
    for (const bad of ["", "x", "x.y", Buffer.from("{}").toString("base64url"), `${encodeCursor(cursor, key)}.extra`]) {
      expect(decodeCursor(bad, key)).toBeNull();
    }
  });

  it("refuses a cursor signed with another key or edited after signing", () => {
    const cursor = { after: [10], page: 1, total: 60, capped: false, filter: "f1" };
    expect(decodeCursor(encodeCursor(cursor, createSecretKey(randomBytes(32))), key)).toBeNull();
    const [, signature] = encodeCursor(cursor, key).split(".");
    // The same signature over a body that points elsewhere (the old unsigned format let clients write any key).
    const forged = `${Buffer.from(JSON.stringify({ ...cursor, after: ["1) OR 1=1 --"] })).toString("base64url")}.${signature}`;
    expect(decodeCursor(forged, key)).toBeNull();
  });

  it("fingerprints equal filters alike and different ones apart", () => {
    expect(filterFingerprint({ a: [1, 2] })).toBe(filterFingerprint({ a: [1, 2] }));
    expect(filterFingerprint({ a: [1, 2] })).not.toBe(filterFingerprint({ a: [1, 3] }));
  });

  it("reads a cursor only for the filters and key shape it was made for; anything else is a Spanish 400 on `cursor`", () => {
    const text = encodeCursor({ after: [10], page: 1, total: 60, capped: false, filter: "f1" }, key);
    expect(readCursor(null, key, "f1", keyShape)).toBeNull();
    expect(readCursor(text, key, "f1", keyShape)).toMatchObject({ after: [10], page: 1, total: 60 });
    const wrongShape = encodeCursor({ after: ["x"], page: 1, total: 1, capped: false, filter: "f1" }, key);
    for (const [cursor, filter] of [
      [text, "f2"],
      ["garbage", "f1"],
      [wrongShape, "f1"],
    ] as const) {
      const error = refusal(() => readCursor(cursor, key, filter, keyShape));
      expect(error).toBeInstanceOf(TRPCError);
      expect(error!.code).toBe("BAD_REQUEST");
      expect(error!.message).toBe("Cursor inválido para estos filtros");
    }
  });
});

describe("pages", () => {
  const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: 1000 - i }));
  const keyOf = (r: { id: number }) => [r.id];

  it("cuts the extra row and points the next cursor at the last row shown", () => {
    const { rows: shown, info } = pageOf(rows(PAGE_SIZE + 1), {
      cursor: null,
      counted: counted(120),
      filter: "f",
      key,
      keyOf,
    });
    expect(shown).toHaveLength(PAGE_SIZE);
    expect(info).toMatchObject({ page: 1, total: 120, total_capped: false, total_pages: 3 });
    expect(decodeCursor(info.next_cursor!, key)).toEqual({
      after: [1000 - PAGE_SIZE + 1],
      page: 1,
      total: 120,
      capped: false,
      filter: "f",
    });
  });

  it("carries a capped total to later pages", () => {
    const { info } = pageOf(rows(PAGE_SIZE + 1), {
      cursor: null,
      counted: { total: 10_000, capped: true },
      filter: "f",
      key,
      keyOf,
    });
    expect(info.total_capped).toBe(true);
    expect(decodeCursor(info.next_cursor!, key)?.capped).toBe(true);
  });

  it("ends without a cursor when no extra row came, even on an exactly full page", () => {
    const cursor = { after: [1], page: 1, total: 2 * PAGE_SIZE, capped: false, filter: "f" };
    const { rows: shown, info } = pageOf(rows(PAGE_SIZE), {
      cursor,
      counted: counted(cursor.total),
      filter: "f",
      key,
      keyOf,
    });
    expect(shown).toHaveLength(PAGE_SIZE);
    expect(info).toEqual({ page: 2, total: 2 * PAGE_SIZE, total_capped: false, total_pages: 2, next_cursor: null });
    expect(pageOf([], { cursor: null, counted: counted(0), filter: "f", key, keyOf }).info).toEqual({
      page: 1,
      total: 0,
      total_capped: false,
      total_pages: 0,
      next_cursor: null,
    });
  });
});
