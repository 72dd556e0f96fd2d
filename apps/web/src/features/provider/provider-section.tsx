/**
 * An order's or a budget's pricings and buy orders (issue 12 'Supplier pages', staff side): the list with each
 * document's state and link, and the dialog that asks a supplier for prices or sends a buy order. A link is shown once,
 * when it is made (only its hash is kept): 'Nuevo enlace' makes another and the old one stops opening the page.
 */
import type { RouterOutputs } from "@taller/api";
import { formatDateTime, PROVIDER_STAFF_STATUSES, PROVIDER_TEXTS, type ProviderKind } from "@taller/core";
import { Copy } from "lucide-react";
import { useState } from "react";
import { lazyPart, usePreload } from "../../lib/lazy-part";
import { useCan } from "../../lib/permissions";
import { QueryFailed } from "../../lib/load-state";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { useOutcome, useSnackbar } from "../../ui/snackbar";
import { StatusBadge } from "../../ui/status";
import "./provider.css";

const ProviderRequestForm = lazyPart(() => import("./provider-request").then((m) => m.ProviderRequestForm));

type Action = RouterOutputs["provider"]["forDocument"][number];
type Link = RouterOutputs["provider"]["issueLink"];
/** What the documents are asked from: an order (its detail) or a budget (its page; the order is the budget's). */
export type ProviderDocument = { order_id: number } | { budget_id: number };

const title = (a: { kind: ProviderKind; correlative_id: number }) =>
  a.kind === "pricing" ? PROVIDER_TEXTS.pricingTitle(a.correlative_id) : PROVIDER_TEXTS.buyOrderTitle(a.correlative_id);

/** Only for users who may read inventory actions (the caller checks). */
export function ProviderSection({ document }: { document: ProviderDocument }) {
  const can = useCan();
  const utils = trpc.useUtils();
  const list = trpc.provider.forDocument.useQuery(document);
  const [asking, setAsking] = useState<ProviderKind | null>(null);
  const [link, setLink] = useState<{ title: string; link: Link } | null>(null);
  trpc.provider.onChanged.useSubscription({}, { onData: () => void utils.provider.forDocument.invalidate(document) });
  usePreload(can("create", "inventory_action") && ProviderRequestForm);
  return (
    <section className="order-section order-section-wide provider-section" aria-label="Proveedores">
      <h3>Proveedores</h3>
      {list.isPending ? (
        <p className="muted">Cargando…</p>
      ) : list.isError ? (
        <QueryFailed query={list} what="los proveedores" inline />
      ) : list.data.length === 0 ? (
        <p className="muted">Sin cotizaciones ni órdenes de compra</p>
      ) : (
        <ul className="provider-staff-list">
          {list.data.map((a) => (
            <ProviderRow
              key={a.id}
              action={a}
              onLink={(l) => setLink({ title: title(a), link: l })}
              canUpdate={can("update", "inventory_action")}
            />
          ))}
        </ul>
      )}
      {can("create", "inventory_action") && (
        <div className="provider-staff-actions">
          <Button variant="secondary" onClick={() => setAsking("pricing")}>
            Solicitar cotización
          </Button>
          <Button variant="secondary" onClick={() => setAsking("buy_order")}>
            Enviar orden de compra
          </Button>
        </div>
      )}
      {asking && (
        <Dialog
          open
          onOpenChange={(open) => !open && setAsking(null)}
          title={asking === "pricing" ? "Solicitar cotización" : "Enviar orden de compra"}
          width={640}
        >
          <ProviderRequestForm
            kind={asking}
            document={document}
            onClose={() => setAsking(null)}
            onCreated={(made) => {
              setAsking(null);
              setLink({ title: title(made.action), link: made.link });
              void utils.provider.forDocument.invalidate(document);
            }}
          />
        </Dialog>
      )}
      {link && <LinkDialog title={link.title} link={link.link} onClose={() => setLink(null)} />}
    </section>
  );
}

function ProviderRow({ action, onLink, canUpdate }: { action: Action; onLink(link: Link): void; canUpdate: boolean }) {
  const utils = trpc.useUtils();
  const refresh = () => void utils.provider.forDocument.invalidate();
  const outcome = useOutcome();
  const issue = trpc.provider.issueLink.useMutation({
    onSuccess: (l) => (onLink(l), refresh()),
    onError: outcome.failed,
  });
  const revoke = trpc.provider.revokeLink.useMutation({
    onSuccess: () => (outcome.done("Enlace revocado"), refresh()),
    onError: outcome.failed,
  });
  const setStatus = trpc.provider.setStatus.useMutation({
    onSuccess: () => (outcome.done("Estado actualizado"), refresh()),
    onError: outcome.failed,
  });
  const closing = action.finish ? [] : PROVIDER_STAFF_STATUSES[action.kind];
  return (
    <li className="provider-staff-row">
      <div className="provider-staff-head">
        <strong>{title(action)}</strong>
        <StatusBadge color={action.status.color} name={action.status.name} />
      </div>
      <div className="muted">
        {action.provider.name} · {action.inventory_action_products.length} productos
        {action.extra_params.answered_at && ` · respondida ${formatDateTime(action.extra_params.answered_at)}`}
      </div>
      <div className="muted">
        {action.link_expires_at
          ? `Enlace vigente hasta ${formatDateTime(action.link_expires_at)}`
          : "Sin enlace vigente"}
      </div>
      {canUpdate && (
        <div className="provider-staff-buttons">
          <Button variant="text" loading={issue.isPending} onClick={() => issue.mutate({ id: action.id })}>
            Nuevo enlace
          </Button>
          {action.link_expires_at && (
            <Button variant="text" loading={revoke.isPending} onClick={() => revoke.mutate({ id: action.id })}>
              Revocar enlace
            </Button>
          )}
          {closing.map((status) => (
            <Button
              key={status}
              variant={status === "accepted" ? "text" : "danger"}
              loading={setStatus.isPending && setStatus.variables.status === status}
              onClick={() => setStatus.mutate({ id: action.id, status })}
            >
              {status === "accepted" ? "Aceptar" : status === "rejected" ? "Rechazar" : "Anular"}
            </Button>
          ))}
        </div>
      )}
    </li>
  );
}

function LinkDialog({ title, link, onClose }: { title: string; link: Link; onClose(): void }) {
  const snackbar = useSnackbar();
  const url = `${window.location.origin}${link.path}`;
  const copy = () =>
    void navigator.clipboard.writeText(url).then(
      () => snackbar.show("Enlace copiado", { duration: 1500 }),
      () => snackbar.show("No se pudo copiar el enlace", { tone: "error" }),
    );
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Enlace de ${title}`}
      description="Envía este enlace al proveedor. Se muestra solo ahora: si lo pierdes, crea uno nuevo."
      actions={
        <>
          <Button variant="text" onClick={onClose}>
            Cerrar
          </Button>
          <Button icon={<Copy size={16} aria-hidden />} onClick={copy}>
            Copiar enlace
          </Button>
        </>
      }
    >
      <input
        className="provider-link"
        readOnly
        value={url}
        aria-label="Enlace"
        onFocus={(e) => e.currentTarget.select()}
      />
      <p className="muted">Vigente hasta {formatDateTime(link.expires_at)}</p>
    </Dialog>
  );
}
