/**
 * What the CRM's lists ask for, shared by the screens and the area's route loader (prefetch.ts): a page of the
 * clients, and a management list with its stored filter and the URL's date range and sort.
 */
import type { CrmKind } from "@taller/core";
import type { crmSearch } from "../../routes/search";
import { type ClientRating, type ManagementFilter, urlDateRange, urlListSort } from "./crm-rules";

type CrmSearch = ReturnType<typeof crmSearch>;

const DEFAULT_SORT = { sort: "correlative_id", sort_direction: "desc" } as const;

/** The clients table's page size until the user picks another. */
export const DEFAULT_CLIENTS_PAGE_SIZE = 10;

/** One page of the clients (the table's, or the cards' on narrow screens), newest first. */
export const clientsInput = (search: string, ratings: ClientRating[], page: number, pageSize: number) => ({
  search: search || null,
  rating: ratings,
  page,
  page_size: pageSize,
  ...DEFAULT_SORT,
});

/** A management list's input and its numbers' (crm.kpis), for one management (`onlyId`) or all. */
export function managementsInput(
  kind: CrmKind,
  filter: ManagementFilter,
  search: CrmSearch,
  onlyId: number | null,
  locationIds: number[] | null,
) {
  const base = {
    date_range: urlDateRange(search.range) ?? filter.date_range,
    id: onlyId,
    search: search.search || null,
    location_ids: locationIds,
  };
  return {
    list: { ...base, status: filter.status, ...urlListSort(search.sort, search.sort_direction) },
    kpis: { ...base, kind },
  };
}
