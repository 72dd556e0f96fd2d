import { describe, expect, it } from "vitest";
import { booleanCodec, idListCodec, stringCodec } from "../src/lib/storage";

describe("storage codecs", () => {
  it("reads the comma-separated location ids, telling 'nothing stored' from 'none chosen'", () => {
    expect(idListCodec.parse(null)).toBeNull();
    expect(idListCodec.parse("")).toEqual([]);
    expect(idListCodec.parse("3,7")).toEqual([3, 7]);
    expect(idListCodec.parse("3,x,-1,2.5,9")).toEqual([3, 9]);
    expect(idListCodec.serialize([3, 7])).toBe("3,7");
    expect(idListCodec.serialize(null)).toBeNull();
  });

  it("falls back on unknown values", () => {
    expect(booleanCodec(false).parse("true")).toBe(true);
    expect(booleanCodec(false).parse("yes")).toBe(false);
    expect(stringCodec(["sky", "dark"], "sky").parse("dark")).toBe("dark");
    expect(stringCodec(["sky", "dark"], "sky").parse("neon")).toBe("sky");
  });
});
