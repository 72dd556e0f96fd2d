/**
 * One vehicle (/main/vehicles/{id}; the plate in the vehicles list opens it): its data and earlier plates, its
 * owner, its latest orders, bookings and budgets and its open CRM case, each linking to its own screen; 'Editar'
 * opens the edit dialog for those who may update vehicles. The page follows changes made elsewhere (the vehicle,
 * its bookings, its owner) through the company's events.
 */
import type { RouterOutputs } from "@taller/api";
import { formatDateTime, formatMoney, formatNumber, notFoundText } from "@taller/core";
import { Link } from "@tanstack/react-router";
import { Pencil } from "lucide-react";
import { useState } from "react";
import { useRefreshOn } from "../../lib/company-events";
import { useObjectFields, useTerms } from "../../lib/company-setup";
import { usePreload } from "../../lib/lazy-part";
import { RecordPage } from "../../lib/record-page";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { BookingRowsCard, OrderRowsCard, RecordRows } from "../../ui/record-rows";
import { StatusBadge } from "../../ui/status";
import { VehicleForm, VehicleFormDialog } from "./vehicle-form-dialog";
import "./vehicles.css";

type VehiclePage = RouterOutputs["vehicles"]["get"];

function Facts({ page }: { page: VehiclePage }) {
  const { vehicle } = page;
  const fields = useObjectFields();
  const facts: [string, string][] = [
    ["Marca", vehicle.brand_name ?? "-"],
    ["Modelo", vehicle.brand_model_name ?? "-"],
    [fields.chassis, vehicle.chassis ?? "-"],
    ["Año", vehicle.year === null ? "-" : String(vehicle.year)],
    ["Color", vehicle.color ?? "-"],
    ["Kilometraje", vehicle.kms === null ? "-" : `${formatNumber(vehicle.kms)} km`],
  ];
  return (
    <dl className="vehicle-facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function VehicleView({ page }: { page: VehiclePage }) {
  const terms = useTerms();
  const [editing, setEditing] = useState(false);
  const { vehicle, owner } = page;
  usePreload(page.can_update && VehicleForm);
  return (
    <div className="vehicle-page-body">
      <Card
        title={<span className="vehicle-identifier">{vehicle.identifier}</span>}
        actions={
          page.can_update && (
            <Button variant="secondary" icon={<Pencil size={16} aria-hidden />} onClick={() => setEditing(true)}>
              Editar
            </Button>
          )
        }
      >
        <Facts page={page} />
        {page.plates.length > 0 && (
          <>
            <h3 className="vehicle-page-subtitle">Patentes anteriores</h3>
            <RecordRows empty="">
              {page.plates.map((p) => (
                <li key={`${p.changed_at}-${p.identifier}`}>
                  <span className="vehicle-identifier">{p.identifier}</span>{" "}
                  <span className="muted">
                    cambiada a {p.replaced_by} el {formatDateTime(p.changed_at)}
                  </span>
                </li>
              ))}
            </RecordRows>
          </>
        )}
      </Card>
      <Card title={terms.client.one}>
        {owner ? (
          <p>
            <Link to="/main/crm/$" params={{ _splat: `clients/${owner.id}` }}>
              {owner.name}
            </Link>{" "}
            <span className="muted">{[owner.rut, owner.phone, owner.email].filter(Boolean).join(" · ")}</span>
          </p>
        ) : (
          <p className="muted">{vehicle.client_id === null ? `Sin ${terms.client.one}` : "Sin acceso"}</p>
        )}
      </Card>
      {page.crm && (
        <Card title={`${terms.crm.one} abierto`}>
          <p>
            <Link to="/main/crm/$" params={{ _splat: String(page.crm.id) }}>
              Gestión #{page.crm.correlative_id}
            </Link>{" "}
            {page.crm.status_name && (
              <StatusBadge color={page.crm.status_color ?? "#9e9e9e"} name={page.crm.status_name} />
            )}{" "}
            <span className="muted">{formatDateTime(page.crm.created_at)}</span>
          </p>
        </Card>
      )}
      {page.orders && (
        <OrderRowsCard title={terms.order.many} empty={`Sin ${terms.order.manyLower}`} orders={page.orders} />
      )}
      {page.bookings && <BookingRowsCard bookings={page.bookings} />}
      {page.budgets && (
        <Card title="Presupuestos">
          <RecordRows empty="Sin presupuestos">
            {page.budgets.map((b) => (
              <li key={b.id}>
                <Link to="/main/budgets/$id" params={{ id: String(b.id) }}>
                  Presupuesto #{b.correlative_id}
                </Link>{" "}
                <span className="muted">
                  {terms.order.one} #{b.order_correlative_id} · {formatMoney(b.total)}
                </span>{" "}
                <StatusBadge color={b.status_color} name={b.status_name} />
              </li>
            ))}
          </RecordRows>
        </Card>
      )}
      {editing && <VehicleFormDialog open onOpenChange={setEditing} vehicle={vehicle} owner={owner} />}
    </div>
  );
}

/** The vehicle, fresh: its owner, bookings, managements and budgets change elsewhere too. */
function useVehicle(vehicleId: number) {
  const utils = trpc.useUtils();
  // Its orders' rows name their status: an order moved elsewhere refetches them too.
  useRefreshOn(
    ["vehicle.changed", "client.changed", "booking.changed", "crm.changed", "budget.changed", "order.changed"],
    () => utils.vehicles.get.invalidate({ id: vehicleId }),
  );
  return trpc.vehicles.get.useQuery({ id: vehicleId });
}

/** /main/vehicles/{id} */
export function VehiclePage() {
  const terms = useTerms();
  return (
    <RecordPage
      className="vehicle-page"
      back="/main/vehicles"
      what={`la página de ${terms.object.oneLower}`}
      notFound={notFoundText(terms.object)}
      useRecord={useVehicle}
    >
      {(page) => <VehicleView page={page} />}
    </RecordPage>
  );
}
