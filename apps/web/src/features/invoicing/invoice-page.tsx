/**
 * One document (/main/invoices/{id}): type, folio and status, what it was made from, the receiver (editable while a
 * draft: a factura needs RUT, razón social, giro and address), the lines ('Editar líneas' while a draft) and the
 * amounts the database keeps, 'Descargar PDF', 'Enviar por WhatsApp' and 'Enviar por correo' once issued,
 * 'Emitir' (or 'Reintentar' after a timeout or a rejection) and 'Anular' (an issued document: a credit note, never a
 * delete). Without a provider the page says the draft was not sent.
 */
import type { RouterOutputs } from "@taller/api";
import { formatDateTime, formatMoney, INVOICE_NOT_SENT_TEXT, invoiceTitle } from "@taller/core";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useTerms } from "../../lib/company-setup";
import { useCan } from "../../lib/permissions";
import { lazyPart } from "../../lib/lazy-part";
import { RecordPage } from "../../lib/record-page";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { ScrollTable } from "../../ui/scroll-table";
import { FormFooter } from "../../ui/form-footer";
import { useOutcome } from "../../ui/snackbar";
import { InvoiceStatusBadge } from "./invoice-rows";
import { InvoiceSend } from "./invoice-send";
import "./invoicing.css";

// A draft's forms (react-hook-form, zod) load once the document has painted.
const ReceiverForm = lazyPart(() => import("./receiver-form").then((m) => m.ReceiverForm));
const InvoiceLinesForm = lazyPart(() => import("./invoice-lines-form").then((m) => m.InvoiceLinesForm));

type Invoice = RouterOutputs["invoicing"]["get"];

function Receiver({ invoice }: { invoice: Invoice }) {
  return (
    <dl className="invoice-receiver">
      <dt>RUT</dt>
      <dd>{invoice.receiver_rut ?? "-"}</dd>
      <dt>Razón social</dt>
      <dd>{invoice.receiver_name ?? "-"}</dd>
      <dt>Giro</dt>
      <dd>{invoice.receiver_activity ?? "-"}</dd>
      <dt>Dirección</dt>
      <dd>{invoice.receiver_address ?? "-"}</dd>
    </dl>
  );
}

function Lines({ invoice }: { invoice: Invoice }) {
  return (
    <ScrollTable aria-label="Líneas del documento" className="invoice-lines">
      <thead>
        <tr>
          <th>Descripción</th>
          <th>Cant.</th>
          <th>Precio</th>
          <th>Descuento</th>
          <th>Total</th>
        </tr>
      </thead>
      <tbody>
        {invoice.lines.map((l) => (
          <tr key={l.id}>
            <td>
              {l.description}
              {l.exempt && <span className="muted"> (exento)</span>}
            </td>
            <td>{l.quantity}</td>
            <td>{formatMoney(l.unit_price)}</td>
            <td>{l.discount ? formatMoney(l.discount) : "-"}</td>
            <td>{formatMoney(l.total)}</td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

function Totals({ invoice }: { invoice: Invoice }) {
  return (
    <dl className="invoice-totals">
      <dt>Neto</dt>
      <dd>{formatMoney(invoice.net)}</dd>
      <dt>Exento</dt>
      <dd>{formatMoney(invoice.exempt)}</dd>
      <dt>IVA 19 %</dt>
      <dd>{formatMoney(invoice.iva)}</dd>
      <dt>Total</dt>
      <dd>
        <strong>{formatMoney(invoice.total)}</strong>
      </dd>
    </dl>
  );
}

function Actions({ invoice }: { invoice: Invoice }) {
  const can = useCan();
  const utils = trpc.useUtils();
  const outcome = useOutcome();
  const [message, setMessage] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);
  const issue = trpc.invoicing.issue.useMutation({
    onSuccess: (r) => {
      utils.invoicing.get.setData({ id: invoice.id }, r.invoice);
      setMessage(r.message);
      if (r.outcome === "accepted" || r.outcome === "duplicate") outcome.done(r.message);
    },
    onError: outcome.failed,
  });
  const cancel = trpc.invoicing.cancel.useMutation({
    onSuccess: (r) => {
      setConfirm(false);
      void utils.invoicing.invalidate();
      // The page's line names the credit note: the document's own 'Emitido con folio' may read the same.
      if (r.outcome !== "accepted" && r.outcome !== "duplicate") return setMessage(r.message);
      setMessage(`Nota de crédito emitida con folio ${r.credit_note.folio}`);
      outcome.done("Nota de crédito emitida");
    },
    onError: outcome.failed,
  });
  const sendable = invoice.status === "draft" || invoice.status === "sending" || invoice.status === "rejected";
  const missing = Object.values(invoice.missing);
  return (
    <div className="invoice-actions">
      {sendable && can("update", "invoice") && (
        <Button
          loading={issue.isPending}
          disabledReason={invoice.status === "draft" && missing.length ? missing.join(". ") : null}
          onClick={() => issue.mutate({ id: invoice.id })}
        >
          {invoice.status === "draft" ? "Emitir" : "Reintentar"}
        </Button>
      )}
      {invoice.status === "issued" && invoice.dte_type !== 61 && can("destroy", "invoice") && (
        <Button variant="secondary" onClick={() => setConfirm(true)}>
          Anular
        </Button>
      )}
      {message && (
        <p role="status" className="invoice-message">
          {message}
        </p>
      )}
      <Dialog open={confirm} onOpenChange={setConfirm} title="Anular documento">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            cancel.mutate({ id: invoice.id });
          }}
        >
          <p>
            Se emitirá una nota de crédito por {formatMoney(invoice.total)} que anula {invoiceTitle(invoice)}. El
            documento no se elimina.
          </p>
          <FormFooter
            saving={cancel.isPending}
            onCancel={() => setConfirm(false)}
            submitLabel="Emitir nota de crédito"
          />
        </form>
      </Dialog>
    </div>
  );
}

function InvoiceView({ invoice }: { invoice: Invoice }) {
  const can = useCan();
  const terms = useTerms();
  const [editingLines, setEditingLines] = useState(false);
  return (
    <article className="invoice-page-body">
      <header className="invoice-head">
        <h2>{invoiceTitle(invoice)}</h2>
        <InvoiceStatusBadge status={invoice.status} />
      </header>
      {invoice.status === "draft" && !invoice.configured && (
        <p role="note" className="invoice-warning">
          {INVOICE_NOT_SENT_TEXT}
        </p>
      )}
      {invoice.status === "sending" && (
        <p role="note" className="invoice-warning">
          Enviado con el folio {invoice.folio}, sin respuesta final del proveedor: reintenta para confirmarlo (no se
          emitirá dos veces).
        </p>
      )}
      {invoice.status === "rejected" && (
        <p role="alert" className="invoice-warning">
          Rechazado: {invoice.rejection_reason}
        </p>
      )}
      <dl className="invoice-meta">
        {invoice.order_id !== null && invoice.order_correlative !== null && (
          <>
            <dt>{terms.order.one}</dt>
            <dd>
              <Link to="/main/orders/$id" params={{ id: String(invoice.order_id) }}>
                #{invoice.order_correlative}
              </Link>
            </dd>
          </>
        )}
        {invoice.referenced && (
          <>
            <dt>Anula</dt>
            <dd>
              <Link to="/main/invoices/$id" params={{ id: String(invoice.referenced.id) }}>
                {invoiceTitle(invoice.referenced)}
              </Link>
            </dd>
          </>
        )}
        {invoice.credit_note && (
          <>
            <dt>Anulado por</dt>
            <dd>
              <Link to="/main/invoices/$id" params={{ id: String(invoice.credit_note.id) }}>
                {invoiceTitle({ dte_type: 61, folio: invoice.credit_note.folio })}
              </Link>
            </dd>
          </>
        )}
        {invoice.issued_at && (
          <>
            <dt>Emitido</dt>
            <dd>{formatDateTime(invoice.issued_at)}</dd>
          </>
        )}
        {invoice.track_id && (
          <>
            <dt>Seguimiento SII</dt>
            <dd>{invoice.track_id}</dd>
          </>
        )}
      </dl>
      <section>
        <h3>Receptor</h3>
        {invoice.status === "draft" && can("update", "invoice") ? (
          <ReceiverForm invoice={invoice} />
        ) : (
          <Receiver invoice={invoice} />
        )}
      </section>
      <section>
        <h3>Detalle</h3>
        {editingLines ? (
          <InvoiceLinesForm invoice={invoice} onDone={() => setEditingLines(false)} />
        ) : (
          <>
            <Lines invoice={invoice} />
            {invoice.status === "draft" && can("update", "invoice") && (
              <Button variant="secondary" onClick={() => setEditingLines(true)}>
                Editar líneas
              </Button>
            )}
            <Totals invoice={invoice} />
          </>
        )}
      </section>
      <Actions invoice={invoice} />
      <InvoiceSend invoice={invoice} />
    </article>
  );
}

function useInvoice(id: number) {
  return trpc.invoicing.get.useQuery({ id });
}

export function InvoicePage() {
  return (
    <RecordPage
      className="invoice-page"
      back="/main/invoices"
      backLabel="Facturación"
      what="el documento"
      notFound="Documento no encontrado"
      useRecord={useInvoice}
    >
      {(invoice) => <InvoiceView invoice={invoice} />}
    </RecordPage>
  );
}
