/**
 * An inventory action's page (/main/inventory-actions/{id}): a pricing or a buy order with its status, supplier,
 * order and budget, its lines (a buy order's with what each received), 'Recibir' for a buy order with units left
 * (for those who may update inventory), 'Convertir en orden de compra' for an answered pricing, and its history:
 * created, answered by the supplier, each receipt with its warehouse and units; 'Abrir chat' (for those who may read
 * inventory) opens its chat in the panel. Follows provider.changed and inventory.changed.
 */
import type { RouterOutputs } from "@taller/api";
import {
  formatDateTime,
  formatMoney,
  formatNumber,
  INVENTORY_ACTION_NAMES,
  leftToReceive,
  PROVIDER_TEXTS,
  RECEIPT_STATE_NAMES,
  receiptState,
} from "@taller/core";
import { Link } from "@tanstack/react-router";
import { MessageSquare, PackageCheck, ShoppingCart } from "lucide-react";
import { useState } from "react";
import { useRefreshOn } from "../../lib/company-events";
import { useTerms } from "../../lib/company-setup";
import { useCan } from "../../lib/permissions";
import { RecordPage } from "../../lib/record-page";
import { showChat } from "../chat";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { ScrollTable } from "../../ui/scroll-table";
import { ConvertDialog } from "./convert-dialog";
import { ReceiveDialog } from "./receive-dialog";
import "./inventory.css";

export type ActionPageData = RouterOutputs["provider"]["actions"]["get"];

function ActionLink({ to }: { to: { id: number; correlative_id: number } }) {
  return (
    <Link to="/main/inventory-actions/$id" params={{ id: String(to.id) }}>
      #{to.correlative_id}
    </Link>
  );
}

function Facts({ action }: { action: ActionPageData }) {
  const terms = useTerms();
  const lines = action.inventory_action_products.filter((l) => !l._destroy);
  const facts: [string, React.ReactNode][] = [
    ["Estado", action.draft && action.status.code === "pending" ? "Borrador" : action.status.name],
    ["Proveedor", action.provider.name],
    [
      terms.order.one,
      action.order ? (
        <Link to="/main/orders/$id" params={{ id: String(action.order.id) }}>
          #{action.order.correlative_id}
        </Link>
      ) : (
        "-"
      ),
    ],
    [
      "Presupuesto",
      action.budget ? (
        <Link to="/main/budgets/$id" params={{ id: String(action.budget.id) }}>
          #{action.budget.correlative_id}
        </Link>
      ) : (
        "-"
      ),
    ],
    ...((action.pricing
      ? [["Cotización", <ActionLink key="p" to={action.pricing} />]]
      : action.buy_order
        ? [["Orden de compra", <ActionLink key="b" to={action.buy_order} />]]
        : []) as [string, React.ReactNode][]),
    ["Solicitado por", action.requester_name ?? "-"],
    ["Bodega", action.warehouse_name ?? "-"],
    [PROVIDER_TEXTS.requiredDate, action.extra_params.required_delivery_date ?? "-"],
  ];
  if (action.kind === "buy_order") {
    const state = receiptState(lines.map((l) => ({ ordered: l.quantity, received: l.received_quantity })));
    facts.push(["Recepción", RECEIPT_STATE_NAMES[state]]);
  }
  return (
    <dl className="product-facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      {action.comment && (
        <div className="product-facts-wide">
          <dt>Comentario</dt>
          <dd>{action.comment}</dd>
        </div>
      )}
    </dl>
  );
}

function Lines({ action }: { action: ActionPageData }) {
  const buy = action.kind === "buy_order";
  return (
    <Card title="Productos">
      <ScrollTable className="stock-table" aria-label="Productos">
        <thead>
          <tr>
            <th>Código</th>
            <th>Producto</th>
            <th className="numeric">Solicitado</th>
            <th className="numeric">{buy ? "Recibido" : "Ofrecido"}</th>
            <th className="numeric">Precio</th>
          </tr>
        </thead>
        <tbody>
          {action.inventory_action_products.map((l) => (
            <tr key={l.id} className={l._destroy ? "muted" : undefined}>
              <td className="product-code">
                <Link to="/main/inventory/products/$id" params={{ id: String(l.product.id) }} className="product-code">
                  {l.product.code}
                </Link>
              </td>
              <td>
                {l.product.name}
                {l._destroy && " · no ofrecido"}
              </td>
              <td className="numeric">{formatNumber(buy ? l.quantity : l.required_quantity)}</td>
              <td className="numeric">{formatNumber(buy ? l.received_quantity : l.quantity)}</td>
              <td className="numeric">{l.price === null ? "-" : formatMoney(l.price)}</td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </Card>
  );
}

function History({ action }: { action: ActionPageData }) {
  return (
    <Card title="Historial">
      <ul className="movement-rows">
        <li>
          <span className="movement-quantity" />
          <span>
            <strong>Creada</strong>
            <span className="muted">
              {" "}
              · {formatDateTime(action.created_at)}
              {action.requester_name ? ` · ${action.requester_name}` : ""}
            </span>
          </span>
        </li>
        {action.answered_at && (
          <li>
            <span className="movement-quantity" />
            <span>
              <strong>
                {action.kind === "buy_order" ? "Confirmada por el proveedor" : "Respondida por el proveedor"}
              </strong>
              <span className="muted"> · {formatDateTime(action.answered_at)}</span>
            </span>
          </li>
        )}
        {action.receipts.map((r) => (
          <li key={r.id}>
            <span className="movement-quantity in">+{formatNumber(r.lines.reduce((n, l) => n + l.quantity, 0))}</span>
            <span>
              <strong>Recepción en {r.warehouse_name}</strong>
              <span className="muted">
                {" "}
                · {formatDateTime(r.created_at)}
                {r.user_name ? ` · ${r.user_name}` : ""}
              </span>
              <span className="movement-reason">
                {r.lines.map((l) => `${l.code} × ${formatNumber(l.quantity)} a ${formatMoney(l.unit_cost)}`).join(", ")}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function ActionView({ action }: { action: ActionPageData }) {
  const can = useCan();
  const [receiving, setReceiving] = useState(false);
  const [converting, setConverting] = useState(false);
  const left = action.inventory_action_products.reduce((n, l) => n + leftToReceive(l), 0);
  const receivable = action.kind === "buy_order" && can("update", "inventory_action");
  const convertible = action.kind === "pricing" && !action.buy_order && can("create", "inventory_action");
  return (
    <div className="product-page-body">
      <Card
        title={`${INVENTORY_ACTION_NAMES[action.kind]} #${action.correlative_id}`}
        actions={
          <>
            {convertible ? (
              <Button
                icon={<ShoppingCart size={16} aria-hidden />}
                onClick={() => setConverting(true)}
                disabledReason={
                  action.status.failed
                    ? PROVIDER_TEXTS.convertClosed
                    : action.extra_params.answered
                      ? null
                      : PROVIDER_TEXTS.convertUnanswered
                }
              >
                Convertir en orden de compra
              </Button>
            ) : (
              receivable && (
                <Button
                  icon={<PackageCheck size={16} aria-hidden />}
                  onClick={() => setReceiving(true)}
                  disabledReason={
                    action.status.code === "cancelled"
                      ? PROVIDER_TEXTS.receiveCancelled
                      : left === 0
                        ? "Ya se recibió todo lo pedido"
                        : null
                  }
                >
                  Recibir
                </Button>
              )
            )}
            {/* The action's chat (created on first open); the chat list has no tab of inventory actions. */}
            {can("read", "inventory_action") && (
              <Button
                variant="secondary"
                icon={<MessageSquare size={16} aria-hidden />}
                onClick={() => showChat({ document_type: "InventoryAction", document_id: action.id })}
              >
                Abrir chat
              </Button>
            )}
          </>
        }
      >
        <Facts action={action} />
      </Card>
      <Lines action={action} />
      <History action={action} />
      {receiving && <ReceiveDialog action={action} onClose={() => setReceiving(false)} />}
      {converting && <ConvertDialog action={action} onClose={() => setConverting(false)} />}
    </div>
  );
}

function useAction(id: number) {
  const utils = trpc.useUtils();
  useRefreshOn(["provider.changed", "inventory.changed"], () => utils.provider.actions.get.invalidate({ id }));
  return trpc.provider.actions.get.useQuery({ id });
}

/** /main/inventory-actions/{id} */
export function ActionPage() {
  return (
    <RecordPage
      className="product-page"
      back="/main/inventory/actions"
      what="la acción de inventario"
      notFound={PROVIDER_TEXTS.notFound}
      useRecord={useAction}
    >
      {(action) => <ActionView action={action} />}
    </RecordPage>
  );
}
