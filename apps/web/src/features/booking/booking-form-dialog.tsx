/**
 * The staff booking form in a dialog. The agenda opens it from a slot or the add button; the vehicles screen's
 * 'Agendar Vehículo' opens the same one prefilled with the vehicle and its client.
 *
 *   <BookingFormDialog open initial={{ booking_date: "2026-11-23", booking_time: "10:00" }} onOpenChange={…} />
 *
 * The form (booking-form.tsx, with react-hook-form and zod) is not in a screen's first load: a screen that opens it
 * fetches it after its first paint with usePreload(BookingForm).
 */
import { lazyPart } from "../../lib/lazy-part";
import { Dialog } from "../../ui/dialog";
import { useSnackbar } from "../../ui/snackbar";
import type { BookingPrefill, CreatedBooking } from "./booking-form";
import "./booking.css";

export const BookingForm = lazyPart(() => import("./booking-form").then((m) => m.BookingForm));

export function BookingFormDialog({
  open,
  onOpenChange,
  initial = {},
  onBooked,
  title = "Agendar",
}: {
  open: boolean;
  title?: string;
  onOpenChange(open: boolean): void;
  initial?: BookingPrefill;
  onBooked?(booking: CreatedBooking): void;
}) {
  const snackbar = useSnackbar();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} width={640} className="booking-form-dialog">
      {open && (
        <BookingForm
          initial={initial}
          onCancel={() => onOpenChange(false)}
          onBooked={(booking) => {
            snackbar.show("Reserva agendada", { tone: "success", duration: 2000 });
            onBooked?.(booking);
            onOpenChange(false);
          }}
        />
      )}
    </Dialog>
  );
}
