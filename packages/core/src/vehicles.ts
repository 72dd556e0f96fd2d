// Vehicles vocabulary shared by the server and the web app (seed 000 sections 2.8 and 4). A vehicle's status is
// derived from its orders and bookings, never stored.

export const VEHICLE_STATUS = { SIN_ORDEN: 1, AGENDADO: 2, CON_ORDEN: 3 } as const;
export type VehicleStatus = (typeof VEHICLE_STATUS)[keyof typeof VEHICLE_STATUS];
export const VEHICLE_STATUSES = [VEHICLE_STATUS.SIN_ORDEN, VEHICLE_STATUS.AGENDADO, VEHICLE_STATUS.CON_ORDEN] as const;

/** The status boxes, in order, with their names and colours. */
export const VEHICLE_STATUS_BOXES = [
  { id: VEHICLE_STATUS.SIN_ORDEN, name: "Sin orden", color: "#9e9e9e" },
  { id: VEHICLE_STATUS.AGENDADO, name: "Agendado", color: "#1e88e5" },
  { id: VEHICLE_STATUS.CON_ORDEN, name: "Con orden", color: "#43a047" },
] as const;

/** The list's filter when nothing is stored: Sin orden and Agendado. */
export const DEFAULT_VEHICLE_FILTER: VehicleStatus[] = [VEHICLE_STATUS.SIN_ORDEN, VEHICLE_STATUS.AGENDADO];
