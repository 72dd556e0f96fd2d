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
export const mainSearch = z.object({ chat: id });

/** A list whose search text lives in the URL (orders, budgets, payments, the CRM lists): lib/url-search.ts. */
export const listSearch = z.object({ search: text });

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
