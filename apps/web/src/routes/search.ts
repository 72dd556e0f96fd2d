/**
 * The query strings pages accept, validated by the router (`validateSearch`): a page reads them typed through
 * `useSearch({ from })`, and links to it are checked against them. A value that does not fit is dropped, not an
 * error page: URLs are typed by hand and kept in bookmarks.
 *
 * zod/mini, not zod: these schemas load with every route, and zod's full API costs ~25 KB gzipped.
 */
import * as z from "zod/mini";
import { CALENDAR_MODES } from "../features/calendar/modes";
import { VEHICLE_STATUS_IDS } from "../features/vehicles/statuses";

/** Free text: the router reads `?search=123` as a number, the page wants the text typed. */
const text = z.catch(z.optional(z.pipe(z.union([z.string(), z.number()]), z.transform(String))), undefined);

/** A database id typed in a URL: a positive whole number, else dropped. */
const id = z.catch(
  z.optional(
    z.pipe(
      z.pipe(z.union([z.string(), z.number()]), z.coerce.number()),
      z.int().check(z.positive(), z.lte(2_147_483_647)),
    ),
  ),
  undefined,
);

/**
 * /main and every page under it: `?chat=<id>` opens that chat in the panel (the link of a mention's push
 * notification); the shell drops it from the URL once the chat is open.
 */
export const mainSearch = z.object({
  chat: id,
  /** The order the open chat's 'Ver' shows in its dialog: Back closes it, a reload reopens it over the chat. */
  chat_order: id,
});

/** A list whose search text lives in the URL (budgets): lib/url-search.ts. */
export const listSearch = z.object({ search: text });

/** Text the page narrows to its own values (the CRM's are core's, which this entry does not load). */
const word = z.catch(z.optional(z.string()), undefined);
const direction = z.catch(z.optional(z.enum(["asc", "desc"])), undefined);

/** /main/orders: the search and the 'Recepción' sort (orders/list-rules.ts `receptionSort`; absent: newest first). */
export const ordersSearch = z.object({
  search: text,
  reception: z.catch(z.optional(z.enum(["asc", "desc", "none"])), undefined),
});

/** /main/payments: the search and the request open in its dialog. */
export const paymentsSearch = z.object({ search: text, payment: id });

/**
 * /main/crm and everything under it: the search, the management and the client open in their dialogs, the
 * management lists' date range and sort, and the clients' ratings (each narrowed by the CRM's screens).
 */
export const crmSearch = z.object({
  search: text,
  management: id,
  client: id,
  range: word,
  sort: word,
  sort_direction: direction,
  rating: z.catch(z.optional(z.array(z.number())), undefined),
});

/** /main/vehicles */
export const vehiclesSearch = z.object({
  search: text,
  /** The statuses shown on this visit, instead of the remembered filter (a link to one vehicle shows them all). */
  status: z.catch(z.optional(z.array(z.literal(VEHICLE_STATUS_IDS))), undefined),
  /** The order open in its dialog (the check-in cell's 'Orden #N'): Back closes it, a reload keeps it. */
  order: id,
});

/** The vehicles list showing one vehicle: searched by its identifier, whatever its status (orders link here). */
export const oneVehicleSearch = (identifier: string) => ({ search: identifier, status: VEHICLE_STATUS_IDS });

/** /client/booking and /client/crm/booking: the CRM case's link token (seed 000 section 2.5). */
export const clientBookingSearch = z.object({ crm_token: text });
/**
 * A link whose `token` opens one thing: zip/budget/{id} (its zip token, seed 000 section 2.1), /client/payment (the
 * payment request's), /invitation (the one-time password link; the page checks it with the server).
 */
export const tokenSearch = z.object({ token: text });
/** /provider/pricing and /provider/buy-order: the document's link token (seed 000 section 2.1). */
export const providerSearch = z.object({ access_token: text });
/** A day as YYYY-MM-DD (the page drops one that does not exist, like 2026-02-30). */
const day = z.catch(z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))), undefined);

/**
 * /main/booking: day mode shows ?date=YYYY-MM-DD; without it, month mode on ?month=YYYY-MM (this month without it),
 * so Back and reload keep the month shown.
 */
export const bookingSearch = z.object({
  date: day,
  month: z.catch(z.optional(z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/))), undefined),
});

/**
 * /main/calendar: the day shown (its month, week or day; today without it) and the view (month without it), so Back
 * from an order opened on the calendar, and a reload, show the same period.
 */
export const calendarSearch = z.object({
  date: day,
  view: z.catch(z.optional(z.enum(CALENDAR_MODES)), undefined),
});

/** /main/invoices: the search, the documents' day range and the client filter. */
export const invoicesSearch = z.object({ search: text, from: day, to: day, client_id: id });

/** /main/analytics: the range shown (the last 30 days without it) and whether it is compared with the one before. */
export const analyticsSearch = z.object({
  from: day,
  to: day,
  compare: z.catch(z.optional(z.boolean()), undefined),
});
