/**
 * The retentions', absences' and follow-ups' filters (categories, date range, chosen columns), remembered on this
 * device under `crm_booking_filter` (seed 001 'Local browser storage keys'): one JSON object holding each list's.
 *
 *   const [filter, setFilter] = useManagementFilter("absence");
 *   setFilter({ ...filter, date_range: "this_month" });
 */
import { CRM_FILTER_STORAGE_KEY, type CrmKind } from "@taller/core";
import { useCallback, useMemo } from "react";
import { type Codec, storedValue, useStoredValue } from "../../lib/storage";
import { defaultFilter, type ManagementFilter, parseStoredFilters } from "./crm-rules";

type StoredFilters = Partial<Record<CrmKind, ManagementFilter>>;

const codec: Codec<StoredFilters> = {
  parse: parseStoredFilters,
  serialize: (filters) => JSON.stringify(filters),
};

const stored = storedValue(CRM_FILTER_STORAGE_KEY, codec);

const filterOf = (filters: StoredFilters, kind: CrmKind) => filters[kind] ?? defaultFilter(kind);

/** A list's filter outside React: what the CRM's route loader asks with (prefetch.ts). */
export const storedManagementFilter = (kind: CrmKind): ManagementFilter => filterOf(stored.get(), kind);

export function useManagementFilter(kind: CrmKind): [ManagementFilter, (next: ManagementFilter) => void] {
  const [filters, setFilters] = useStoredValue(stored);
  const filter = useMemo(() => filterOf(filters, kind), [filters, kind]);
  // The other lists' filters as stored when writing, not when this setter was made.
  const set = useCallback(
    (next: ManagementFilter) => setFilters({ ...stored.get(), [kind]: next }),
    [kind, setFilters],
  );
  return [filter, set];
}
