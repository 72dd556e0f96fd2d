import { describe, expect, it } from "vitest";
import { DEFAULT_TERMS, termWords } from "../src/terms";
import { zipEntries, zipFileName } from "../src/zip";

const ORDER = termWords(DEFAULT_TERMS.order);

const A = "/files/AAAAAAAAAAAAAAAAAAAAAAAA";
const B = "/files/BBBBBBBBBBBBBBBBBBBBBBBB";
const C = "/files/CCCCCCCCCCCCCCCCCCCCCCCC";

describe("zipFileName", () => {
  it("names orders and budgets as the spec does", () => {
    expect(zipFileName("order", "Taller Demo", 12, ORDER)).toBe("Taller Demo - Orden de Trabajo 12.zip");
    expect(zipFileName("budget", "Taller Demo", 7, ORDER)).toBe("Taller Demo - Presupuesto 7.zip");
  });
  it("names an order's archive with the company's word for it", () => {
    const repair = termWords({ singular: "Reparación", plural: "Reparaciones" });
    expect(zipFileName("order", "Bicis", 3, repair)).toBe("Bicis - Reparación 3.zip");
  });
  it("keeps a company name with slashes a single file name", () => {
    expect(zipFileName("order", "A/B Motors", 1, ORDER)).toBe("A-B Motors - Orden de Trabajo 1.zip");
  });
});

describe("zipEntries", () => {
  it("names each picture by its name or its id plus .jpg and skips videos", () => {
    expect(zipEntries([{ url: A, name: "Frontal" }, { url: B }, { url: C, name: "Recepción", video: true }])).toEqual([
      { url: A, name: "Frontal.jpg" },
      { url: B, name: "BBBBBBBBBBBBBBBBBBBBBBBB.jpg" },
    ]);
  });
  it("tells equal names apart instead of overwriting one with the other", () => {
    expect(
      zipEntries([
        { url: A, name: "Foto" },
        { url: B, name: "foto.jpg" },
        { url: C, name: "Foto" },
      ]).map((e) => e.name),
    ).toEqual(["Foto.jpg", "foto (2).jpg", "Foto (3).jpg"]);
  });
  it("never makes a folder or a path out of a name", () => {
    expect(zipEntries([{ url: A, name: "../../etc/passwd" }])[0]!.name).toBe("-..-etc-passwd.jpg");
    expect(zipEntries([{ url: A, name: "   " }])[0]!.name).toBe("AAAAAAAAAAAAAAAAAAAAAAAA.jpg");
  });
  it("keeps only the app's own file URLs", () => {
    expect(zipEntries([{ url: "https://evil.example/x.jpg" }, { url: "/files/../secret" }, { url: A }])).toEqual([
      { url: A, name: "AAAAAAAAAAAAAAAAAAAAAAAA.jpg" },
    ]);
  });
});
