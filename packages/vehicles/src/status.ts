// A vehicle's status is not stored: it follows from its orders and bookings (seed 000 section 4), so it can never
// disagree with them. deriveVehicleStatus is the rule; vehicleStatusSql (list-query.ts) is the same rule in SQL,
// and a test checks that both agree on the demo data.

export const VEHICLE_STATUS = { SIN_ORDEN: 1, AGENDADO: 2, CON_ORDEN: 3 } as const;
export type VehicleStatus = (typeof VEHICLE_STATUS)[keyof typeof VEHICLE_STATUS];
export const VEHICLE_STATUSES = [VEHICLE_STATUS.SIN_ORDEN, VEHICLE_STATUS.AGENDADO, VEHICLE_STATUS.CON_ORDEN] as const;

export interface VehicleFacts {
  /** Some order of the vehicle is in a status not marked finish. */
  hasOpenOrder: boolean;
  /** Booking days of the vehicle ("YYYY-MM-DD"). */
  bookingDates: readonly string[];
}

/** 3 Con orden (an open order), else 2 Agendado (a booking today or later), else 1 Sin orden. */
export function deriveVehicleStatus(facts: VehicleFacts, today: string): VehicleStatus {
  if (facts.hasOpenOrder) return VEHICLE_STATUS.CON_ORDEN;
  if (facts.bookingDates.some((day) => day >= today)) return VEHICLE_STATUS.AGENDADO;
  return VEHICLE_STATUS.SIN_ORDEN;
}
