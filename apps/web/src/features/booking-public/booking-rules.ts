/**
 * The client booking page's rules (seed 000 sections 4 and 5, seed 001 section 5), pure: no React, no clock, no API.
 * Day-dates are 'YYYY-MM-DD' strings and times 'HH:mm' (America/Santiago wall clock), compared as strings.
 */
import {
  addDays,
  BOOKING_ERRORS,
  DATE_NOT_AVAILABLE,
  formatDay,
  NO_HOURS_AVAILABLE,
  NOT_SPECIFIED,
  PENDING,
  type TermWords,
  weekdayOf,
} from "@taller/core";

/** The date picker's minimum: the client books from tomorrow on (seed 000 section 9). */
export const minBookingDate = (today: string) => addDays(today, 1);

/** A weekday numbered 1 (Monday) … 7 (Sunday), as days_preferences numbers them, in Sunday-first numbering (0 … 6). */
export const sundayFirst = (isoWeekday: number) => isoWeekday % 7;

/**
 * The weekdays the picker disables, Sunday-first (0 = Sunday … 6 = Saturday): every weekday the location does not
 * work (disabled in days_preferences or missing from it).
 */
export function disabledWeekdays(workingDays: readonly number[]): number[] {
  const working = new Set(workingDays.map(sundayFirst));
  return [0, 1, 2, 3, 4, 5, 6].filter((d) => !working.has(d));
}

export interface DateRules {
  /** The first day that may be picked. */
  min: string;
  /** Sunday-first weekdays that cannot be picked (disabledWeekdays). */
  disabledWeekdays: readonly number[];
  holidays: readonly string[];
}

/** May this day be picked? Not before the minimum, not a holiday, on a weekday the location works. */
export function dateAvailable(day: string, rules: DateRules): boolean {
  return (
    day >= rules.min && !rules.holidays.includes(day) && !rules.disabledWeekdays.includes(sundayFirst(weekdayOf(day)))
  );
}

/** The date field's message: 'Fecha no disponible' for a day the filter refuses, nothing otherwise. */
export const dateError = (day: string, rules: DateRules): string | null =>
  dateAvailable(day, rules) ? null : DATE_NOT_AVAILABLE;

/** The wall clock now, in the company's time zone. */
export interface WallClock {
  date: string;
  time: string;
}

/** The hours to offer for `day`: none for a past day, only those after now for today, all of them later on. */
export function hoursOffered(hours: readonly string[], day: string, now: WallClock): string[] {
  if (day < now.date) return [];
  return day === now.date ? hours.filter((h) => h > now.time) : [...hours];
}

/** What the free-slot search answered: its hours, or why there are none. */
export function hoursMessage(
  answer: { hours: readonly string[]; errors: Record<string, readonly string[]> } | null,
  offered: readonly string[],
) {
  if (answer === null) return null;
  const failed = Object.values(answer.errors).some((messages) => messages.length > 0);
  return failed || offered.length === 0 ? NO_HOURS_AVAILABLE : null;
}

/**
 * seed 000 section 4, 'Client booking time': after the hours reload (date or professional changed), a chosen time
 * no longer offered is cleared and marked invalid; one still offered stays.
 */
export function reconcileTime(
  chosen: string | null,
  offered: readonly string[],
): { time: string | null; error: string | null } {
  if (chosen === null || offered.includes(chosen)) return { time: chosen, error: null };
  return { time: null, error: BOOKING_ERRORS.slotTaken };
}

/** What the side summary needs from the case and the form. */
export interface SummaryInput {
  requirement_name: string | null;
  location_name: string | null;
  client_name: string | null;
  professional_name: string | null;
  brand_name: string | null;
  brand_model_name: string | null;
  booking_date: string | null;
  booking_time: string | null;
  comment: string | null;
  /** The company's words: the client's name row and the object's brand and model row are labelled with them. */
  terms: Record<"object" | "client", TermWords>;
}

/** The side summary's rows, label and value, with the spec's fallbacks ('Sin especificar', 'Pendiente'). */
export function summaryRows(s: SummaryInput): [label: string, value: string][] {
  const or = (value: string | null | undefined) => (value?.trim() ? value.trim() : NOT_SPECIFIED);
  const vehicle = [s.brand_name, s.brand_model_name].filter((v) => v?.trim()).join(" ");
  return [
    ["Servicio", or(s.requirement_name)],
    ["Local", or(s.location_name)],
    [`Nombre ${s.terms.client.one}`, or(s.client_name)],
    ["Profesional", or(s.professional_name)],
    [s.terms.object.one, or(vehicle)],
    ["Fecha y hora", s.booking_date && s.booking_time ? `${formatDay(s.booking_date)} ${s.booking_time}` : PENDING],
    ["Comentario", or(s.comment)],
  ];
}

/**
 * A key for one attempt to book (idempotency_key: 8-100 of [A-Za-z0-9_-]): the page sends the same key until the
 * server has answered a booking, so a double click or a retry after a lost answer books once. getRandomValues, not
 * randomUUID: a shop's tablet may open the page over plain http on the LAN, where randomUUID does not exist.
 */
export function newIdempotencyKey(
  random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b),
): string {
  return Array.from(random(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** An add-on the page offers: its current price (integer pesos) and the most units the service allows. */
export interface AddonOffer {
  product_id: number;
  name: string;
  price: number;
  max_quantity: number;
}

/** Picked units per product id ('Adicionales'); a product at 0 is not picked. */
export type AddonPicks = Record<string, number>;

/** Sets one add-on's units, kept within 0 … its max_quantity (whole units). */
export function pickAddon(picks: AddonPicks, offer: AddonOffer, quantity: number): AddonPicks {
  const units = Math.min(offer.max_quantity, Math.max(0, Math.trunc(Number.isFinite(quantity) ? quantity : 0)));
  const { [String(offer.product_id)]: _dropped, ...rest } = picks;
  return units === 0 ? rest : { ...rest, [String(offer.product_id)]: units };
}

/** The picked add-ons as the booking sends them (offered products only, in the offer's order), and what they cost. */
export function pickedAddons(offers: readonly AddonOffer[], picks: AddonPicks) {
  const lines = offers.flatMap((o) => {
    const quantity = picks[String(o.product_id)] ?? 0;
    return quantity > 0 ? [{ product_id: o.product_id, name: o.name, quantity, total: quantity * o.price }] : [];
  });
  return { lines, total: lines.reduce((sum, l) => sum + l.total, 0) };
}
