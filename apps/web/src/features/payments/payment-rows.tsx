/**
 * One payment request in the list (seed 002 section 2.5): identifier, #correlative, requirement, total, the
 * indicator with its tooltip ('Pagado', 'Cobro enviado', 'El pago se esta procesando'), client and
 * '(payment id or -) - created date'. The same content as a table row and, under 800 px, as a card.
 */
import type { RouterOutputs } from "@taller/api";
import {
  formatDate,
  formatMoney,
  PAYMENT_INDICATOR_TEXT,
  PAYMENT_PAID,
  paymentIndicator,
  titleCase,
} from "@taller/core";
import { CircleCheck, Send, TriangleAlert } from "lucide-react";
import { useTerms } from "../../lib/company-setup";
import { Checkbox } from "../../ui/checkbox";
import { Tooltip } from "../../ui/tooltip";

export type PaymentListItem = RouterOutputs["payments"]["list"]["payments"][number];

export const PAYMENT_COLUMNS =
  "100px 72px minmax(120px, 2fr) 110px minmax(40px, auto) minmax(120px, 2fr) minmax(150px, 1.4fr)";
export const PAYMENT_TABLE_MIN_WIDTH = "760px";

/** What marks a request of the test checkout wherever staff see it: its 'Pagado' moved no money. */
export const TEST_PAYMENT_TEXT = "Pago de prueba";

/** The state's icon, and 'Pago de prueba' beside it for a request made with the test checkout. */
export function PaymentIndicator({
  payment,
}: {
  payment: { status: number; payment_id: string | null; test: boolean };
}) {
  const kind = paymentIndicator(payment);
  const text = PAYMENT_INDICATOR_TEXT[kind];
  const Icon = kind === "paid" ? CircleCheck : kind === "processing" ? TriangleAlert : Send;
  return (
    <span className="payment-state">
      <Tooltip content={text}>
        <span className={`payment-indicator payment-indicator-${kind}`} role="img" aria-label={text} tabIndex={0}>
          <Icon size={18} aria-hidden />
        </span>
      </Tooltip>
      {payment.test && <span className="payment-test-badge">{TEST_PAYMENT_TEXT}</span>}
    </span>
  );
}

export const paymentLine = (p: PaymentListItem) => `(${p.payment_id ?? "-"}) - ${formatDate(p.created_at)}`;

/** The rows' 'Facturar' selection: the paid requests chosen, for users who may bill (null: no selection column). */
export interface BillSelection {
  selected: ReadonlySet<number>;
  toggle(id: number, on: boolean): void;
}

/** A paid request's box in the selection; other requests cannot be billed, so they have none. */
function BillBox({ payment, selection }: { payment: PaymentListItem; selection: BillSelection }) {
  if (payment.status !== PAYMENT_PAID) return null;
  return (
    <Checkbox
      hideLabel
      label={`Facturar cobro #${payment.correlative_id}`}
      checked={selection.selected.has(payment.id)}
      onCheckedChange={(on) => selection.toggle(payment.id, on)}
    />
  );
}

export function PaymentHeader({ billing }: { billing: boolean }) {
  const terms = useTerms();
  return (
    <>
      {billing && (
        <div role="columnheader">
          <span className="visually-hidden">Facturar</span>
        </div>
      )}
      <div role="columnheader">Identificador</div>
      <div role="columnheader">N°</div>
      <div role="columnheader">Requerimiento</div>
      <div role="columnheader">Total</div>
      <div role="columnheader">
        <span className="visually-hidden">Estado</span>
      </div>
      <div role="columnheader">{terms.client.one}</div>
      <div role="columnheader">Pago - Fecha</div>
    </>
  );
}

export function PaymentRow({ payment, selection }: { payment: PaymentListItem; selection: BillSelection | null }) {
  return (
    <>
      {selection && (
        <div role="cell">
          <BillBox payment={payment} selection={selection} />
        </div>
      )}
      <div role="cell">{payment.vehicle_identifier ?? "-"}</div>
      <div role="cell" className="payment-number">
        #{payment.correlative_id}
      </div>
      <div role="cell">{payment.requirement_name ?? "-"}</div>
      <div role="cell" className="payment-total">
        {formatMoney(payment.total)}
      </div>
      <div role="cell">
        <PaymentIndicator payment={payment} />
      </div>
      <div role="cell">{payment.client_name ? titleCase(payment.client_name) : "-"}</div>
      <div role="cell" className="muted">
        {paymentLine(payment)}
      </div>
    </>
  );
}

export function PaymentCard({ payment, selection }: { payment: PaymentListItem; selection: BillSelection | null }) {
  return (
    <div className="payment-card">
      <div className="payment-card-head">
        {selection && <BillBox payment={payment} selection={selection} />}
        <strong>{payment.vehicle_identifier ?? "-"}</strong>
        <span className="payment-number">#{payment.correlative_id}</span>
        <PaymentIndicator payment={payment} />
        <span className="payment-total">{formatMoney(payment.total)}</span>
      </div>
      <div>{payment.requirement_name ?? "-"}</div>
      <div>{payment.client_name ? titleCase(payment.client_name) : "-"}</div>
      <div className="muted">{paymentLine(payment)}</div>
    </div>
  );
}
