/**
 * The locations (locales) the user chose in the shell's selector, remembered on this device under `locations`
 * (comma-separated ids). Lists that filter by location read them from here.
 *
 *   const { locations, selectedIds, setSelectedIds } = useSelectedLocations();
 *   trpc.orders.list.useInfiniteQuery({ ...filters, location_ids: useLocationFilter() });
 *
 * Nothing stored means every location; ids that no longer exist are ignored. Only inside the main shell.
 */
import { useCallback, useMemo } from "react";
import { useCompanySetup } from "./company-setup";
import { idListCodec, storedValue, useStoredValue } from "./storage";

const storedLocations = storedValue("locations", idListCodec);

/** The company's locations the user chose (every one when nothing is stored). */
function selectedOf(locations: readonly { id: number }[], stored: number[] | null): number[] {
  return stored === null ? locations.map((l) => l.id) : locations.map((l) => l.id).filter((id) => stored.includes(id));
}

export function useSelectedLocations() {
  const { locations } = useCompanySetup();
  const [stored, setStored] = useStoredValue(storedLocations);
  const selectedIds = useMemo(() => selectedOf(locations, stored), [stored, locations]);
  const setSelectedIds = useCallback((ids: number[]) => setStored(ids), [setStored]);
  return { locations, selectedIds, setSelectedIds };
}

/**
 * What a list sends as `location_ids`: null while every location is selected (the server reads it as "every location
 * the user may see", rows without a location included), else the selected ids. Part of the query's input, so a
 * list refetches when the selection changes.
 */
export function useLocationFilter(): number[] | null {
  const { locations, selectedIds } = useSelectedLocations();
  return locationFilterOf(locations, selectedIds);
}

function locationFilterOf(locations: readonly { id: number }[], selectedIds: number[]): number[] | null {
  return selectedIds.length === locations.length ? null : selectedIds;
}

/** `useLocationFilter()` outside React: what a route's loader sends to fetch a list before its screen renders. */
export function storedLocationFilter(locations: readonly { id: number }[]): number[] | null {
  return locationFilterOf(locations, selectedOf(locations, storedLocations.get()));
}
