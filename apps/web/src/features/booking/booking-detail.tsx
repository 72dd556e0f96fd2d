/**
 * One booking, as the page /main/bookings/{id} and as the dialog the agenda and the vehicles screen open
 * (booking-dialog.tsx). The spec
 * does not show it: it gathers what a front desk needs (who, what, when, where, its state) and the actions:
 * 'Confirmar', 'Inasistencia', 'Reagendar' (a new booking; the old one stays, 'Reagendado'), 'Recepcionar'
 * (creates the order and links it; then the order opens from here) and 'Anular' (with its reason: the booking is
 * kept, 'Anulada', and its hour is free again).
 */
import type { RouterOutputs } from "@taller/api";
import {
  BOOKING_CANCEL_REASON_MAX,
  BOOKING_CANCELLED,
  BOOKING_ERRORS,
  bookingDisplay,
  bookingErrorText,
  bookingFieldLabels,
  formatDateTime,
  formatDay,
  formatMoney,
  noClientText,
  NO_PLATE,
  NO_RUT,
  titleCase,
} from "@taller/core";
import { Link } from "@tanstack/react-router";
import { type FormEvent, type ReactNode, useState } from "react";
import { fieldErrorsOf } from "../../lib/api";
import { useCompanySetup, useTerms } from "../../lib/company-setup";
import { useCan } from "../../lib/permissions";
import { RecordLoader, RecordPage } from "../../lib/record-page";
import { trpc } from "../../lib/trpc";
import { DocumentConsumption } from "../inventory";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { FormFooter } from "../../ui/form-footer";
import { ScrollTable } from "../../ui/scroll-table";
import { Select } from "../../ui/select";
import { useSnackbar } from "../../ui/snackbar";
import { StatusBadge } from "../../ui/status";
import { DateField } from "../../ui/date-field";
import { TextField } from "../../ui/text-field";
import "./booking.css";
import { orderNumberText } from "@taller/core";

type Booking = RouterOutputs["booking"]["get"];

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="booking-field">
      <dt>{label}</dt>
      <dd>{children === null || children === undefined || children === "" ? "-" : children}</dd>
    </div>
  );
}

/** 'Reagendar': a new date and time (from booking.freeSlots, this booking's own place counted free). */
function RescheduleForm({
  booking,
  onDone,
  onCancel,
}: {
  booking: Booking;
  onDone(b: Booking): void;
  onCancel(): void;
}) {
  const professionalMode = useCompanySetup().company.preferences.booking_type === "professional";
  const terms = useTerms();
  const snackbar = useSnackbar();
  const [date, setDate] = useState(booking.booking_date);
  const [time, setTime] = useState<string>("");
  const [key] = useState(() => `r${booking.id}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const slots = trpc.booking.freeSlots.useQuery(
    {
      booking_date: date,
      location_id: booking.location_id,
      requirement_id: booking.requirement_id,
      user_id: booking.user_id,
      duration: booking.duration,
      booking_id: booking.id,
    },
    { enabled: /^\d{4}-\d{2}-\d{2}$/.test(date) },
  );
  const move = trpc.booking.reschedule.useMutation();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      onDone(
        await move.mutateAsync({
          id: booking.id,
          booking_date: date,
          booking_time: time,
          user_id: professionalMode ? booking.user_id : null,
          idempotency_key: key,
        }),
      );
    } catch (failure) {
      const fields = fieldErrorsOf(failure);
      setErrors(fields);
      snackbar.show(bookingErrorText(fields, bookingFieldLabels(terms)), { tone: "error", duration: 2000 });
    }
  };
  const hours = slots.data?.hours ?? [];
  return (
    <form className="booking-reschedule" aria-label="Reagendar" onSubmit={(e) => void submit(e)} noValidate>
      <DateField
        label="Nueva fecha"
        value={date}
        onChange={(day) => {
          setDate(day);
          setTime("");
        }}
        error={errors.booking_date?.[0]}
      />
      <Select
        label="Nueva hora"
        value={time || undefined}
        onValueChange={setTime}
        options={hours.map((h) => ({ value: h, label: h }))}
        placeholder={slots.data && hours.length === 0 ? "No hay horas disponibles" : "Selecciona una hora"}
        error={errors.booking_time?.[0]}
      />
      <FormFooter
        saving={move.isPending}
        onCancel={onCancel}
        submitLabel="Reagendar"
        disabledReason={time ? null : "Elige la nueva hora."}
        className="booking-actions"
      />
    </form>
  );
}

/** 'Anular': the reason is required; the booking stays, 'Anulada', and its place is free again. */
function CancelBookingDialog({
  booking,
  onDone,
  onClose,
}: {
  booking: Booking;
  onDone(b: Booking): void;
  onClose(): void;
}) {
  const [reason, setReason] = useState("");
  const cancel = trpc.booking.cancel.useMutation();
  const error = cancel.error ? (fieldErrorsOf(cancel.error).reason?.[0] ?? cancel.error.message) : null;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Anular reserva">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          cancel.mutate({ id: booking.id, reason }, { onSuccess: onDone });
        }}
        noValidate
      >
        <p className="muted">La hora queda libre para otra reserva; la reserva se conserva como anulada.</p>
        <TextField
          label="Motivo"
          value={reason}
          maxLength={BOOKING_CANCEL_REASON_MAX}
          error={error}
          onChange={(e) => setReason(e.target.value)}
        />
        <FormFooter saving={cancel.isPending} onCancel={onClose} submitLabel="Anular reserva" variant="danger" />
      </form>
    </Dialog>
  );
}

export function BookingView({ booking }: { booking: Booking }) {
  const terms = useTerms();
  const can = useCan();
  const utils = trpc.useUtils();
  const snackbar = useSnackbar();
  const [rescheduling, setRescheduling] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const cancelled = booking.cancelled_at !== null;
  const display = cancelled ? BOOKING_CANCELLED : bookingDisplay(booking);
  const done = (b: Booking) => {
    utils.booking.get.setData({ id: b.id }, b);
    void utils.booking.range.invalidate();
    void utils.booking.day.invalidate();
  };
  const fail = (failure: unknown) =>
    snackbar.show(bookingErrorText(fieldErrorsOf(failure), bookingFieldLabels(terms)), {
      tone: "error",
      duration: 2000,
    });
  const confirm = trpc.booking.confirm.useMutation({ onSuccess: done, onError: fail });
  const noShow = trpc.booking.markNoShow.useMutation({ onSuccess: done, onError: fail });
  const checkIn = trpc.booking.checkIn.useMutation({ onSuccess: done, onError: fail });
  const open = !booking.completed && !booking.rescheduled && !cancelled;
  const mayUpdate = can("update", "booking") && open;

  return (
    <article className="booking-detail">
      <header className="booking-detail-head">
        <h2>
          {formatDay(booking.booking_date)} · {booking.booking_time}
        </h2>
        <StatusBadge color={display.color} name={display.label} />
      </header>
      <dl className="booking-detail-grid">
        <Field label={terms.client.one}>
          {booking.client_name ? titleCase(booking.client_name) : noClientText(terms.client)}
        </Field>
        <Field label="RUT">{booking.client_rut ?? NO_RUT}</Field>
        <Field label="Teléfono">
          {booking.client_phone && <a href={`tel:${booking.client_phone}`}>{booking.client_phone}</a>}
        </Field>
        <Field label="Correo">{booking.client_email}</Field>
        <Field label={terms.object.one}>
          {[booking.identifier ?? NO_PLATE, [booking.brand_name, booking.brand_model_name].filter(Boolean).join(" ")]
            .filter(Boolean)
            .join(" · ")}
        </Field>
        <Field label="Requerimiento">{booking.requirement_name}</Field>
        <Field label="Local">{booking.location_name}</Field>
        <Field label="Profesional">{booking.user_name}</Field>
        <Field label="Duración">{`${booking.duration} min`}</Field>
        <Field label="Recepción">{booking.check_in_time && formatDateTime(booking.check_in_time)}</Field>
        <Field label="Comentario">{booking.comment}</Field>
        {booking.cancelled_at !== null && (
          <>
            <Field label="Anulada">{formatDateTime(booking.cancelled_at)}</Field>
            <Field label="Motivo de anulación">{booking.cancel_reason}</Field>
          </>
        )}
        {booking.rescheduled_for !== null && (
          <Field label="Reagendado a">
            <Link to="/main/bookings/$id" params={{ id: String(booking.rescheduled_for) }}>
              Ver nueva reserva
            </Link>
          </Field>
        )}
        {booking.rescheduled_from !== null && (
          <Field label="Reagendado desde">
            <Link to="/main/bookings/$id" params={{ id: String(booking.rescheduled_from) }}>
              Ver reserva anterior
            </Link>
          </Field>
        )}
        {booking.order && (
          <Field label={terms.order.one}>
            <Link to="/main/orders/$id" params={{ id: String(booking.order.id) }}>
              {orderNumberText(terms.order, booking.order.correlative_id)}
            </Link>
          </Field>
        )}
      </dl>
      {booking.addons.length > 0 && (
        <section className="booking-addons" aria-labelledby={`booking-addons-${booking.id}`}>
          <h3 id={`booking-addons-${booking.id}`}>Adicionales</h3>
          <ScrollTable>
            <thead>
              <tr>
                <th scope="col">Producto</th>
                <th scope="col">Cantidad</th>
                <th scope="col">Precio</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {booking.addons.map((a, i) => (
                <tr key={a.product_id ?? `x${i}`}>
                  <td>{a.name}</td>
                  <td>{a.quantity}</td>
                  <td>{formatMoney(a.unit_price)}</td>
                  <td>{formatMoney(a.total)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={3}>
                  Total adicionales
                </th>
                <td>{formatMoney(booking.addons_total)}</td>
              </tr>
            </tfoot>
          </ScrollTable>
        </section>
      )}
      {can("read", "inventory_action") && <DocumentConsumption documentType="Booking" documentId={booking.id} />}
      {rescheduling ? (
        <RescheduleForm
          booking={booking}
          onCancel={() => setRescheduling(false)}
          onDone={(b) => {
            setRescheduling(false);
            done(b);
            void utils.booking.get.invalidate({ id: booking.id });
            snackbar.show("Reserva reagendada", { tone: "success", duration: 2000 });
          }}
        />
      ) : (
        <div className="booking-actions">
          {mayUpdate && !booking.confirmed && (
            <Button variant="secondary" loading={confirm.isPending} onClick={() => confirm.mutate({ id: booking.id })}>
              Confirmar
            </Button>
          )}
          {mayUpdate && !booking.non_attendance && (
            <Button variant="secondary" loading={noShow.isPending} onClick={() => noShow.mutate({ id: booking.id })}>
              Inasistencia
            </Button>
          )}
          {mayUpdate && (
            <Button variant="secondary" onClick={() => setRescheduling(true)}>
              Reagendar
            </Button>
          )}
          {open && can("create", "check_in") && (
            <Button loading={checkIn.isPending} onClick={() => checkIn.mutate({ id: booking.id })}>
              Recepcionar
            </Button>
          )}
          {open && !booking.non_attendance && can("destroy", "booking") && (
            <Button variant="danger" onClick={() => setCancelling(true)}>
              Anular
            </Button>
          )}
        </div>
      )}
      {cancelling && (
        <CancelBookingDialog
          booking={booking}
          onClose={() => setCancelling(false)}
          onDone={(b) => {
            setCancelling(false);
            done(b);
            snackbar.show("Reserva anulada", { tone: "success", duration: 2000 });
          }}
        />
      )}
    </article>
  );
}

const useBooking = (id: number) => trpc.booking.get.useQuery({ id });

/** The booking as its page and its dialog show it, or what went wrong loading it. */
const bookingRecord = {
  what: "la reserva",
  notFound: BOOKING_ERRORS.notFound,
  useRecord: useBooking,
  children: (booking: Booking) => <BookingView booking={booking} />,
};

/** /main/bookings/{id} */
export function BookingDetailPage() {
  return <RecordPage className="booking-page" back="/main/booking" backLabel="Agenda" {...bookingRecord} />;
}

/** The booking as its dialog (booking-dialog.tsx) shows it, loaded with this module when the dialog opens. */
export function BookingRecord({ bookingId }: { bookingId: number }) {
  return <RecordLoader id={bookingId} {...bookingRecord} />;
}
