import { describe, expect, it } from "vitest";
import { present } from "../src/present";

describe("present", () => {
  it("returns a value that is there, falsy ones included", () => {
    expect(present(0, "count")).toBe(0);
    expect(present("", "name")).toBe("");
    expect(present(false, "flag")).toBe(false);
  });

  it("throws an error naming what was missing", () => {
    expect(() => present(undefined, "the inserted company row")).toThrow("Missing the inserted company row");
    expect(() => present(null, "root element")).toThrow("Missing root element");
  });
});
