/**
 * What the payments list asks for, shared by the screen and its route's loader (prefetch.ts): the statuses remembered
 * on the device (nothing stored: '1,2') and the search.
 */
import { PAYMENTS_FILTER_DEFAULT, PAYMENTS_FILTER_KEY } from "@taller/core";
import { storedIdFilter } from "../../lib/list-filter";

export const filterStore = storedIdFilter(PAYMENTS_FILTER_KEY);

export const paymentsListInput = (stored: number[] | null, search: string) => ({
  status_id: (stored ?? PAYMENTS_FILTER_DEFAULT).filter((id): id is 1 | 2 => id === 1 || id === 2),
  search: search || null,
});
