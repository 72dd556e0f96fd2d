/**
 * The payment request's detail dialog (seed 002 section 2.6), at least 80% of the window wide: 'Cobro Nº
 * {correlative_id}', its lines and total, 'Enlace Cobro', the payment block ('ID Pago', 'Pagado el', 'Pago Total',
 * 'Cuotas', 'Valor Cuota', 'Enlace Pago'), 'Ver Orden de trabajo' for those who may read orders, and 'Reprocesar
 * pago' while a payment exists that has not paid it, 'Facturar' once paid. The client's link is shown to copy and
 * send.
 */
import { agree, formatDateTime, formatMoney, formatNumber, PAYMENT_PAID, theTerm } from "@taller/core";
import { useState, type ReactNode } from "react";
import { LazyOrderDialog } from "../orders/lazy";
import { errorCode } from "../../lib/api";
import { useTerms } from "../../lib/company-setup";
import { useCan } from "../../lib/permissions";
import { QueryFailed } from "../../lib/load-state";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { PageLoader } from "../../ui/spinner";
import { BillButton } from "../invoicing";
import { PaymentLines } from "./payment-lines";
import { PaymentIndicator, TEST_PAYMENT_TEXT } from "./payment-rows";
import "./payments.css";

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="payment-field">
      <dt>{label}</dt>
      <dd>{children === null || children === undefined || children === "" ? "-" : children}</dd>
    </div>
  );
}

const absolute = (url: string) => new URL(url, window.location.origin).toString();

function ExternalLink({ url }: { url: string | null }) {
  if (!url) return null;
  return (
    <a href={url} target="_blank" rel="noreferrer" className="payment-link">
      {absolute(url)}
    </a>
  );
}

function PaymentContent({ paymentId }: { paymentId: number }) {
  const can = useCan();
  const terms = useTerms();
  const payment = trpc.payments.get.useQuery({ id: paymentId });
  const utils = trpc.useUtils();
  const reprocess = trpc.payments.reprocess.useMutation({
    onSuccess: (data) => {
      utils.payments.get.setData({ id: paymentId }, data);
      void utils.payments.list.invalidate();
    },
  });
  // Asking the provider takes seconds: the button shows it works, then what the provider answered.
  const reprocessed =
    reprocess.data &&
    (reprocess.data.status === PAYMENT_PAID
      ? "Pago reprocesado: el cobro quedó pagado."
      : "Pago reprocesado: el proveedor aún no informa un pago aprobado.");
  const [orderOpen, setOrderOpen] = useState(false);
  if (payment.isError) {
    if (errorCode(payment.error) === "NOT_FOUND") return <p role="alert">Cobro no encontrado</p>;
    return <QueryFailed query={payment} what="el cobro" />;
  }
  if (!payment.data) return <PageLoader />;
  const p = payment.data;
  return (
    <div className="payment-detail">
      {p.test && (
        <p className="payment-test-notice" role="note">
          <span className="payment-test-badge">{TEST_PAYMENT_TEXT}</span> Este cobro usa el checkout de prueba: no se
          cobra dinero real y su enlace no se envía {agree(terms.client, "al", "a la")} {terms.client.oneLower}.
        </p>
      )}
      <PaymentLines lines={p.lines} total={p.total} totalLabel="Total" head />
      <dl className="payment-fields">
        <Field label="Estado">
          <PaymentIndicator payment={p} />
        </Field>
        <Field label="Enlace Cobro">
          <ExternalLink url={p.checkout_url} />
        </Field>
        <Field label={`Enlace para ${theTerm(terms.client)}`}>
          <ExternalLink url={p.client_url} />
        </Field>
      </dl>
      <h3>Pago</h3>
      <dl className="payment-fields">
        <Field label="ID Pago">{p.payment_id}</Field>
        <Field label="Pagado el">{p.paid_at && formatDateTime(p.paid_at)}</Field>
        <Field label="Pago Total">{p.total_paid !== null && formatMoney(p.total_paid)}</Field>
        <Field label="Cuotas">{p.installments !== null && formatNumber(p.installments)}</Field>
        <Field label="Valor Cuota">{p.installment_amount !== null && formatMoney(p.installment_amount)}</Field>
        <Field label="Enlace Pago">
          <ExternalLink url={p.payment_url} />
        </Field>
      </dl>
      {reprocess.isError && <p role="alert">{reprocess.error.message}</p>}
      {reprocess.isPending && <p role="status">Consultando el pago al proveedor…</p>}
      {reprocessed && <p role="status">{reprocessed}</p>}
      <div className="payment-actions">
        {can("read", "check_in") && p.order_id !== null && (
          <Button variant="secondary" onClick={() => setOrderOpen(true)}>
            Ver {terms.order.one}
          </Button>
        )}
        {/* Only a paid request is billed: an unpaid one offers nothing to bill yet. */}
        {p.status === PAYMENT_PAID && <BillButton source={{ payment_request_ids: [p.id] }} />}
        {p.payment_id !== null && p.status !== PAYMENT_PAID && can("update", "payment") && (
          <Button loading={reprocess.isPending} onClick={() => reprocess.mutate({ id: p.id })}>
            Reprocesar pago
          </Button>
        )}
      </div>
      {orderOpen && p.order_id !== null && <LazyOrderDialog orderId={p.order_id} open onOpenChange={setOrderOpen} />}
    </div>
  );
}

export function PaymentDialog({
  paymentId,
  open,
  onOpenChange,
}: {
  paymentId: number;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const payment = trpc.payments.get.useQuery({ id: paymentId });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={payment.data ? `Cobro Nº ${payment.data.correlative_id}` : "Cobro"}
      width={1100}
      className="payment-dialog"
      actions={<Button onClick={() => onOpenChange(false)}>Cerrar</Button>}
    >
      <PaymentContent paymentId={paymentId} />
    </Dialog>
  );
}
