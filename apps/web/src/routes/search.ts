/**
 * The query strings pages accept, validated by the router (`validateSearch`): a page reads them typed through
 * `useSearch({ from })`, and links to it are checked against them. A value that does not fit is dropped, not an
 * error page: URLs are typed by hand and kept in bookmarks.
 *
 * Plain functions, not zod: these validators load with every route, the login's included (zod/mini cost ~5 KB
 * gzipped there, zod's full API ~25 KB).
 */
import { CALENDAR_MODES } from "../features/calendar/modes";
import { VEHICLE_STATUS_IDS } from "../features/vehicles/statuses";

/** One value of a query string: itself (or what it stands for) when it fits, else undefined. */
type Field<T> = (value: unknown) => T | undefined;

/**
 * A page's query string: the keys of `fields` whose values fit, the others dropped. Its parameter is typed as what it
 * returns, so links to the page are checked against it.
 */
function object<S extends Record<string, Field<unknown>>>(fields: S) {
  type Values = { [K in keyof S]?: NonNullable<ReturnType<S[K]>> };
  return (input: Values): Values => {
    const values: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(fields)) {
      const value = field((input as Record<string, unknown>)[key]);
      if (value !== undefined) values[key] = value;
    }
    return values as Values;
  };
}

/** Free text: the router reads `?search=123` as a number, the page wants the text typed. */
const text: Field<string> = (value) =>
  typeof value === "string" || typeof value === "number" ? String(value) : undefined;

/** A database id typed in a URL: a positive whole number (a column's int4), else dropped. */
const id: Field<number> = (value) => {
  const n = typeof value === "string" || typeof value === "number" ? Number(value) : NaN;
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : undefined;
};

/** Text the page narrows to its own values (the CRM's are core's, which this entry does not load). */
const word: Field<string> = (value) => (typeof value === "string" ? value : undefined);
const flag: Field<boolean> = (value) => (typeof value === "boolean" ? value : undefined);
const finite: Field<number> = (value) => (typeof value === "number" && Number.isFinite(value) ? value : undefined);
const matching =
  (pattern: RegExp): Field<string> =>
  (value) =>
    typeof value === "string" && pattern.test(value) ? value : undefined;
const oneOf =
  <const T extends string | number>(values: readonly T[]): Field<T> =>
  (value) =>
    values.find((v) => v === value);
/** A list whose every item fits, else dropped whole. */
const listOf =
  <T>(item: Field<T>): Field<T[]> =>
  (value) => {
    if (!Array.isArray(value)) return undefined;
    const items = value.map(item);
    return items.every((i): i is T => i !== undefined) ? items : undefined;
  };
const direction = oneOf(["asc", "desc"]);

/**
 * /main and every page under it: `?chat=<id>` opens that chat in the panel (the link of a mention's push
 * notification); the shell drops it from the URL once the chat is open.
 */
export const mainSearch = object({
  chat: id,
  /** The order the open chat's 'Ver' shows in its dialog: Back closes it, a reload reopens it over the chat. */
  chat_order: id,
});

/** A list whose search text lives in the URL (budgets): lib/url-search.ts. */
export const listSearch = object({ search: text });

/** /main/orders: the search and the 'Recepción' sort (orders/list-rules.ts `receptionSort`; absent: newest first). */
export const ordersSearch = object({
  search: text,
  reception: oneOf(["asc", "desc", "none"]),
});

/** /main/payments: the search and the request open in its dialog. */
export const paymentsSearch = object({ search: text, payment: id });

/**
 * /main/crm and everything under it: the search, the management and the client open in their dialogs, the
 * management lists' date range and sort, and the clients' ratings (each narrowed by the CRM's screens).
 */
export const crmSearch = object({
  search: text,
  management: id,
  client: id,
  range: word,
  sort: word,
  sort_direction: direction,
  rating: listOf(finite),
});

/** /main/vehicles */
export const vehiclesSearch = object({
  search: text,
  /** The statuses shown on this visit, instead of the remembered filter (a link to one vehicle shows them all). */
  status: listOf(oneOf(VEHICLE_STATUS_IDS)),
  /** The order open in its dialog (the check-in cell's 'Orden #N'): Back closes it, a reload keeps it. */
  order: id,
});

/** The vehicles list showing one vehicle: searched by its identifier, whatever its status (orders link here). */
export const oneVehicleSearch = (identifier: string) => ({ search: identifier, status: VEHICLE_STATUS_IDS });

/** /client/booking and /client/crm/booking: the CRM case's link token (seed 000 section 2.5). */
export const clientBookingSearch = object({ crm_token: text });
/**
 * A link whose `token` opens one thing: zip/budget/{id} (its zip token, seed 000 section 2.1), /client/payment (the
 * payment request's), /invitation (the one-time password link; the page checks it with the server).
 */
export const tokenSearch = object({ token: text });
/** /provider/pricing and /provider/buy-order: the document's link token (seed 000 section 2.1). */
export const providerSearch = object({ access_token: text });
/** A day as YYYY-MM-DD (the page drops one that does not exist, like 2026-02-30). */
const day = matching(/^\d{4}-\d{2}-\d{2}$/);

/**
 * /main/booking: day mode shows ?date=YYYY-MM-DD; without it, month mode on ?month=YYYY-MM (this month without it),
 * so Back and reload keep the month shown.
 */
export const bookingSearch = object({
  date: day,
  month: matching(/^\d{4}-(?:0[1-9]|1[0-2])$/),
});

/**
 * /main/calendar: the day shown (its month, week or day; today without it) and the view (month without it), so Back
 * from an order opened on the calendar, and a reload, show the same period.
 */
export const calendarSearch = object({
  date: day,
  view: oneOf(CALENDAR_MODES),
});

/** /main/invoices: the search, the documents' day range and the client filter. */
export const invoicesSearch = object({ search: text, from: day, to: day, client_id: id });

/** /main/analytics: the range shown (the last 30 days without it) and whether it is compared with the one before. */
export const analyticsSearch = object({
  from: day,
  to: day,
  compare: flag,
});
