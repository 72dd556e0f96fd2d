/**
 * The retentions' and absences' filters (categories, date range, chosen columns), remembered on this device under
 * `crm_booking_filter` (seed 001 'Local browser storage keys'): one JSON object holding each list's filter.
 *
 *   const [filter, setFilter] = useManagementFilter("absence");
 *   setFilter({ ...filter, date_range: "this_month" });
 */
import { useCallback, useMemo } from "react";
import { type Codec, storedValue, useStoredValue } from "../../lib/storage";
import { defaultFilter, type ManagementFilter, type ManagementKind, parseStoredFilters } from "./crm-rules";

type StoredFilters = Partial<Record<ManagementKind, ManagementFilter>>;

const codec: Codec<StoredFilters> = {
  parse: parseStoredFilters,
  serialize: (filters) => JSON.stringify(filters),
};

const stored = storedValue("crm_booking_filter", codec);

export function useManagementFilter(kind: ManagementKind): [ManagementFilter, (next: ManagementFilter) => void] {
  const [filters, setFilters] = useStoredValue(stored);
  const filter = useMemo(() => filters[kind] ?? defaultFilter(kind), [filters, kind]);
  // Read the other list's filter at the time of writing, not when this setter was made.
  const set = useCallback((next: ManagementFilter) => setFilters({ ...stored.get(), [kind]: next }), [kind, setFilters]);
  return [filter, set];
}
