import { describe, expect, it } from "vitest";
import { parseCaf } from "../src/caf";
import { cafXml } from "./fake-dte";

describe("parseCaf", () => {
  it("reads the type, the range, the issuer and the day", () => {
    expect(parseCaf(cafXml(33, 101, 200))).toEqual({
      issuerRut: "76.192.083-9",
      dteType: 33,
      first: 101,
      last: 200,
      authorizedOn: "2026-01-05",
    });
  });

  it("refuses what is not a CAF of a type this app issues, in Spanish", () => {
    expect(parseCaf("<html>")).toHaveProperty("error");
    expect(parseCaf("<AUTORIZACION></AUTORIZACION>")).toEqual({
      error: "El archivo no es un CAF del SII (falta AUTORIZACION/CAF/DA)",
    });
    expect(parseCaf(cafXml(52, 1, 10))).toEqual({
      error: "El CAF es de un tipo de documento que esta aplicación no emite",
    });
    expect(parseCaf(cafXml(33, 10, 1))).toEqual({ error: "El rango de folios del CAF no es válido" });
    expect(parseCaf(cafXml(33, 1, 10, "76.192.083-1"))).toEqual({ error: "El RUT del emisor del CAF no es válido" });
    // Entities are not expanded (no billion laughs).
    expect(parseCaf('<!DOCTYPE a [<!ENTITY x "y">]><AUTORIZACION>&x;</AUTORIZACION>')).toHaveProperty("error");
  });
});
