/**
 * What the documents list asks for, shared by the screen and its route's loader (prefetch.ts): the statuses and
 * types picked (none: all), the search, and the day range and client the URL holds (invoice-filters.tsx).
 */
import type { InvoiceStatus } from "@taller/core";
import type { invoicesSearch } from "../../routes/search";

type InvoicesSearch = ReturnType<typeof invoicesSearch>;
export type DteCode = 33 | 34 | 39 | 61;

/** The filters the URL holds, as the list's input takes them. */
export const invoiceUrlFilters = (search: InvoicesSearch) => ({
  from: search.from ?? null,
  to: search.to ?? null,
  client_id: search.client_id ?? null,
});

export const invoicesListInput = (statuses: InvoiceStatus[], types: DteCode[], search: InvoicesSearch) => ({
  status: statuses.length ? statuses : null,
  dte_type: types.length ? types : null,
  search: search.search || null,
  ...invoiceUrlFilters(search),
});
