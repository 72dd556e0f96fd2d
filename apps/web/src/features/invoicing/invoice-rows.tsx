/**
 * One document in the list: type and folio, status, receiver, the order, total and day. The same content as a table
 * row and, on a narrow screen, as a card.
 */
import type { RouterOutputs } from "@taller/api";
import { formatDate, formatMoney, INVOICE_STATUSES, invoiceTitle } from "@taller/core";
import { useTerms } from "../../lib/company-setup";
import { StatusBadge } from "../../ui/status";

export type InvoiceListItem = RouterOutputs["invoicing"]["list"]["invoices"][number];

export const INVOICE_COLUMNS = "minmax(150px, 1.2fr) 110px minmax(160px, 2fr) 90px 120px 110px";
export const INVOICE_TABLE_MIN_WIDTH = "760px";

export function InvoiceStatusBadge({ status }: { status: string }) {
  const s = INVOICE_STATUSES.find((x) => x.key === status);
  return <StatusBadge color={s?.color ?? "transparent"} name={s?.name ?? status} />;
}

const day = (i: InvoiceListItem) => formatDate(i.issued_at ?? i.created_at);

export function InvoiceHeader() {
  const terms = useTerms();
  return (
    <>
      <div role="columnheader">Documento</div>
      <div role="columnheader">Estado</div>
      <div role="columnheader">Receptor</div>
      <div role="columnheader">{terms.order.one}</div>
      <div role="columnheader">Total</div>
      <div role="columnheader">Fecha</div>
    </>
  );
}

export function InvoiceRow({ invoice }: { invoice: InvoiceListItem }) {
  return (
    <>
      <div role="cell">{invoiceTitle(invoice)}</div>
      <div role="cell">
        <InvoiceStatusBadge status={invoice.status} />
      </div>
      <div role="cell">{invoice.receiver_name ?? "-"}</div>
      <div role="cell">{invoice.order_correlative === null ? "-" : `#${invoice.order_correlative}`}</div>
      <div role="cell" className="invoice-total">
        {formatMoney(invoice.total)}
      </div>
      <div role="cell" className="muted">
        {day(invoice)}
      </div>
    </>
  );
}

export function InvoiceCard({ invoice }: { invoice: InvoiceListItem }) {
  return (
    <div className="invoice-card">
      <div className="invoice-card-head">
        <strong>{invoiceTitle(invoice)}</strong>
        <InvoiceStatusBadge status={invoice.status} />
        <span className="invoice-total">{formatMoney(invoice.total)}</span>
      </div>
      <div>{invoice.receiver_name ?? "-"}</div>
      <div className="muted">
        {invoice.order_correlative === null ? "" : `#${invoice.order_correlative} - `}
        {day(invoice)}
      </div>
    </div>
  );
}
