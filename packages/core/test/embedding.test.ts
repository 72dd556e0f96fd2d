import { describe, expect, it } from "vitest";
import {
  frameAncestorSources,
  originAllowed,
  originMatchesPattern,
  parseAllowedDomains,
  patternToCspSource,
} from "../src/index";

describe("parseAllowedDomains", () => {
  it("splits on any whitespace and drops empties", () => {
    expect(parseAllowedDomains("  a.cl   *.b.cl\nhttps://c.cl\t")).toEqual(["a.cl", "*.b.cl", "https://c.cl"]);
    expect(parseAllowedDomains("")).toEqual([]);
    expect(parseAllowedDomains("   ")).toEqual([]);
  });
});

describe("originMatchesPattern", () => {
  it("matches a bare host against the origin's host name, any scheme", () => {
    expect(originMatchesPattern("https://taller.cl", "taller.cl")).toBe(true);
    expect(originMatchesPattern("http://taller.cl:8080", "taller.cl")).toBe(true);
  });

  it("treats dots as literal characters", () => {
    expect(originMatchesPattern("https://tallerXcl", "taller.cl")).toBe(false);
    expect(originMatchesPattern("https://www.example.com", "www.example.com")).toBe(true);
    expect(originMatchesPattern("https://wwwXexample.com", "www.example.com")).toBe(false);
  });

  it("is anchored at both ends", () => {
    expect(originMatchesPattern("https://taller.cl.evil.com", "taller.cl")).toBe(false);
    expect(originMatchesPattern("https://eviltaller.cl", "taller.cl")).toBe(false);
  });

  it("expands * to any characters, subdomains of any depth included", () => {
    expect(originMatchesPattern("https://shop.taller.cl", "*.taller.cl")).toBe(true);
    expect(originMatchesPattern("https://a.b.taller.cl", "*.taller.cl")).toBe(true);
    expect(originMatchesPattern("https://taller.cl", "*.taller.cl")).toBe(false);
    expect(originMatchesPattern("https://tienda-norte.cl", "tienda*.cl")).toBe(true);
    expect(originMatchesPattern("https://anything.example", "*")).toBe(true);
  });

  it("matches the whole origin when the pattern has a scheme", () => {
    expect(originMatchesPattern("https://taller.cl", "https://taller.cl")).toBe(true);
    expect(originMatchesPattern("http://taller.cl", "https://taller.cl")).toBe(false);
    expect(originMatchesPattern("https://x.taller.cl", "https://*.taller.cl")).toBe(true);
    expect(originMatchesPattern("https://taller.cl", "https://taller.cl/")).toBe(true);
  });

  it("matches the port when the pattern names one", () => {
    expect(originMatchesPattern("http://localhost:4000", "localhost:4000")).toBe(true);
    expect(originMatchesPattern("http://localhost:4001", "localhost:4000")).toBe(false);
    expect(originMatchesPattern("http://localhost:4001", "localhost:*")).toBe(true);
  });

  it("is case-insensitive and escapes regular-expression characters", () => {
    expect(originMatchesPattern("https://taller.cl", "TALLER.CL")).toBe(true);
    expect(originMatchesPattern("https://tallerrr.cl", "taller+.cl")).toBe(false);
    expect(originMatchesPattern("https://a.cl", "(a|b).cl")).toBe(false);
  });

  it("rejects origins that are not URLs", () => {
    expect(originMatchesPattern("null", "*")).toBe(false);
    expect(originMatchesPattern("", "taller.cl")).toBe(false);
    expect(originMatchesPattern("https://taller.cl", "")).toBe(false);
  });
});

describe("originAllowed", () => {
  it("is true when any pattern matches", () => {
    expect(originAllowed("https://b.cl", ["a.cl", "b.cl"])).toBe(true);
    expect(originAllowed("https://c.cl", ["a.cl", "b.cl"])).toBe(false);
    expect(originAllowed("https://c.cl", [])).toBe(false);
  });
});

describe("patternToCspSource", () => {
  it("keeps sources CSP can express", () => {
    expect(patternToCspSource("taller.cl")).toBe("taller.cl");
    expect(patternToCspSource("*.taller.cl")).toBe("*.taller.cl");
    expect(patternToCspSource("https://*.Taller.cl/")).toBe("https://*.taller.cl");
    expect(patternToCspSource("localhost:4000")).toBe("localhost:4000");
    expect(patternToCspSource("http://localhost:*")).toBe("http://localhost:*");
    expect(patternToCspSource("*")).toBe("*");
  });

  it("returns null for wildcards CSP cannot express", () => {
    expect(patternToCspSource("tienda*.cl")).toBeNull();
    expect(patternToCspSource("www.*.cl")).toBeNull();
    expect(patternToCspSource("**.cl")).toBeNull();
  });

  it("never lets header syntax through", () => {
    expect(patternToCspSource("taller.cl;script-src")).toBeNull();
    expect(patternToCspSource("'unsafe-inline'")).toBeNull();
    expect(patternToCspSource("taller.cl,evil.com")).toBeNull();
    expect(patternToCspSource("taller.cl/path")).toBeNull();
  });
});

describe("frameAncestorSources", () => {
  it("is 'self' alone without patterns", () => {
    expect(frameAncestorSources([])).toEqual(["'self'"]);
  });

  it("adds expressible patterns once each", () => {
    expect(frameAncestorSources(["*.taller.cl", "https://x.cl", "*.taller.cl"])).toEqual([
      "'self'",
      "*.taller.cl",
      "https://x.cl",
    ]);
  });

  it("allows the requesting origin for a pattern CSP cannot express, and only when it matches", () => {
    expect(frameAncestorSources(["tienda*.cl"], "https://tienda-sur.cl")).toEqual(["'self'", "https://tienda-sur.cl"]);
    expect(frameAncestorSources(["tienda*.cl"], "https://otro.cl")).toEqual(["'self'"]);
    expect(frameAncestorSources(["tienda*.cl"], null)).toEqual(["'self'"]);
    expect(frameAncestorSources(["tienda*.cl"], "not a url")).toEqual(["'self'"]);
  });
});
