import { describe, expect, it } from "vitest";
import { cleanRut, computeRutDv, formatRut, isValidRut, rutSchema } from "../src/index";

describe("computeRutDv", () => {
  it("computes the módulo-11 check digit", () => {
    expect(computeRutDv("12345678")).toBe("5");
    expect(computeRutDv(12345678)).toBe("5");
    expect(computeRutDv("76086428")).toBe("5");
    expect(computeRutDv("1")).toBe("9");
  });

  it("maps 10 to K and 11 to 0", () => {
    expect(computeRutDv("10000013")).toBe("K");
    expect(computeRutDv("6")).toBe("K");
    expect(computeRutDv("5126663")).toBe("3");
    expect(computeRutDv("10000004")).toBe("0");
  });

  it("rejects non-digit bodies", () => {
    expect(() => computeRutDv("12.345")).toThrow(RangeError);
    expect(() => computeRutDv("")).toThrow(RangeError);
  });
});

describe("cleanRut", () => {
  it("strips dots, hyphen, spaces and leading zeros and upper-cases K", () => {
    expect(cleanRut("12.345.678-5")).toBe("123456785");
    expect(cleanRut(" 10.000.013-k ")).toBe("10000013K");
    expect(cleanRut("012.345.678-5")).toBe("123456785");
  });
});

describe("isValidRut", () => {
  it("accepts valid RUTs with or without dots and hyphen", () => {
    for (const rut of [
      "12.345.678-5",
      "12345678-5",
      "123456785",
      "12.345.6785",
      " 12.345.678-5 ",
      "1-9",
      "76.086.428-5",
    ]) {
      expect(isValidRut(rut), rut).toBe(true);
    }
  });

  it("accepts K in either case", () => {
    expect(isValidRut("10.000.013-K")).toBe(true);
    expect(isValidRut("10000013k")).toBe(true);
    expect(isValidRut("6-k")).toBe(true);
  });

  it("accepts check digit 0", () => {
    expect(isValidRut("10.000.004-0")).toBe(true);
  });

  it("rejects wrong check digits", () => {
    expect(isValidRut("12.345.678-9")).toBe(false);
    expect(isValidRut("12.345.678-K")).toBe(false);
    expect(isValidRut("10.000.013-0")).toBe(false);
  });

  it("rejects malformed input", () => {
    for (const rut of [
      "",
      "5",
      "0-0",
      "-5",
      "12.345.678--5",
      "1.23.45.678-5",
      "12,345,678-5",
      "12.345.678-X",
      "abc12345678-5",
      "1234567890-1",
    ]) {
      expect(isValidRut(rut), rut).toBe(false);
    }
  });
});

describe("formatRut", () => {
  it("formats with dots and hyphen", () => {
    expect(formatRut("123456785")).toBe("12.345.678-5");
    expect(formatRut("12345678-5")).toBe("12.345.678-5");
    expect(formatRut("10000013k")).toBe("10.000.013-K");
    expect(formatRut("5126663-3")).toBe("5.126.663-3");
    expect(formatRut("1-9")).toBe("1-9");
  });

  it("formats partial input as the user types", () => {
    expect(formatRut("")).toBe("");
    expect(formatRut("1")).toBe("1");
    expect(formatRut("1234")).toBe("123-4");
  });
});

describe("rutSchema", () => {
  it("normalises valid input to the formatted form", () => {
    expect(rutSchema.parse("123456785")).toBe("12.345.678-5");
    expect(rutSchema.parse(" 10000013-k ")).toBe("10.000.013-K");
    expect(rutSchema.parse("12.345.678-5")).toBe("12.345.678-5");
  });

  it('fails with "Rut inválido"', () => {
    for (const input of ["12.345.678-9", "", "hola", 12345678, null]) {
      const result = rutSchema.safeParse(input);
      expect(result.success, String(input)).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual(["Rut inválido"]);
    }
  });
});
