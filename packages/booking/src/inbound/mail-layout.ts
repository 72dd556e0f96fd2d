// The layout a booking e-mail is read by (README 'Bookings that arrive by e-mail'): one "Label: value" per line,
// Spanish labels, in any order, any case, accents optional, with list bullets, '>' quoting (a forwarded mail) and
// *bold* marks ignored. The first line of each label counts. Pure: table-tested in test/mail-layout.test.ts.
import { formatRut, isValidRut, type ExternalMailData } from "@taller/core";

type Field = keyof ExternalMailData;

/** Labels per field, folded (upper case, no accents). */
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

export const MAIL_ERRORS = {
  empty: "El correo no tiene texto",
  noDate: "Falta la fecha (Fecha: DD-MM-AAAA)",
  badDate: "La fecha no es válida (Fecha: DD-MM-AAAA)",
  noTime: "Falta la hora (Hora: HH:MM)",
  badTime: "La hora no es válida (Hora: HH:MM)",
  badRut: "El RUT no es válido",
  noClient: "Faltan los datos del cliente o del vehículo (RUT:, Nombre: o Patente:)",
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

// "- **Fecha**: 25-11-2026", "> Hora : 10:00", "• Patente:KXPT21"
const LINE = /^[\s>*\-•·]*([\p{L} ]{2,30}?)[\s*]*:[\s*]*(.*?)[\s*]*$/u;

/** The labelled values of a mail's text, first occurrence of each field. */
function labelledValues(text: string): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  for (const line of text.split(/\r?\n/)) {
    const m = LINE.exec(line);
    if (!m) continue;
    const field =
      LABELS[
        fold(m[1] ?? "")
          .trim()
          .replace(/\s+/g, " ")
      ];
    const value = (m[2] ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_VALUE);
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
  m = /(\d{1,2})\s+(?:DE\s+)?([A-Z]+)\s+(?:DE(?:L)?\s+)?(\d{4})/.exec(v);
  const month = m ? MONTHS.indexOf(m[2] ?? "") + 1 : 0;
  return m && month > 0 ? isoDay(Number(m[3]), month, Number(m[1])) : null;
}

/** A time as people write it: 10:00, 9.30, 10:00 hrs, 10 h, 15h30, 3:30 PM. 'HH:mm' or null. */
export function parseMailTime(value: string): string | null {
  const v = fold(value).replace(/\s+/g, " ").trim();
  const m = /^(\d{1,2})(?:\s*[:.H]\s*(\d{2}))?\s*(AM|PM|A\.M\.|P\.M\.)?\s*(?:HRS?\.?|HORAS?|H)?\.?$/.exec(v);
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
