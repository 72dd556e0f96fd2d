/**
 * client/payment?token=…: the page a client reaches from the workshop's link (no login). It shows what they pay and
 * for what (the workshop, the order, the vehicle, the lines and the total, named in the company's terms), then sends
 * them to the payment provider's checkout. A paid request says so instead.
 */
import { formatDateTime, formatMoney, PAYMENT_PAID } from "@taller/core";
import { useSearch } from "@tanstack/react-router";
import { errorCode } from "../../lib/api";
import { QueryFailed } from "../../lib/load-state";
import { ApiProvider, trpc } from "../../lib/trpc";
import { PageLoader } from "../../ui/spinner";
import { PaymentLines } from "./payment-lines";
import "./payments.css";

export function ClientPaymentPage() {
  const { token } = useSearch({ from: "/client/payment" });
  return (
    <ApiProvider>
      <main className="client-payment">{token ? <ClientPayment token={token} /> : <Refused />}</main>
    </ApiProvider>
  );
}

function Refused() {
  return (
    <section className="client-payment-card">
      <h1>Este enlace de pago no es válido</h1>
      <p>El enlace no existe o ya expiró. Pide al taller un nuevo enlace de pago.</p>
    </section>
  );
}

function ClientPayment({ token }: { token: string }) {
  const data = trpc.payments.publicGet.useQuery({ token }, { retry: false });
  if (data.isError) {
    if (["UNAUTHORIZED", "BAD_REQUEST"].includes(errorCode(data.error) ?? "")) return <Refused />;
    return (
      <section className="client-payment-card">
        <QueryFailed query={data} what="el cobro" inline />
      </section>
    );
  }
  if (!data.data) return <PageLoader label="Cargando…" />;
  const p = data.data;
  const paid = p.status === PAYMENT_PAID;
  return (
    <section className="client-payment-card">
      <p className="muted">{p.company}</p>
      <h1>Cobro Nº {p.correlative_id}</h1>
      <p>
        {[
          p.order_correlative_id !== null ? `${p.terms.order.one} #${p.order_correlative_id}` : null,
          p.vehicle_identifier,
          p.requirement_name,
        ]
          .filter(Boolean)
          .join(" · ")}
      </p>
      {p.client_name && (
        <p>
          {p.terms.client.one}: {p.client_name}
        </p>
      )}
      <PaymentLines lines={p.lines} total={p.total} totalLabel="Total a pagar" />
      {paid ? (
        <p role="status" className="client-payment-paid">
          Pagado{p.paid_at ? ` el ${formatDateTime(p.paid_at)}` : ""}. ¡Gracias!
        </p>
      ) : p.checkout_url ? (
        <a className="btn btn-primary client-payment-pay" href={p.checkout_url}>
          Pagar {formatMoney(p.total)}
        </a>
      ) : (
        <p>El enlace de pago aún no está disponible.</p>
      )}
    </section>
  );
}
