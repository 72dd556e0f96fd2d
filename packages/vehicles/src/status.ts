// A vehicle's status is not stored: it follows from its orders and bookings (seed 000 section 4), so it can never
// disagree with them. deriveVehicleStatus is the rule; vehicleStatusSql (list-query.ts) is the same rule in SQL,
// and a test checks that both agree on the demo data. The statuses themselves are shared vocabulary (@taller/core).
import { VEHICLE_STATUS, type VehicleStatus } from "@taller/core";

export { VEHICLE_STATUS, VEHICLE_STATUSES, type VehicleStatus } from "@taller/core";

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
