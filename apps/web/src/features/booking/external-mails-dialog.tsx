/**
 * 'Agendamientos por correo' (seed 001 sections 2 and 3): bookings that arrived by e-mail, 80% wide with 'Cerrar'.
 * Opening it marks the mails it lists as read (one call); 'Agendar' opens the agenda's booking form prefilled from
 * the mail, and the booking it makes marks the mail booked and links it. Removing one answers the remaining list;
 * the dialog closes when none is left.
 */
import type { RouterOutputs } from "@taller/api";
import {
  formatDay,
  noClientText,
  NO_PLATE,
  NO_RUT,
  NOT_SPECIFIED,
  orderNumberText,
  titleCase,
  todayIn,
} from "@taller/core";
import { useTerms } from "../../lib/company-setup";
import { Link } from "@tanstack/react-router";
import { CalendarPlus, Mail, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { QueryFailed } from "../../lib/load-state";
import { useCan } from "../../lib/permissions";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { IconButton } from "../../ui/icon-button";
import type { BookingPrefill } from "./booking-form";
import { BookingFormDialog } from "./booking-form-dialog";
import { mailPrefill } from "./agenda-rules";

type ExternalMail = RouterOutputs["booking"]["externalMails"]["list"][number];

/** The toolbar's counter: how many e-mail bookings wait, opening the dialog. */
export function ExternalMailsButton({ count, onOpen }: { count: number; onOpen(): void }) {
  return (
    <button type="button" className="agenda-mails" onClick={onOpen} aria-label={`Agendamientos por correo: ${count}`}>
      <Mail size={20} aria-hidden />
      <span className="agenda-mails-count">{count}</span>
    </button>
  );
}

function MailRow({
  mail,
  onRemove,
  onBook,
  removing,
}: {
  mail: ExternalMail;
  onRemove?(): void;
  onBook?(): void;
  removing: boolean;
}) {
  const terms = useTerms();
  const d = mail.data;
  const booking = mail.get_booking;
  return (
    <li className="external-mail">
      <div className="external-mail-main">
        <strong>{d.client_name ? titleCase(d.client_name) : noClientText(terms.client)}</strong>
        <span>{d.client_rut ?? NO_RUT}</span>
        <span>{d.identifier ?? NO_PLATE}</span>
        <span>{d.requirement_name ?? NOT_SPECIFIED}</span>
        <span>{d.location_name ?? mail.location_name ?? NOT_SPECIFIED}</span>
        <span>
          {[d.booking_date && formatDay(d.booking_date), d.booking_time].filter(Boolean).join(" ") || NOT_SPECIFIED}
        </span>
      </div>
      <div className="external-mail-flags">
        <span className={`flag${mail.readed ? " flag-on" : ""}`}>{mail.readed ? "Leído" : "No leído"}</span>
        <span className={`flag${mail.is_booked ? " flag-on" : ""}`}>{mail.is_booked ? "Agendado" : "Sin agendar"}</span>
        {booking && (
          <Link to="/main/bookings/$id" params={{ id: String(booking.id) }}>
            Reserva {formatDay(booking.booking_date)} {booking.booking_time}
            {booking.order ? ` · ${orderNumberText(terms.order, booking.order.correlative_id)}` : ""}
          </Link>
        )}
        {onBook && !mail.is_booked && (
          <Button variant="secondary" onClick={onBook}>
            <CalendarPlus size={16} aria-hidden />
            Agendar
          </Button>
        )}
        {onRemove && (
          <IconButton label="Eliminar" onClick={onRemove} disabled={removing}>
            <Trash2 size={18} />
          </IconButton>
        )}
      </div>
    </li>
  );
}

export function ExternalMailsDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const can = useCan();
  const terms = useTerms();
  const utils = trpc.useUtils();
  const mails = trpc.booking.externalMails.list.useQuery();
  const remove = trpc.booking.externalMails.remove.useMutation({
    onSuccess: (remaining) => {
      utils.booking.externalMails.list.setData(undefined, remaining);
      if (remaining.length === 0) onOpenChange(false);
    },
  });
  const list = mails.data ?? [];
  // The mails this dialog showed are read: one call for the unread ones, once per opening (the answer is the list).
  const markRead = trpc.booking.externalMails.markRead.useMutation({
    onSuccess: (all) => utils.booking.externalMails.list.setData(undefined, all),
  });
  const marked = useRef(false);
  const unread = list.filter((m) => !m.readed).map((m) => m.id);
  useEffect(() => {
    if (!open || marked.current || !mails.data) return;
    marked.current = true;
    if (unread.length > 0) markRead.mutate({ ids: unread });
  }, [open, mails.data, unread, markRead]);
  const [booking, setBooking] = useState<{ title: string; initial: BookingPrefill } | null>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Agendamientos por correo"
      width={10_000}
      className="external-mails-dialog"
      actions={<Button onClick={() => onOpenChange(false)}>Cerrar</Button>}
    >
      {mails.isError && list.length === 0 ? (
        <QueryFailed query={mails} what="los agendamientos por correo" inline />
      ) : list.length === 0 ? (
        <p className="muted">{mails.isLoading ? "Cargando…" : "No hay agendamientos por correo"}</p>
      ) : (
        <ul className="external-mails">
          {list.map((mail) => (
            <MailRow
              key={mail.id}
              mail={mail}
              removing={remove.isPending}
              onRemove={can("destroy", "booking") ? () => remove.mutate({ id: mail.id }) : undefined}
              onBook={
                can("create", "booking")
                  ? () =>
                      setBooking({
                        title: `Agendar correo de ${mail.data.client_name ? titleCase(mail.data.client_name) : noClientText(terms.client)}`,
                        initial: mailPrefill(mail, todayIn()),
                      })
                  : undefined
              }
            />
          ))}
        </ul>
      )}
      {booking && (
        <BookingFormDialog
          open
          title={booking.title}
          initial={booking.initial}
          onOpenChange={(o) => !o && setBooking(null)}
          onBooked={() => void utils.booking.externalMails.list.invalidate()}
        />
      )}
    </Dialog>
  );
}
