import superjson from "superjson";
import { describe, expect, it } from "vitest";
import { transformer } from "../src/transformer";

const plain = [
  null,
  "text",
  0,
  -1.5,
  true,
  [],
  {},
  {
    orders: [
      { id: 1, status: { name: "Abierta", color: "#fff" }, check_in_time: "2026-04-05 03:30:00+00", picture: null },
    ],
    next_cursor: null,
  },
  Object.assign(Object.create(null) as object, { a: 1 }),
];

const special = [
  undefined,
  new Date("2026-04-05T03:30:00Z"),
  { at: new Date(0) },
  { missing: undefined },
  [1, undefined],
  NaN,
  -0,
  Infinity,
  10n,
  new Map([["a", 1]]),
  new Set([1]),
  /re/g,
  new Error("boom"),
  { deep: [{ deeper: { at: new Date(1) } }] },
];

describe("output transformer", () => {
  it("answers exactly what superjson does for plain JSON and for values that need superjson", () => {
    for (const value of [...plain, ...special])
      expect(transformer.serialize(value)).toEqual(superjson.serialize(value));
  });

  it("round-trips through superjson on the client", () => {
    for (const value of [...plain, { at: new Date(0), list: [1, undefined] }]) {
      const wire = JSON.parse(JSON.stringify(transformer.serialize(value))) as Parameters<
        typeof superjson.deserialize
      >[0];
      expect(superjson.deserialize(wire)).toEqual(value);
    }
  });

  it("leaves cycles and prototype keys to superjson", () => {
    const cyclic: { self?: unknown } = {};
    cyclic.self = cyclic;
    expect(transformer.serialize(cyclic)).toEqual(superjson.serialize(cyclic));
    expect(() => transformer.serialize(JSON.parse('{"__proto__": {"x": 1}}'))).toThrow(/prototype pollution/);
  });
});
