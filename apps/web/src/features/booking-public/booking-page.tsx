/**
 * The client's booking page, without login (seed 000 section 2.5, seed 001 'CRM booking page'): opened with the
 * crm_token of one CRM case, which gives the company, client, vehicle, requirement and location; the client picks
 * the professional (booking_type professional), the day and the hour, and books. Two routes show it:
 * client/booking (also the booking add-on's, framed by the company's site) and client/crm/booking, whose lookup
 * failure sends the client to client/booking (seed 000 section 8), which explains what is wrong with the link.
 */
import { formatDay } from "@taller/core";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { type ReactNode, useEffect } from "react";
import { errorCode } from "../../lib/api";
import { ApiProvider, trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { PageLoader } from "../../ui/spinner";
import { BookingForm } from "./booking-form";
import "./booking-public.css";

/** client/booking?crm_token=… */
export function ClientBookingPage() {
  const { crm_token } = useSearch({ from: "/client/booking" });
  return (
    <ApiProvider>
      <BookingPublic token={crm_token ?? null} />
    </ApiProvider>
  );
}

/** client/crm/booking?crm_token=…: a case the lookup does not find goes to client/booking. */
export function CrmBookingPage() {
  const { crm_token } = useSearch({ from: "/client/crm/booking" });
  const navigate = useNavigate();
  return (
    <ApiProvider>
      <BookingPublic
        token={crm_token ?? null}
        onLinkRefused={() => void navigate({ to: "/client/booking", search: { crm_token }, replace: true })}
      />
    </ApiProvider>
  );
}

/** A link that opens nothing: not found, expired, or another kind of link. */
const LINK_REFUSED = new Set(["UNAUTHORIZED", "NOT_FOUND", "BAD_REQUEST"]);

function BookingPublic({ token, onLinkRefused }: { token: string | null; onLinkRefused?: () => void }) {
  const data = trpc.booking.public.get.useQuery({ token: token ?? "" }, { enabled: token !== null, retry: false });
  const refused = data.error !== null && LINK_REFUSED.has(errorCode(data.error) ?? "");
  useEffect(() => {
    if (refused) onLinkRefused?.();
  }, [refused, onLinkRefused]);

  if (token === null || (refused && !onLinkRefused)) {
    return (
      <Notice title="Este enlace para agendar no es válido">
        <p>
          {token === null
            ? "Para agendar una hora abre el enlace que te envió el taller."
            : "El enlace no existe o ya expiró. Pide al taller un nuevo enlace para agendar tu hora."}
        </p>
      </Notice>
    );
  }
  if (data.isPending || refused) return <PageLoader label="Cargando…" />;
  if (data.isError) {
    return (
      <Notice title="No pudimos cargar tu reserva">
        <p>
          {errorCode(data.error) === null ? "Revisa tu conexión a internet e intenta nuevamente." : data.error.message}
        </p>
        <Button onClick={() => void data.refetch()}>Reintentar</Button>
      </Notice>
    );
  }
  const booking = data.data.booking;
  if (booking?.checked_in) {
    return (
      <Notice title="Tu cita ya fue recepcionada">
        <p>
          Tu cita del {formatDay(booking.booking_date)} a las {booking.booking_time} ya fue recibida en el taller. Para
          agendar una nueva hora, pide un nuevo enlace al taller.
        </p>
      </Notice>
    );
  }
  return <BookingForm token={token} data={data.data} />;
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="booking-public booking-public-notice">
      <h1>{title}</h1>
      {children}
    </main>
  );
}
