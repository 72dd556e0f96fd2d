// The vehicles list's statuses and their default (seed 000 section 2.8). A file of their own: the router's query
// string schema reads them in every route's bundle (src/routes/search.ts).

export const VEHICLE_STATUS_BOXES = [
  { id: 1, name: "Sin orden", color: "#9e9e9e" },
  { id: 2, name: "Agendado", color: "#1e88e5" },
  { id: 3, name: "Con orden", color: "#43a047" },
] as const;

export type VehicleStatusId = (typeof VEHICLE_STATUS_BOXES)[number]["id"];
export const VEHICLE_STATUS_IDS = VEHICLE_STATUS_BOXES.map((s) => s.id);

export const DEFAULT_VEHICLE_FILTER: VehicleStatusId[] = [1, 2];

/** The known vehicle statuses among stored ids (storage can hold anything). */
export function asVehicleStatuses(ids: readonly number[]): VehicleStatusId[] {
  return VEHICLE_STATUS_BOXES.map((s) => s.id).filter((id) => ids.includes(id));
}
