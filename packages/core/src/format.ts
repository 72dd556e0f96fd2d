// Display formatting for Chile (es-CL). Shared by server and browser, so only
// standard ECMAScript/Intl APIs are used, never Node-only ones.
//
// Numbers are grouped by hand instead of relying on Intl's es-CL grouping:
// whether "1234" becomes "1.234" depends on the engine's CLDR data
// (minimumGroupingDigits) and on `useGrouping: "always"` support, and es-CL
// puts the minus after the currency symbol ("$-1.234"). Doing it here keeps the
// output identical in Node 20 and every browser.

import { groupThousands } from "./text";

export const DEFAULT_TZ = "America/Santiago";

/**
 * What the formatters read: a Date, or an ISO-8601 string that carries its UTC offset (the wire's `Instant`,
 * instant.ts, is one).
 */
export type InstantValue = Date | string;

// ---------------------------------------------------------------------------
// Numbers and money

// Intl with en-US and no grouping is only used to round (half away from zero)
// and to get plain digits without exponent notation; the result is then
// re-punctuated for es-CL.
const plainFormats = new Map<string, Intl.NumberFormat>();

function plainDigits(n: number, minDecimals: number, maxDecimals: number): string {
  const key = `${minDecimals}:${maxDecimals}`;
  let nf = plainFormats.get(key);
  if (!nf) {
    nf = new Intl.NumberFormat("en-US", {
      useGrouping: false,
      minimumFractionDigits: minDecimals,
      maximumFractionDigits: maxDecimals,
    });
    plainFormats.set(key, nf);
  }
  return nf.format(n);
}

/** "-1234.5" (plain digits) -> { negative, text: "1.234,5" }; "-0" counts as zero. */
function punctuate(plain: string): { negative: boolean; text: string } {
  const negative = plain.startsWith("-");
  const [int = "0", frac] = (negative ? plain.slice(1) : plain).split(".");
  const grouped = groupThousands(int, ".");
  const isZero = /^[0.]*$/.test(plain.replace("-", ""));
  return { negative: negative && !isZero, text: frac ? `${grouped},${frac}` : grouped };
}

function assertFinite(n: number, what: string): void {
  if (!Number.isFinite(n)) throw new RangeError(`${what} must be a finite number, got ${n}`);
}

/**
 * "1.234,5": dot thousands (even for four digits), decimal comma.
 * With `decimals`, exactly that many decimals (rounded half away from zero);
 * without, up to 3 decimals with trailing zeros dropped. Throws RangeError on
 * NaN/Infinity or a `decimals` outside 0..20.
 */
export function formatNumber(n: number, decimals?: number): string {
  assertFinite(n, "formatNumber");
  if (decimals !== undefined && !(Number.isInteger(decimals) && decimals >= 0 && decimals <= 20)) {
    throw new RangeError(`decimals must be an integer 0..20, got ${decimals}`);
  }
  const { negative, text } = punctuate(plainDigits(n, decimals ?? 0, decimals ?? 3));
  return negative ? `-${text}` : text;
}

const currencyInfo = new Map<string, { prefix: string; decimals: number }>();

// Symbol ("$", "US$", "EUR ") and minor-unit count come from Intl's es-CL data.
function currencyOf(currency: string): { prefix: string; decimals: number } {
  let info = currencyInfo.get(currency);
  if (!info) {
    const nf = new Intl.NumberFormat("es-CL", { style: "currency", currency, useGrouping: false });
    const parts = nf.formatToParts(1);
    const firstNumber = parts.findIndex((p) => p.type === "integer");
    const prefix = parts
      .slice(0, firstNumber)
      .filter((p) => p.type === "currency" || p.type === "literal")
      .map((p) => p.value)
      .join("");
    info = { prefix, decimals: nf.resolvedOptions().maximumFractionDigits ?? 0 };
    currencyInfo.set(currency, info);
  }
  return info;
}

/**
 * Money in es-CL style: "$1.234", "$0", "-$1.234", "$1.234.567".
 * CLP has no minor unit, so amounts are whole pesos; a non-integer (e.g. from
 * applying IVA) is rounded half away from zero rather than rejected, because a
 * formatter is the wrong place to fail a page. Other ISO currencies use their
 * own minor unit ("US$1.234,50"). Throws RangeError on NaN/Infinity or an
 * unknown currency code.
 */
export function formatMoney(amount: number, currency = "CLP"): string {
  assertFinite(amount, "formatMoney");
  const { prefix, decimals } = currencyOf(currency);
  const { negative, text } = punctuate(plainDigits(amount, decimals, decimals));
  return `${negative ? "-" : ""}${prefix}${text}`;
}

// ---------------------------------------------------------------------------
// Instants (timestamps) shown in a time zone

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT_RE =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)$/i;

/**
 * Strings are parsed here rather than by `new Date(string)`: engines disagree
 * on non-ISO forms such as Postgres' "2026-04-05 03:30:00+00", and a string
 * without an offset would be read in the browser's local zone. Date-only
 * strings are rejected: they are day-dates, see formatDay.
 */
function toDate(instant: InstantValue): Date {
  if (instant instanceof Date) {
    if (Number.isNaN(instant.getTime())) throw new RangeError("Invalid Date");
    return instant;
  }
  if (DAY_RE.test(instant)) {
    throw new RangeError(`"${instant}" is a day-date, not an instant; use formatDay`);
  }
  const m = INSTANT_RE.exec(instant.trim());
  if (!m) throw new RangeError(`Invalid instant "${instant}": expected ISO-8601 with a UTC offset`);
  const [, y, mo, d, h, mi, s = "0", frac = "", zone = "Z"] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (!isValidYmd(year, month, day) || hour > 23 || minute > 59 || second > 59) {
    throw new RangeError(`Invalid instant "${instant}"`);
  }
  const ms = Number(frac.padEnd(3, "0").slice(0, 3));
  let offsetMinutes = 0;
  if (zone.toUpperCase() !== "Z") {
    const digits = zone.slice(1).replace(":", "");
    offsetMinutes = (zone.startsWith("-") ? -1 : 1) * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0));
  }
  return new Date(utcMs(year, month, day, hour, minute, second, ms) - offsetMinutes * 60_000);
}

interface ZonedParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
}

const zonedFormats = new Map<string, Intl.DateTimeFormat>();

// formatToParts + pick by type, so the locale's own pattern never matters;
// hourCycle h23 avoids the "24:05" that `hour12: false` gave in some engines.
function partsIn(instant: InstantValue, tz: string): ZonedParts {
  let fmt = zonedFormats.get(tz);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat("en-US", {
      timeZone: tz,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    zonedFormats.set(tz, fmt);
  }
  const out: ZonedParts = { year: "", month: "", day: "", hour: "", minute: "" };
  for (const p of fmt.formatToParts(toDate(instant))) {
    if (p.type in out) out[p.type as keyof ZonedParts] = p.value;
  }
  out.year = out.year.padStart(4, "0");
  return out;
}

/** "dd-mm-yyyy" of the instant's calendar day in `tz`. */
export function formatDate(instant: InstantValue, tz = DEFAULT_TZ): string {
  const p = partsIn(instant, tz);
  return `${p.day}-${p.month}-${p.year}`;
}

/** 24-hour "HH:mm" of the instant in `tz`. */
export function formatTime(instant: InstantValue, tz = DEFAULT_TZ): string {
  const p = partsIn(instant, tz);
  return `${p.hour}:${p.minute}`;
}

/** "dd-mm-yyyy HH:mm" of the instant in `tz`. */
export function formatDateTime(instant: InstantValue, tz = DEFAULT_TZ): string {
  const p = partsIn(instant, tz);
  return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}`;
}

/**
 * "dd-mm-yy": the es-CL CLDR short date (what `dateStyle: "short"` gives and
 * what Excel/Sheets show with Chilean regional settings), for compact
 * spreadsheet columns. Unlike formatDate the year has two digits.
 */
export function formatShortDateCL(instant: InstantValue, tz = DEFAULT_TZ): string {
  const p = partsIn(instant, tz);
  return `${p.day}-${p.month}-${p.year.slice(-2)}`;
}

// ---------------------------------------------------------------------------
// Day-dates ("YYYY-MM-DD" date columns). These have no time zone, so they are
// handled as strings or with UTC-only Date methods: a local-time Date would
// shift the day by the browser's offset.

function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

function isValidYmd(y: number, m: number, d: number): boolean {
  const monthDays = [31, isLeapYear(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return m >= 1 && m <= 12 && d >= 1 && d <= (monthDays[m - 1] ?? 0);
}

// Date.UTC maps years 0..99 to 1900..1999; setUTCFullYear does not.
function utcMs(y: number, m: number, d: number, h = 0, mi = 0, s = 0, ms = 0): number {
  const dt = new Date(0);
  dt.setUTCFullYear(y, m - 1, d);
  dt.setUTCHours(h, mi, s, ms);
  return dt.getTime();
}

function parseDay(day: string): [year: number, month: number, dayOfMonth: number] {
  const m = DAY_RE.exec(day);
  const ymd: [number, number, number] = [Number(m?.[1]), Number(m?.[2]), Number(m?.[3])];
  if (!m || !isValidYmd(...ymd)) throw new RangeError(`Invalid day "${day}": expected YYYY-MM-DD`);
  return ymd;
}

const pad2 = (n: number) => String(n).padStart(2, "0");

/** "2026-04-05" -> "05-04-2026", purely by rearranging the string. */
export function formatDay(day: string): string {
  parseDay(day);
  return `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;
}

/** What a day that is not one says: people type and read days as dd-mm-yyyy, whatever the wire carries. */
export const INVALID_DAY_TEXT = "Fecha inválida (dd-mm-aaaa)";

/**
 * A day typed by hand, "dd-mm-yyyy" (also with "/" or ".", and one-digit day or month: "5/4/2026"), as its
 * "YYYY-MM-DD"; null when it is not a whole, real day.
 */
export function parseDayInput(text: string): string | null {
  const m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return isValidYmd(y, mo, d) ? `${m[3]}-${pad2(mo)}-${pad2(d)}` : null;
}

/**
 * What a day field shows while it is typed: digits flow into "dd-mm-yyyy" (the dashes come by themselves once a day
 * or a month has two digits), "/" and "." read as "-", anything else is dropped.
 */
export function maskDayInput(text: string): string {
  const parts = [""];
  for (const ch of text) {
    const i = parts.length - 1;
    const part = parts[i] ?? "";
    if (/\d/.test(ch)) {
      if (i < 2 && part.length === 2) parts.push(ch);
      else if (part.length < (i < 2 ? 2 : 4)) parts[i] = part + ch;
    } else if (/[-/.]/.test(ch) && i < 2 && part.length > 0) parts.push("");
  }
  return parts.join("-");
}

/** Today's "YYYY-MM-DD" in `tz`; `now` is injectable for tests. */
export function todayIn(tz = DEFAULT_TZ, now: Date = new Date()): string {
  const p = partsIn(now, tz);
  return `${p.year}-${p.month}-${p.day}`;
}

/** Calendar arithmetic on a day-date: addDays("2026-02-28", 1) -> "2026-03-01". */
export function addDays(day: string, n: number): string {
  if (!Number.isInteger(n)) throw new RangeError(`addDays needs an integer, got ${n}`);
  const [y, m, d] = parseDay(day);
  const dt = new Date(utcMs(y, m, d + n));
  return `${String(dt.getUTCFullYear()).padStart(4, "0")}-${pad2(dt.getUTCMonth() + 1)}-${pad2(dt.getUTCDate())}`;
}

/** ISO weekday of a day-date: 1 = Monday … 7 = Sunday. */
export function weekdayOf(day: string): number {
  const [y, m, d] = parseDay(day);
  return new Date(utcMs(y, m, d)).getUTCDay() || 7;
}

// ---------------------------------------------------------------------------
// Text

// Lower-case Spanish particles inside names ("Juan de la Fuente").
const NAME_PARTICLES = new Set(["de", "del", "la", "las", "los", "y", "e"]);

/**
 * "JUAN PÉREZ soto" -> "Juan Pérez Soto". Collapses whitespace, capitalises
 * after hyphens and apostrophes ("María-José", "O'Higgins") and keeps Spanish
 * particles lower-case except as the first word.
 */
export function titleCase(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word, i) => {
      const lower = word.toLowerCase();
      if (i > 0 && NAME_PARTICLES.has(lower)) return lower;
      return lower.replace(/(^|[-'’])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase());
    })
    .join(" ");
}

/**
 * Cuts `text` to at most `max` characters, ending in "…" when cut (trailing
 * spaces before the ellipsis are dropped). Counts code points so emoji and
 * other astral characters are never split. `max` must be an integer ≥ 1.
 */
export function truncate(text: string, max: number): string {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`truncate max must be an integer ≥ 1, got ${max}`);
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars
    .slice(0, max - 1)
    .join("")
    .trimEnd()}…`;
}

/**
 * The instant's wall-clock time in `tz` as a Date whose UTC fields read that time: what a spreadsheet's date cell
 * holds (cells carry no time zone, so "04-04-2026 23:30" in Chile must be stored as 2026-04-04T23:30Z).
 */
export function wallClockDate(instant: InstantValue, tz = DEFAULT_TZ): Date {
  const p = partsIn(instant, tz);
  const seconds = toDate(instant).getUTCSeconds();
  return new Date(utcMs(Number(p.year), Number(p.month), Number(p.day), Number(p.hour), Number(p.minute), seconds));
}
