/**
 * One booking in a dialog (the agenda, the vehicles screen, the CRM):
 *
 *   <BookingDialog bookingId={id} open onOpenChange={…} />
 *
 * The booking's view (booking-detail.tsx, with its reschedule form and the parts it consumed) loads when the dialog
 * opens.
 */
import { lazyPart } from "../../lib/lazy-part";
import { RecordDialog } from "../../ui/record-dialog";

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
    <RecordDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Reserva"
      width={760}
      page={{ to: "/main/bookings/$id", params: { id: String(bookingId) } }}
    >
      <BookingRecord bookingId={bookingId} />
    </RecordDialog>
  );
}
