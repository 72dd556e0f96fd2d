// A CAF ('Código de Autorización de Folios'): the XML file the SII gives a company for a range of folios of one
// document type. Read with fast-xml-parser (no DTD, no entities expanded): the issuer's RUT (RE), the type (TD), the
// range (RNG D..H) and the authorization day (FA). The file is kept whole; the provider signs with it.
import { DTE_TYPE_CODES, formatRut, isValidRut, type DteType } from "@taller/core";
import { XMLParser } from "fast-xml-parser";

export interface Caf {
  issuerRut: string;
  dteType: DteType;
  first: number;
  last: number;
  authorizedOn: string | null;
}

/** Largest CAF accepted (a real one is about 2 KB). */
export const CAF_MAX_BYTES = 20_000;

const parser = new XMLParser({
  processEntities: false,
  parseTagValue: false,
  ignoreAttributes: true,
  trimValues: true,
});

const positive = (v: unknown): number | null => {
  const n = typeof v === "string" && /^\d{1,9}$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
};

/** The CAF's range, or a Spanish reason it is not one. */
export function parseCaf(xml: string): Caf | { error: string } {
  let doc: unknown;
  try {
    doc = parser.parse(xml, true);
  } catch {
    return { error: "El archivo no es un XML válido" };
  }
  const da = (doc as { AUTORIZACION?: { CAF?: { DA?: Record<string, unknown> } } }).AUTORIZACION?.CAF?.DA;
  if (!da || typeof da !== "object") return { error: "El archivo no es un CAF del SII (falta AUTORIZACION/CAF/DA)" };
  const rng = da.RNG as { D?: unknown; H?: unknown } | undefined;
  const first = positive(rng?.D);
  const last = positive(rng?.H);
  if (first === null || last === null || first > last) return { error: "El rango de folios del CAF no es válido" };
  const type = positive(da.TD);
  if (type === null || !(DTE_TYPE_CODES as readonly number[]).includes(type))
    return { error: "El CAF es de un tipo de documento que esta aplicación no emite" };
  const re = typeof da.RE === "string" ? da.RE : "";
  if (!isValidRut(re)) return { error: "El RUT del emisor del CAF no es válido" };
  const fa = typeof da.FA === "string" && /^\d{4}-\d{2}-\d{2}$/.test(da.FA) ? da.FA : null;
  return { issuerRut: formatRut(re), dteType: type as DteType, first, last, authorizedOn: fa };
}
