/**
 * Status filters of the lists (orders, vehicles, later payments), remembered on this device in the format of seed 002
 * section 9: a comma list of ids with a 0 appended ("1,2,0"). The 0 keeps an empty choice ("0") distinct from
 * nothing stored, which means "the list's default".
 *
 *   const ordersFilter = storedIdFilter("orders_filter");        // once, at module level
 *   const [ids, setIds] = useIdFilter(ordersFilter, defaultIds);  // stored ids, else defaultIds (null while unknown)
 */
import { useCallback } from "react";
import { type Codec, type StoredValue, storedValue, useStoredValue } from "./storage";

/** Ids may be negative (-1 is 'Sin Presupuesto'); 0 and anything unreadable are dropped. */
export const idFilterCodec: Codec<number[] | null> = {
  parse: (raw) =>
    raw === null
      ? null
      : raw
          .split(",")
          .map((s) => (s.trim() === "" ? Number.NaN : Number(s)))
          .filter((n) => Number.isInteger(n) && n !== 0),
  serialize: (ids) => (ids === null ? null : [...ids, 0].join(",")),
};

export const storedIdFilter = (key: string): StoredValue<number[] | null> => storedValue(key, idFilterCodec);

/** `ids` with `id` added, or removed when present. */
export function toggleId(ids: readonly number[], id: number): number[] {
  return ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];
}

/** The stored filter, or `fallback` when nothing is stored; null while the fallback is not known yet. */
export function useIdFilter(
  store: StoredValue<number[] | null>,
  fallback: number[] | null,
): [number[] | null, (ids: number[]) => void] {
  const [stored, setStored] = useStoredValue(store);
  const set = useCallback((ids: number[]) => setStored(ids), [setStored]);
  return [stored ?? fallback, set];
}
