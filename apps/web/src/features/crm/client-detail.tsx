/**
 * One client (/main/crm/clients/{id}; the spec does not show it): the client's data, editable with update on client,
 * then the client's vehicles, orders, bookings and managements, each linking to its own screen. The lists' client
 * cells open the same view in a dialog at least 80% of the window wide.
 *
 *   <ClientDialog clientId={id} open onOpenChange={…} />
 */
import type { RouterOutputs } from "@taller/api";
import { formatDateTime, notFoundText, titleCase } from "@taller/core";
import { Link } from "@tanstack/react-router";
import { ArrowLeft, Merge } from "lucide-react";
import { useState } from "react";
import { useRefreshOn } from "../../lib/company-events";
import { useTerms } from "../../lib/company-setup";
import { useCan } from "../../lib/permissions";
import { lazyPart, usePreload } from "../../lib/lazy-part";
import { RecordLoader } from "../../lib/record-page";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { RecordDialog } from "../../ui/record-dialog";
import { BookingRowsCard, OrderRowsCard, RecordRows } from "../../ui/record-rows";
import { CategoryBadge } from "./management-rows";
import "./crm.css";

type ClientDetail = RouterOutputs["crm"]["clientDetail"];

// The form and the merge dialog bring react-hook-form and zod: they load after the client's view has painted.
const ClientForm = lazyPart(() => import("./client-form").then((m) => m.ClientForm));
const ClientMergeDialog = lazyPart(() => import("./client-dialogs").then((m) => m.ClientMergeDialog));

export function ClientView({ detail }: { detail: ClientDetail }) {
  const terms = useTerms();
  const can = useCan();
  const { client } = detail;
  const [merging, setMerging] = useState(false);
  usePreload(ClientForm, detail.can_merge && ClientMergeDialog);
  return (
    <div className="crm-client">
      <Card
        title={titleCase(client.name)}
        actions={
          detail.can_merge && (
            <Button variant="secondary" icon={<Merge size={16} aria-hidden />} onClick={() => setMerging(true)}>
              Unir registros
            </Button>
          )
        }
      >
        <ClientForm key={JSON.stringify(client)} client={client} canEdit={detail.can_update} />
      </Card>
      {merging && <ClientMergeDialog client={client} open onOpenChange={setMerging} />}
      <Card title={terms.object.many}>
        <RecordRows empty={`Sin ${terms.object.manyLower}`}>
          {detail.vehicles.map((v) => (
            <li key={v.id}>
              {can("read", "vehicle") ? (
                <Link to="/main/vehicles/$id" params={{ id: String(v.id) }}>
                  {v.identifier}
                </Link>
              ) : (
                v.identifier
              )}{" "}
              <span className="muted">{[v.brand_name, v.brand_model_name].filter(Boolean).join(" ")}</span>
            </li>
          ))}
        </RecordRows>
      </Card>
      <OrderRowsCard title={terms.order.many} empty={`Sin ${terms.order.manyLower}`} orders={detail.orders} />
      <BookingRowsCard bookings={detail.bookings} />
      <Card title="Gestiones">
        <RecordRows empty="Sin gestiones">
          {detail.managements.map((m) => (
            <li key={m.id}>
              <Link to="/main/crm/$" params={{ _splat: String(m.id) }}>
                Gestión #{m.correlative_id}
              </Link>{" "}
              <CategoryBadge kind={m.kind} category={m.category} />{" "}
              <span className="muted">{formatDateTime(m.created_at)}</span>
            </li>
          ))}
        </RecordRows>
      </Card>
    </div>
  );
}

function useClient(clientId: number) {
  const utils = trpc.useUtils();
  // Its orders' rows name their status: an order moved elsewhere refetches them too.
  useRefreshOn(["client.changed", "vehicle.changed", "order.changed"], () =>
    utils.crm.clientDetail.invalidate({ id: clientId }),
  );
  return trpc.crm.clientDetail.useQuery({ id: clientId });
}

function ClientLoader({ clientId }: { clientId: number }) {
  const terms = useTerms();
  return (
    <RecordLoader
      id={clientId}
      what={`la página de ${terms.client.oneLower}`}
      notFound={notFoundText(terms.client)}
      useRecord={useClient}
    >
      {(detail) => <ClientView detail={detail} />}
    </RecordLoader>
  );
}

/** /main/crm/clients/{id} */
export function ClientDetailPage({ clientId }: { clientId: number }) {
  return (
    <div className="crm-detail-page">
      <Link to="/main/crm/$" params={{ _splat: "clients" }} className="btn btn-text">
        <ArrowLeft size={18} aria-hidden />
        Volver
      </Link>
      <ClientLoader clientId={clientId} />
    </div>
  );
}

export function ClientDialog({
  clientId,
  open,
  onOpenChange,
}: {
  clientId: number;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const terms = useTerms();
  return (
    <RecordDialog
      open={open}
      onOpenChange={onOpenChange}
      title={terms.client.one}
      width={1200}
      className="crm-client-dialog"
      page={{ to: "/main/crm/$", params: { _splat: `clients/${clientId}` } }}
    >
      <ClientLoader clientId={clientId} />
    </RecordDialog>
  );
}
