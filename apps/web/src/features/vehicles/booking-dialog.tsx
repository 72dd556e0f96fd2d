/**
 * What the vehicles list's check-in cell opens when there is no order to show (seed 000 section 2.8): the vehicle's
 * booking (the agenda's booking dialog), or 'Agendar Vehículo', the agenda's booking form prefilled with the vehicle
 * and its client. An order without a number yet opens as the order it is.
 */
import { bookObjectText } from "@taller/core";
import { useTerms } from "../../lib/company-setup";
import { BookingDialog as AgendaBookingDialog, BookingFormDialog } from "../booking";
import { OrderDialog } from "../orders";
import type { CheckInAction } from "./list-rules";
import type { VehicleListItem } from "./vehicle-rows";

export function BookingDialog({
  vehicle,
  action,
  onOpenChange,
}: {
  vehicle: VehicleListItem;
  action: Exclude<CheckInAction, { kind: "order" }>;
  onOpenChange(open: boolean): void;
}) {
  const terms = useTerms();
  if (action.kind === "booking" && action.bookingId !== null)
    return <AgendaBookingDialog bookingId={action.bookingId} open onOpenChange={onOpenChange} />;
  if (action.kind === "booking" && action.orderId !== null)
    return <OrderDialog orderId={action.orderId} open onOpenChange={onOpenChange} />;
  return (
    <BookingFormDialog
      open
      title={bookObjectText(terms.object)}
      onOpenChange={onOpenChange}
      initial={{ vehicle_id: vehicle.id, client_id: vehicle.client_id }}
    />
  );
}
