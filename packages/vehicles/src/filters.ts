import { DEFAULT_TZ, todayIn } from "@taller/core";
import { containsPattern } from "@taller/db";
import { normalizeIds } from "@taller/trpc";
import { z } from "zod";
import type { VehicleFilters } from "./list-query";
import { VEHICLE_STATUSES, type VehicleStatus } from "./status";

export const filtersInput = {
  /** Vehicle statuses (1 Sin orden, 2 Agendado, 3 Con orden); missing or null: all, empty: none. */
  status_id: z.array(z.literal(VEHICLE_STATUSES)).max(3).nullish(),
  search: z.string().max(100).nullish(),
};

export function parseFilters(
  companyId: number,
  input: { status_id?: readonly VehicleStatus[] | null; search?: string | null },
): VehicleFilters {
  return {
    companyId,
    statusIds: normalizeIds(input.status_id),
    pattern: containsPattern(input.search),
    today: todayIn(DEFAULT_TZ),
  };
}
