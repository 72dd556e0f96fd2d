// The layout a booking e-mail is read by (README 'Bookings that arrive by e-mail'): one "Label: value" per line,
// Spanish labels, in any order, any case, accents optional, with list bullets, '>' quoting (a forwarded mail) and
// *bold* marks ignored. The first line of each label counts. Pure: table-tested in test/mail-layout.test.ts.
import { formatRut, isValidRut, type ExternalMailData } from "@taller/core";

type Field = keyof ExternalMailData;

/**
 * Labels per field, folded (upper case, no accents): the words a sender's mail may carry, whatever the company
 * calls its clients and vehicles.
 */
/* eslint-disable taller/fixed-term -- a sender's labels, not the company's words on a screen */
const LABELS: Record<string, Field> = {
  LOCAL: "location_name",
  SUCURSAL: "location_name",
  RUT: "client_rut",
  "RUT CLIENTE": "client_rut",
  NOMBRE: "client_name",
  CLIENTE: "client_name",
  "NOMBRE CLIENTE": "client_name",
  PATENTE: "identifier",
  PLACA: "identifier",
  VEHICULO: "identifier",
  SERVICIO: "requirement_name",
  REQUERIMIENTO: "requirement_name",
  MOTIVO: "requirement_name",
  FECHA: "booking_date",
  HORA: "booking_time",
};
/* eslint-enable taller/fixed-term */

export const MAIL_ERRORS = {
  empty: "El correo no tiene texto",
  noDate: "Falta la fecha (Fecha: DD-MM-AAAA)",
  badDate: "La fecha no es válida (Fecha: DD-MM-AAAA)",
  noTime: "Falta la hora (Hora: HH:MM)",
  badTime: "La hora no es válida (Hora: HH:MM)",
  badRut: "El RUT no es válido",
  // Named by the labels the sender writes: the reply goes to a mail service, which knows no company's words.
  noClient: "Falta el RUT, el nombre o la patente (RUT:, Nombre: o Patente:)",
} as const;

export type MailLayoutResult = { ok: true; data: ExternalMailData } | { ok: false; reason: string };

/** Longest value kept per field: a line of a form, not a letter. */
const MAX_VALUE = 200;

const MONTHS = [
  "ENERO",
  "FEBRERO",
  "MARZO",
  "ABRIL",
  "MAYO",
  "JUNIO",
  "JULIO",
  "AGOSTO",
  "SEPTIEMBRE",
  "OCTUBRE",
  "NOVIEMBRE",
  "DICIEMBRE",
];

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase();

/** What may stand around a label's colon (spaces, bold marks), and before a label (also bullets, '>' quoting). */
const around = (c: string) => c === "*" || /\s/.test(c);
const lead = (c: string) => around(c) || ">-•·".includes(c);
const LABEL = /^[\p{L} ]{2,30}$/u;

/** `line` without the characters `skip` accepts at its start and, with `both`, at its end: one pass each. */
function strip(line: string, skip: (c: string) => boolean, both = true): string {
  let start = 0;
  let end = line.length;
  while (start < end && skip(line.charAt(start))) start++;
  while (both && end > start && skip(line.charAt(end - 1))) end--;
  return line.slice(start, end);
}

/**
 * "- **Fecha**: 25-11-2026", "> Hora : 10:00", "• Patente:KXPT21": the label and value of one line, or null. Read
 * by hand, one pass over the line: a regex with quantifiers on both sides of the value backtracked quadratically on
 * a long line of spaces and asterisks, holding the event loop.
 */
function labelled(line: string): { label: string; value: string } | null {
  const colon = line.indexOf(":");
  if (colon < 0) return null;
  const label = strip(strip(line.slice(0, colon), lead, false), around);
  if (!LABEL.test(label)) return null;
  return { label, value: strip(line.slice(colon + 1), around) };
}

/** The labelled values of a mail's text, first occurrence of each field. */
function labelledValues(text: string): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  for (const line of text.split(/\r\n|[\n\r\u2028\u2029]/)) {
    const m = labelled(line);
    if (!m) continue;
    const field = LABELS[fold(m.label).trim().replace(/\s+/g, " ")];
    const value = m.value.replace(/\s+/g, " ").trim().slice(0, MAX_VALUE);
    if (field && value && out[field] === undefined) out[field] = value;
  }
  return out;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** 'YYYY-MM-DD' of a real calendar day, or null. */
function isoDay(y: number, m: number, d: number): string | null {
  const iso = `${String(y).padStart(4, "0")}-${pad(m)}-${pad(d)}`;
  const t = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(t.getTime()) || t.toISOString().slice(0, 10) !== iso ? null : iso;
}

/**
 * A day as people write it: 25-11-2026, 25/11/26, 25.11.2026, 2026-11-25, '25 de noviembre de 2026', with or
 * without a weekday before it ('martes 25-11-2026'). Two-digit years are 20xx.
 */
export function parseMailDate(value: string): string | null {
  const v = fold(value);
  const year = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));
  let m = /(\d{4})-(\d{1,2})-(\d{1,2})/.exec(v);
  if (m) return isoDay(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})(?!\d)/.exec(v);
  if (m) return isoDay(year(m[3] ?? ""), Number(m[2]), Number(m[1]));
  m = /(\d{1,2})\s+(?:DE\s+)?([A-Z]+)\s+(?:DEL?\s+)?(\d{4})/.exec(v);
  const month = m ? MONTHS.indexOf(m[2] ?? "") + 1 : 0;
  return m && month > 0 ? isoDay(Number(m[3]), month, Number(m[1])) : null;
}

/** A time as people write it: 10:00, 9.30, 10:00 hrs, 10 h, 15h30, 3:30 PM. 'HH:mm' or null. */
export function parseMailTime(value: string): string | null {
  const v = fold(value).replace(/\s+/g, " ").trim();
  const m = /^(\d{1,2})(?: ?[:.H] ?(\d{2}))?(?: ?(AM|PM|A\.M\.|P\.M\.))?(?: ?(?:HRS?\.?|HORAS?|H))?\.?$/.exec(v);
  if (!m) return null;
  let hour = Number(m[1]);
  const minute = m[2] === undefined ? 0 : Number(m[2]);
  const meridiem = m[3]?.replace(/\./g, "");
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem === "PM" ? 12 : 0);
  }
  return hour <= 23 && minute <= 59 ? `${pad(hour)}:${pad(minute)}` : null;
}

/** A plate or identifier as stored: upper case, without the spaces, dots and hyphens people write in it. */
export const normalizeIdentifier = (value: string) =>
  value
    .toUpperCase()
    .replace(/[\s.\-·]/g, "")
    .slice(0, 20);

/** Reads a booking out of a mail's text, or says in Spanish why it cannot. */
export function parseBookingMail(text: string): MailLayoutResult {
  if (!text.trim()) return { ok: false, reason: MAIL_ERRORS.empty };
  const v = labelledValues(text);
  if (v.booking_date === undefined) return { ok: false, reason: MAIL_ERRORS.noDate };
  const date = parseMailDate(v.booking_date);
  if (!date) return { ok: false, reason: MAIL_ERRORS.badDate };
  if (v.booking_time === undefined) return { ok: false, reason: MAIL_ERRORS.noTime };
  const time = parseMailTime(v.booking_time);
  if (!time) return { ok: false, reason: MAIL_ERRORS.badTime };
  if (v.client_rut !== undefined && !isValidRut(v.client_rut)) return { ok: false, reason: MAIL_ERRORS.badRut };
  const identifier = v.identifier === undefined ? "" : normalizeIdentifier(v.identifier);
  if (v.client_rut === undefined && v.client_name === undefined && !identifier)
    return { ok: false, reason: MAIL_ERRORS.noClient };
  return {
    ok: true,
    data: {
      location_name: v.location_name ?? null,
      client_rut: v.client_rut === undefined ? null : formatRut(v.client_rut),
      client_name: v.client_name ?? null,
      identifier: identifier || null,
      requirement_name: v.requirement_name ?? null,
      booking_date: date,
      booking_time: time,
    },
  };
}
