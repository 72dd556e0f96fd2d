/**
 * What the vehicles list asks for, shared by the screen and its route's loader (prefetch.ts): the statuses the link
 * names, else those remembered on the device, else the default; the search and the shell's locations.
 */
import { storedIdFilter } from "../../lib/list-filter";
import { asVehicleStatuses, DEFAULT_VEHICLE_FILTER, type VehicleStatusId } from "./statuses";

export const filterStore = storedIdFilter("vehicles_filter");

export function vehicleStatusIds(linked: VehicleStatusId[] | undefined, stored: number[] | null): VehicleStatusId[] {
  return linked ?? asVehicleStatuses(stored ?? DEFAULT_VEHICLE_FILTER);
}

export function vehiclesListInput(statusIds: VehicleStatusId[], search: string, locationIds: number[] | null) {
  return { status_id: statusIds, search: search || null, location_ids: locationIds };
}
