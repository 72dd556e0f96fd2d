/** A request's lines (quantity, default 1; title and description; unit price × quantity) and its total. */
import { formatMoney, formatNumber } from "@taller/core";
import { ScrollTable } from "../../ui/scroll-table";
import "./payments.css";

export interface PaymentLineView {
  title: string;
  description: string | null;
  quantity: number;
  unit_price: number;
}

export function PaymentLines({
  lines,
  total,
  totalLabel,
  head = false,
}: {
  lines: readonly PaymentLineView[];
  total: number;
  totalLabel: string;
  head?: boolean;
}) {
  return (
    <ScrollTable className="payment-lines">
      {head && (
        <thead>
          <tr>
            <th>Cantidad</th>
            <th>Detalle</th>
            <th className="payment-amount">Total</th>
          </tr>
        </thead>
      )}
      <tbody>
        {lines.map((l, i) => (
          <tr key={i}>
            <td>{formatNumber(l.quantity || 1)}</td>
            <td>
              <strong>{l.title}</strong>
              {l.description && <div className="muted">{l.description}</div>}
            </td>
            <td className="payment-amount">{formatMoney(l.unit_price * (l.quantity || 1))}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <td colSpan={2}>{totalLabel}</td>
          <td className="payment-amount">{formatMoney(total)}</td>
        </tr>
      </tfoot>
    </ScrollTable>
  );
}
