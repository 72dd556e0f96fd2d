import { describe, expect, it } from "vitest";
import { containsPattern, searchFold } from "../src/search";

describe("search folding", () => {
  it("upper-cases and drops Spanish accents, leaving everything else alone", () => {
    expect(searchFold("José Ñúñez-Güemes 12.345.678-k")).toBe("JOSE NUNEZ-GUEMES 12.345.678-K");
    expect(searchFold("ÁÉÍÓÚÜÑ áéíóúüñ")).toBe("AEIOUUN AEIOUUN");
    expect(searchFold("ç ß #208")).toBe("ç ß #208");
  });

  it("makes a contains pattern, reducing a written RUT to its digits and escaping wildcards", () => {
    expect(containsPattern("bbcl12")).toBe("%BBCL12%");
    expect(containsPattern("  maría   pérez ")).toBe("%MARIA PEREZ%");
    expect(containsPattern("12.345.678-k")).toBe("%12345678K%");
    expect(containsPattern("12345678-5")).toBe("%123456785%");
    expect(containsPattern("12.345")).toBe("%12345%");
    expect(containsPattern("CX-5")).toBe("%CX-5%");
    expect(containsPattern("100%_\\")).toBe("%100\\%\\_\\\\%");
    expect(containsPattern("   ")).toBeNull();
    expect(containsPattern(null)).toBeNull();
  });
});
