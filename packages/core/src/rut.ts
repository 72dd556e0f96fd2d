// Chilean RUT (Rol Único Tributario): a body of digits plus a módulo-11 check
// digit ("dígito verificador", 0-9 or K), written "12.345.678-5".
import { groupThousands } from "./text";

// Accepted spellings: body plain or with correctly placed dots, hyphen
// optional, k in either case, surrounding spaces ignored.
const RUT_RE = /^(?:\d{1,3}(?:\.\d{3})+|\d+)-?[\dkK]$/;

/**
 * Canonical compact form: digits + upper-case check digit, no dots, hyphen or
 * leading zeros ("12.345.678-k" -> "12345678K"). Does not validate; it drops
 * anything that is not a digit or K so it can also tidy partial input.
 */
export function cleanRut(rut: string): string {
  return rut
    .replace(/[^\dkK]/g, "")
    .toUpperCase()
    .replace(/^0+/, "");
}

/** Módulo-11 check digit of a RUT body ("12345678" -> "5"); 10 is "K", 11 is "0". */
export function computeRutDv(body: string | number): string {
  const digits = String(body);
  if (!/^\d+$/.test(digits)) throw new RangeError(`RUT body must be digits, got "${digits}"`);
  let sum = 0;
  let factor = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const dv = 11 - (sum % 11);
  return dv === 11 ? "0" : dv === 10 ? "K" : String(dv);
}

/** True for a well-formed RUT (dots and hyphen optional) whose check digit matches. */
export function isValidRut(rut: string): boolean {
  if (!RUT_RE.test(rut.trim())) return false;
  const clean = cleanRut(rut);
  const body = clean.slice(0, -1);
  // An empty body was all zeros ("0-0"). Issued RUTs have at most 8 digits;
  // 9 leaves headroom without accepting arbitrarily long numbers.
  return body.length > 0 && body.length <= 9 && computeRutDv(body) === clean.slice(-1);
}

/**
 * "123456785" -> "12.345.678-5". Only re-punctuates the cleaned input and does
 * not check the digit, so it can format as the user types; use isValidRut (or
 * rutSchema in rut-schema.ts) to validate.
 */
export function formatRut(rut: string): string {
  const clean = cleanRut(rut);
  if (clean.length < 2) return clean;
  const body = groupThousands(clean.slice(0, -1), ".");
  return `${body}-${clean.slice(-1)}`;
}
