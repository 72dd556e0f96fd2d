/**
 * One vehicle in the list: a table row on desktop, a card under 800 px, with the same information (seed 000
 * section 2.8). The check-in cell is a button when the user may do what it leads to.
 */
import type { RouterOutputs } from "@taller/api";
import { type Can, vehicleStatusBoxes } from "@taller/core";
import { Link } from "@tanstack/react-router";
import { useTerms } from "../../lib/company-setup";
import { useCan } from "../../lib/permissions";
import { ClientName } from "../orders";
import { type CheckInAction, checkInCell, noteCell } from "./list-rules";

export type VehicleListItem = RouterOutputs["vehicles"]["list"]["vehicles"][number];

/** Marca, identifier, Cliente, work assignation, check-in, Nota. */
// Fits a 1,280 px window beside the side menu (about 980 px for the list); the check-in column holds its longest
// text, 'Agendado para el dd-mm-yyyy' with its dot, whole.
export const VEHICLE_COLUMNS =
  "minmax(88px, 1fr) 100px minmax(120px, 1.4fr) minmax(120px, 1.2fr) 284px minmax(140px, 1.2fr)";
export const VEHICLE_TABLE_MIN_WIDTH = "952px";

export function VehicleHeader() {
  const terms = useTerms();
  return (
    <>
      <div role="columnheader">Marca</div>
      <div role="columnheader">Identificador</div>
      <div role="columnheader">{terms.client.one}</div>
      <div role="columnheader">Trabajo</div>
      <div role="columnheader">Ingreso</div>
      <div role="columnheader">Nota</div>
    </>
  );
}

const allowed = (action: CheckInAction, can: Can) =>
  action.kind === "order"
    ? can("read", "check_in")
    : action.kind === "booking"
      ? can("read", "booking")
      : can("create", "booking");

function CheckIn({
  vehicle,
  onOpen,
}: {
  vehicle: VehicleListItem;
  onOpen(action: CheckInAction, vehicle: VehicleListItem): void;
}) {
  const can = useCan();
  const terms = useTerms();
  const { text, action } = checkInCell(vehicle, terms);
  const status = vehicleStatusBoxes(terms).find((s) => s.id === vehicle.status_id);
  // The text says what the dot shows; the dot stays out of the button's name.
  const dot = status && <span className="status-dot" aria-hidden style={{ background: status.color }} />;
  if (!allowed(action, can)) {
    return (
      <span className="check-in">
        {dot}
        {text}
      </span>
    );
  }
  return (
    <button type="button" className="check-in check-in-button" onClick={() => onOpen(action, vehicle)}>
      {dot}
      {text}
    </button>
  );
}

/** The identifier opens the vehicle's page. */
function Identifier({ vehicle }: { vehicle: VehicleListItem }) {
  return (
    <Link to="/main/vehicles/$id" params={{ id: String(vehicle.id) }} className="vehicle-link">
      {vehicle.identifier}
    </Link>
  );
}

const brandOf = (v: VehicleListItem) => [v.brand_name, v.brand_model_name].filter(Boolean).join(" ") || "-";
const client = (v: VehicleListItem) => (v.client_id === null ? null : { id: v.client_id, name: v.client_name });

interface RowProps {
  vehicle: VehicleListItem;
  onOpen(action: CheckInAction, vehicle: VehicleListItem): void;
}

export function VehicleRow({ vehicle, onOpen }: RowProps) {
  const can = useCan();
  const terms = useTerms();
  return (
    <>
      <div role="cell">{brandOf(vehicle)}</div>
      <div role="cell" className="vehicle-identifier">
        <Identifier vehicle={vehicle} />
      </div>
      <div role="cell">
        <ClientName client={client(vehicle)} canRead={can("read", "client")} fallback={`Sin ${terms.client.one}`} />
      </div>
      <div role="cell">{vehicle.requirement_name ?? `Sin ${terms.order.one}`}</div>
      <div role="cell">
        <CheckIn vehicle={vehicle} onOpen={onOpen} />
      </div>
      <div role="cell" className="muted">
        {noteCell(vehicle)}
      </div>
    </>
  );
}

export function VehicleCard({ vehicle, onOpen }: RowProps) {
  const can = useCan();
  const terms = useTerms();
  return (
    <div className="list-card vehicle-card">
      <div className="list-card-main">
        <div className="list-card-title">
          <span className="vehicle-identifier">
            <Identifier vehicle={vehicle} />
          </span>
          <span className="muted">{brandOf(vehicle)}</span>
        </div>
        <div>
          <ClientName client={client(vehicle)} canRead={can("read", "client")} fallback={`Sin ${terms.client.one}`} />
        </div>
        <div className="muted">{vehicle.requirement_name ?? `Sin ${terms.order.one}`}</div>
        <div className="vehicle-card-foot">
          <CheckIn vehicle={vehicle} onOpen={onOpen} />
          <span className="muted">{noteCell(vehicle)}</span>
        </div>
      </div>
    </div>
  );
}
