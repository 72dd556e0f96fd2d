/**
 * 'Repuestos consumidos' on an order's or a booking's page: the products it took out of a warehouse
 * (inventory.consumption.consume), oldest first. Follows stock moved and the document changed elsewhere.
 * 'Consumir repuesto' for those who may create inventory actions. Only for users who may read inventory actions (the
 * caller checks).
 */
import { type ConsumptionDocument, formatDateTime, formatMoney, formatNumber } from "@taller/core";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useRefreshOn } from "../../lib/company-events";
import { QueryFailed } from "../../lib/load-state";
import { useCan } from "../../lib/permissions";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { ConsumeDialog } from "./consume-dialog";
import "./inventory.css";

export function DocumentConsumption({
  documentType,
  documentId,
}: {
  documentType: ConsumptionDocument;
  documentId: number;
}) {
  const can = useCan();
  const utils = trpc.useUtils();
  const [consuming, setConsuming] = useState(false);
  const doc = { document_type: documentType, document_id: documentId };
  const query = trpc.inventory.consumption.list.useQuery(doc);
  useRefreshOn(["inventory.changed", documentType === "Order" ? "order.changed" : "booking.changed"], () =>
    utils.inventory.consumption.list.invalidate(doc),
  );
  return (
    <section className="order-section order-section-wide" aria-label="Repuestos consumidos">
      <h3>Repuestos consumidos</h3>
      {query.isPending ? (
        <p className="muted">Cargando…</p>
      ) : query.isError ? (
        <QueryFailed query={query} what="los repuestos consumidos" inline />
      ) : query.data.length === 0 ? (
        <p className="muted">Sin repuestos consumidos</p>
      ) : (
        <ul className="movement-rows">
          {query.data.map((line) => (
            <li key={line.movement_id}>
              <span className="movement-quantity out">{formatNumber(line.quantity)}</span>
              <span>
                <Link to="/main/inventory/products/$id" params={{ id: String(line.product_id) }}>
                  <strong>{line.code}</strong>
                </Link>{" "}
                {line.name} · {line.warehouse_name}
                <span className="muted">
                  {" "}
                  · {formatMoney(line.unit_cost)} c/u · {formatDateTime(line.created_at)}
                  {line.user_name ? ` · ${line.user_name}` : ""}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {can("create", "inventory_action") && (
        <div className="order-consumption-actions">
          <Button variant="secondary" onClick={() => setConsuming(true)}>
            Consumir repuesto
          </Button>
        </div>
      )}
      {consuming && (
        <ConsumeDialog documentType={documentType} documentId={documentId} onClose={() => setConsuming(false)} />
      )}
    </section>
  );
}
