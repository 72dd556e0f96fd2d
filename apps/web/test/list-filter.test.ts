import { describe, expect, it } from "vitest";
import { idFilterCodec, toggleId } from "../src/lib/list-filter";

describe("stored list filters (seed 002 section 9: comma list of ids with a 0 appended)", () => {
  it("writes the ids with a trailing 0, an empty choice as '0'", () => {
    expect(idFilterCodec.serialize([3, 5, -1])).toBe("3,5,-1,0");
    expect(idFilterCodec.serialize([])).toBe("0");
    expect(idFilterCodec.serialize(null)).toBeNull();
  });

  it("reads them back without the 0, keeping 'nothing stored' apart from 'none chosen'", () => {
    expect(idFilterCodec.parse("3,5,-1,0")).toEqual([3, 5, -1]);
    expect(idFilterCodec.parse("0")).toEqual([]);
    expect(idFilterCodec.parse(null)).toBeNull();
    // Values written by hand or by an older version: what is not a whole id is dropped.
    expect(idFilterCodec.parse("1,,x,2.5, 4")).toEqual([1, 4]);
    expect(idFilterCodec.parse("2,1")).toEqual([2, 1]);
  });

  it("round-trips", () => {
    for (const ids of [[], [1], [1, 2, 3], [7, -1]])
      expect(idFilterCodec.parse(idFilterCodec.serialize(ids))).toEqual(ids);
  });

  it("toggles one id", () => {
    expect(toggleId([1, 2], 2)).toEqual([1]);
    expect(toggleId([1], 3)).toEqual([1, 3]);
    expect(toggleId([], -1)).toEqual([-1]);
  });
});
