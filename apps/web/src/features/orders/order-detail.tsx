/**
 * One order, read-only: as the page /main/orders/{id} and as the dialog other screens open (order-dialog.tsx).
 * The spec does not show this screen; it gathers what a front desk asks about an order: status, number,
 * requirement, client, vehicle, dates, comment, pictures, the last budget and the parts it consumed.
 */
import type { RouterOutputs } from "@taller/api";
import { formatDateTime, formatDay, formatMoney, formatNumber, notFoundText, recallText } from "@taller/core";
import { Link } from "@tanstack/react-router";
import { Download, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { useTerms } from "../../lib/company-setup";
import { useCan } from "../../lib/permissions";
import { RecordLoader, RecordPage } from "../../lib/record-page";
import { trpc } from "../../lib/trpc";
import { PictureGrid } from "../../ui/picture-grid";
import { StatusBadge } from "../../ui/status";
import { DocumentConsumption } from "../inventory";
import { ProviderSection } from "../provider";
import { BillButton } from "../invoicing";
import { CreatePaymentButton } from "../payments";
import { useRefreshOn } from "../../lib/company-events";
import { OrderLife } from "./order-life";
import { ClientName } from "./order-rows";
import "./orders.css";

type Order = RouterOutputs["orders"]["get"];

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="order-field">
      <dt>{label}</dt>
      <dd>{children === null || children === undefined || children === "" ? "-" : children}</dd>
    </div>
  );
}

function Section({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <section className={`order-section${wide ? " order-section-wide" : ""}`}>
      <h3>{title}</h3>
      {children}
    </section>
  );
}

export function OrderView({ order }: { order: Order }) {
  const terms = useTerms();
  const can = useCan();
  const vehicle = order.object;
  const budget = order.last_budget;
  return (
    <article className="order-detail">
      <header className="order-detail-head">
        <h2>#{order.correlative_id}</h2>
        <StatusBadge color={order.status.color} name={order.status.name} />
        <p className="order-detail-requirement">{order.requirement?.name ?? "Sin requerimiento"}</p>
      </header>
      {order.recall_data.length > 0 && (
        <p className="order-recall" role="note">
          <TriangleAlert size={18} aria-hidden />
          {recallText(terms.object)}
        </p>
      )}
      <div className="order-detail-grid">
        {can("update", "check_in") && <OrderLife order={order} />}
        <Section title={terms.client.one}>
          <dl>
            <Field label="Nombre">
              <ClientName client={order.client} canRead={can("read", "client")} />
            </Field>
            <Field label="RUT">{order.client?.rut}</Field>
            <Field label="Correo">{order.client?.email}</Field>
            <Field label="Teléfono">
              {order.client?.phone && <a href={`tel:${order.client.phone}`}>{order.client.phone}</a>}
            </Field>
          </dl>
        </Section>
        <Section title={terms.object.one}>
          <dl>
            <Field label="Identificador">{vehicle?.identifier}</Field>
            <Field label="Marca y modelo">
              {[vehicle?.brand_name, vehicle?.brand_model_name].filter(Boolean).join(" ")}
            </Field>
            <Field label="Año">{vehicle?.year}</Field>
            <Field label="Color">{vehicle?.color}</Field>
            <Field label="Chasis">{vehicle?.chasis}</Field>
            <Field label="Kilometraje">{order.kms !== null ? `${formatNumber(order.kms)} km` : null}</Field>
          </dl>
        </Section>
        <Section title="Fechas">
          <dl>
            <Field label="Recepción">{formatDateTime(order.check_in_time)}</Field>
            <Field label="Entrega agendada">{order.finish_date && formatDay(order.finish_date)}</Field>
            <Field label="Finalizado">{order.completed_at && formatDateTime(order.completed_at)}</Field>
            <Field label="Entregado">{order.ended_at && formatDateTime(order.ended_at)}</Field>
          </dl>
        </Section>
        <Section title="Atención">
          <dl>
            <Field label="Sucursal">{order.location?.name}</Field>
            <Field label="Recepcionado por">{order.user?.name}</Field>
            <Field label="Técnico">{order.assignee?.name}</Field>
            <Field label="Total">{formatMoney(order.total)}</Field>
          </dl>
          <CreatePaymentButton orderId={order.id} correlativeId={order.correlative_id} total={order.total} />
          <BillButton
            source={{ order_id: order.id }}
            disabledReason={order.status.finish && !order.status.cancel ? null : "Se factura cuando está terminada"}
          />
        </Section>
        <Section title="Último presupuesto">
          {budget ? (
            <dl>
              <Field label="Número">
                {can("read", "budget") ? (
                  <Link to="/main/budgets/$id" params={{ id: String(budget.id) }}>
                    #{budget.correlative_id}
                  </Link>
                ) : (
                  `#${budget.correlative_id}`
                )}
              </Field>
              <Field label="Estado">
                {budget.status.name && (
                  <StatusBadge color={budget.status.color ?? "transparent"} name={budget.status.name} />
                )}
              </Field>
              <Field label="Total">{budget.total !== null && formatMoney(budget.total)}</Field>
            </dl>
          ) : (
            <p className="muted">Sin Presupuesto</p>
          )}
        </Section>
        {order.custom_fields.length > 0 && (
          <Section title="Información adicional">
            <dl>
              {order.custom_fields.map((f) => (
                <Field key={f.key} label={f.label}>
                  {f.value}
                </Field>
              ))}
            </dl>
          </Section>
        )}
        {can("read", "inventory_action") && <DocumentConsumption documentType="Order" documentId={order.id} />}
        {can("read", "inventory_action") && <ProviderSection document={{ order_id: order.id }} />}
        <Section title="Historial de estados" wide>
          <ol className="order-status-logs">
            {order.status_logs.map((l) => (
              <li key={l.id}>
                <StatusBadge color={l.status_color} name={l.status_name} /> {formatDateTime(l.created_at)}
                {l.user_name && ` · ${l.user_name}`}
                {l.reason && ` · ${l.reason}`}
              </li>
            ))}
          </ol>
        </Section>
        <Section title="Comentario" wide>
          <p className="order-comment">{order.comment || "Sin comentario"}</p>
        </Section>
        <Section title="Fotos" wide>
          {order.pictures.some((p) => !p.video) && (
            // The zip page builds and saves the archive in its own tab (features/zip), the dialog stays as it was.
            <Link
              to="/zip/$model/$id"
              params={{ model: "order", id: String(order.id) }}
              target="_blank"
              className="btn btn-secondary order-zip-link"
            >
              <Download size={18} aria-hidden />
              Descargar imágenes
            </Link>
          )}
          <PictureGrid pictures={order.pictures} />
        </Section>
      </div>
    </article>
  );
}

/** The order, fresh: another user (or tab) moved or edited it, and it shows as it now is. */
function useOrder(orderId: number) {
  const utils = trpc.useUtils();
  useRefreshOn(["order.changed"], () => utils.orders.get.invalidate({ id: orderId }));
  return trpc.orders.get.useQuery({ id: orderId });
}

/** The order as its page and its dialog show it, or what went wrong loading it. */
function useOrderRecord() {
  const terms = useTerms();
  return {
    what: `la página de ${terms.order.oneLower}`,
    notFound: notFoundText(terms.order),
    useRecord: useOrder,
    children: (order: Order) => <OrderView order={order} />,
  };
}

/** /main/orders/{id} */
export function OrderDetailPage() {
  return <RecordPage className="order-page" back="/main/orders" {...useOrderRecord()} />;
}

/** The order as its dialog (order-dialog.tsx) shows it, loaded with this module when the dialog opens. */
export function OrderRecord({ orderId }: { orderId: number }) {
  return <RecordLoader id={orderId} {...useOrderRecord()} />;
}
