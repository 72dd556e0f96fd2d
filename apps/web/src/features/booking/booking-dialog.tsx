/**
 * One booking in a dialog (the agenda, the vehicles screen, the CRM):
 *
 *   <BookingDialog bookingId={id} open onOpenChange={…} />
 *
 * The booking's view (booking-detail.tsx, with its reschedule form and the parts it consumed) loads when the dialog
 * opens.
 */
import { Link } from "@tanstack/react-router";
import { lazyPart } from "../../lib/lazy-part";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";

const BookingRecord = lazyPart(() => import("./booking-detail").then((m) => m.BookingRecord), "la reserva");

export function BookingDialog({
  bookingId,
  open,
  onOpenChange,
}: {
  bookingId: number;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Reserva"
      width={760}
      actions={
        <>
          <Link to="/main/bookings/$id" params={{ id: String(bookingId) }} className="btn btn-text">
            Abrir página
          </Link>
          <Button onClick={() => onOpenChange(false)}>Cerrar</Button>
        </>
      }
    >
      <BookingRecord bookingId={bookingId} />
    </Dialog>
  );
}
