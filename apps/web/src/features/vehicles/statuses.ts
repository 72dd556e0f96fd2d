// The vehicles list's statuses and their default (seed 000 section 2.8), from core's vocabulary. A file of their
// own: the router's query string schema reads them in every route's bundle (src/routes/search.ts), and core's
// vehicles vocabulary carries no zod.
import { DEFAULT_VEHICLE_FILTER, VEHICLE_STATUSES, type VehicleStatus } from "@taller/core";

export { DEFAULT_VEHICLE_FILTER };
export type VehicleStatusId = VehicleStatus;
export const VEHICLE_STATUS_IDS: VehicleStatusId[] = [...VEHICLE_STATUSES];

/** The known vehicle statuses among stored ids (storage can hold anything). */
export function asVehicleStatuses(ids: readonly number[]): VehicleStatusId[] {
  return VEHICLE_STATUSES.filter((id) => ids.includes(id));
}
