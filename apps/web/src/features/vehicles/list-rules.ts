// The vehicles list's rules that need no screen (seed 000 sections 2.8, 4 and 9): what the check-in and note cells
// say and do. The statuses are in statuses.ts.
import {
  agree,
  bookObjectText,
  formatDate,
  formatDay,
  type Instant,
  orderNumberText,
  type TermWords,
} from "@taller/core";

/** The fields of a vehicles list row the cells read. */
export interface VehicleCellData {
  order_id: number | null;
  correlative_id: number | null;
  booking_id: number | null;
  booking_date: string | null;
  finish_date: string | null;
  /** The open order's check-in instant, in the wire form ("2026-11-20T15:30:00.000Z"). */
  check_in_time: Instant | null;
  phone: string | null;
}

export type CheckInAction =
  | { kind: "order"; orderId: number }
  | { kind: "booking"; bookingId: number | null; orderId: number | null }
  | { kind: "new-booking" };

/**
 * The check-in cell: 'Orden #N' opens the order; a booking ('Agendado para el dd-mm-yyyy', or an order that has no
 * number yet) opens the booking; otherwise 'Agendar Vehículo' (in the company's term for its object) opens a new
 * booking for the vehicle.
 */
export function checkInCell(
  v: VehicleCellData,
  terms: { object: TermWords; order: TermWords },
): { text: string; action: CheckInAction } {
  const text =
    v.correlative_id !== null
      ? orderNumberText(terms.order, v.correlative_id)
      : v.booking_date !== null
        ? `${agree(terms.object, "Agendado", "Agendada")} para el ${formatDay(v.booking_date)}`
        : bookObjectText(terms.object);
  const action: CheckInAction =
    v.correlative_id !== null && v.order_id !== null
      ? { kind: "order", orderId: v.order_id }
      : v.order_id !== null || v.booking_id !== null
        ? { kind: "booking", bookingId: v.booking_id, orderId: v.order_id }
        : { kind: "new-booking" };
  return { text, action };
}

/** The note cell: the scheduled delivery, else the check-in day, else the client's phone, else '-'. */
export function noteCell(v: VehicleCellData): string {
  if (v.finish_date) return `Entrega agendada: ${formatDay(v.finish_date)}`;
  if (v.check_in_time) return `Fecha ingreso: ${formatDate(v.check_in_time)}`;
  return v.phone || "-";
}
