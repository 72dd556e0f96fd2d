import { ORDER_SORTS, SORT_DIRECTIONS, type OrderSortColumn, type SortDirection } from "@taller/core";
import { z } from "zod";

export const sortInput = {
  /** Default: correlative_id descending; the 'Recepción' column sorts by check_in_time. */
  sort: z.enum(ORDER_SORTS).default("correlative_id"),
  // Not `direction`: tRPC's infinite queries own an input field of that name.
  sort_direction: z.enum(SORT_DIRECTIONS).default("desc"),
};

export interface OrderSort {
  sort: OrderSortColumn;
  direction: SortDirection;
}

/**
 * Where a row sits in the list. Check-in instants are compared in whole microseconds since the epoch: that is
 * timestamptz's precision, and a JS Date would round it to milliseconds and make pages skip or repeat rows.
 */
export interface OrderPosition {
  correlative_id: number;
  /** Read only when sorting by check-in time. */
  check_in_us: number | null;
}

/** The cursor key of a row: the sort column(s), with the per-company unique correlative number breaking ties. */
export function sortKey(sort: OrderSort, row: OrderPosition): number[] {
  if (sort.sort === "correlative_id") return [row.correlative_id];
  if (row.check_in_us === null) throw new Error("a check-in sort key needs the check-in instant");
  return [row.check_in_us, row.correlative_id];
}

const int = z.number().int();
// Built once: a zod schema costs more to build than to run.
const byCorrelative = z.tuple([int]);
const byCheckIn = z.tuple([int, int]);
/** The shape a cursor key must have for this sort (cursors come back from clients). */
export function sortKeySchema(sort: OrderSort): z.ZodType<number[]> {
  return sort.sort === "correlative_id" ? byCorrelative : byCheckIn;
}
