/**
 * One budget (/main/budgets/{id}): the spec names the route but does not show it, so it is small: number, status
 * (changed here with update budget, as the company's transitions allow), the order and its client and vehicle, the
 * lines with the total the database keeps (added, changed and removed with update budget while the status is not
 * finished), notes, pictures (uploaded likewise), the suppliers asked, the status changes, 'Crear cobro',
 * 'Facturar', and 'Descargar PDF', which opens the PDF the server draws (GET /budgets/{id}/pdf, inline).
 */
import type { RouterOutputs } from "@taller/api";
import { BUDGET_TEXTS, budgetLocked, formatDateTime, formatMoney, transitionAllowed } from "@taller/core";
import { Link } from "@tanstack/react-router";
import { FileDown, MessageSquare, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTerms } from "../../lib/company-setup";
import { lazyPart, usePreload } from "../../lib/lazy-part";
import { useCan } from "../../lib/permissions";
import { RecordPage } from "../../lib/record-page";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { IconButton } from "../../ui/icon-button";
import { Select } from "../../ui/select";
import { PictureGrid } from "../../ui/picture-grid";
import { useOutcome } from "../../ui/snackbar";
import { Spinner } from "../../ui/spinner";
import { StatusBadge } from "../../ui/status";
import { showChat } from "../chat";
import { BillButton } from "../invoicing";
import { BudgetPaymentButton } from "../payments";
import { ProviderSection } from "../provider";
import { BudgetZipButton } from "../zip";
import { BudgetPictureUpload } from "./budget-pictures";
import "./budgets.css";

// The line form (react-hook-form, zod) loads after the budget has painted, or when a line is added or edited.
const BudgetLineForm = lazyPart(() => import("./budget-line-form").then((m) => m.BudgetLineForm));

type Budget = RouterOutputs["budgets"]["get"];

function StatusChange({ budget }: { budget: Budget }) {
  const statuses = trpc.budgets.statuses.useQuery();
  const utils = trpc.useUtils();
  const outcome = useOutcome();
  const update = trpc.budgets.updateStatus.useMutation({
    onSuccess: () => (outcome.done("Estado actualizado"), utils.budgets.invalidate()),
    onError: outcome.failed,
  });
  const options = (statuses.data?.statuses ?? [])
    .filter(
      (s) => s.id === budget.status.id || transitionAllowed(budget.status.id, s.id, statuses.data?.transitions ?? []),
    )
    .map((s) => ({ value: String(s.id), label: s.name }));
  return (
    <div className="budget-status-change">
      <Select
        label="Cambiar estado"
        value={String(budget.status.id)}
        options={options}
        disabled={update.isPending || options.length < 2}
        onValueChange={(v) => update.mutate({ id: budget.id, status_id: Number(v) })}
      />
      {update.isPending && <Spinner size={16} label="Cambiando el estado…" />}
    </div>
  );
}

function BudgetLines({ budget, editable }: { budget: Budget; editable: boolean }) {
  const utils = trpc.useUtils();
  const outcome = useOutcome();
  const remove = trpc.budgets.removeLine.useMutation({
    onSuccess: () => outcome.done("Línea eliminada"),
    onError: outcome.failed,
    onSettled: () => utils.budgets.get.invalidate({ id: budget.id }),
  });
  // The line being edited, "new" for 'Agregar línea', null when no form is open.
  const [editing, setEditing] = useState<number | "new" | null>(null);
  usePreload(editable && BudgetLineForm);
  const line = typeof editing === "number" ? (budget.lines.find((l) => l.id === editing) ?? null) : null;
  return (
    <section>
      <h3>Detalle</h3>
      <div
        className={`budget-lines${editable ? " budget-lines-editable" : ""}`}
        role="table"
        aria-label="Líneas del presupuesto"
      >
        <div role="row" className="budget-line budget-line-head">
          <span role="columnheader">Descripción</span>
          <span role="columnheader">Cant.</span>
          <span role="columnheader">Precio</span>
          <span role="columnheader">Descuento</span>
          <span role="columnheader">Total</span>
          {editable && (
            <span role="columnheader" className="visually-hidden">
              Acciones
            </span>
          )}
        </div>
        {budget.lines.map((l) => (
          <div role="row" className="budget-line" key={l.id}>
            <span role="cell">
              {l.description}
              {l.product_code && <span className="muted"> ({l.product_code})</span>}
            </span>
            <span role="cell">{l.quantity}</span>
            <span role="cell">{formatMoney(l.unit_price)}</span>
            <span role="cell">{l.discount ? formatMoney(l.discount) : "-"}</span>
            <span role="cell">{formatMoney(l.total)}</span>
            {editable && (
              <span role="cell" className="budget-line-actions">
                <IconButton label={`Editar ${l.description}`} onClick={() => setEditing(l.id)}>
                  <Pencil size={16} aria-hidden />
                </IconButton>
                <IconButton
                  label={`Quitar ${l.description}`}
                  disabledReason={budget.lines.length < 2 ? BUDGET_TEXTS.lastLine : null}
                  loading={remove.isPending && remove.variables?.line_id === l.id}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate({ budget_id: budget.id, line_id: l.id })}
                >
                  <Trash2 size={16} aria-hidden />
                </IconButton>
              </span>
            )}
          </div>
        ))}
      </div>
      <p className="budget-total">
        Total <strong>{formatMoney(budget.total)}</strong>
      </p>
      {editable &&
        (editing === null ? (
          <Button variant="secondary" icon={<Plus size={16} aria-hidden />} onClick={() => setEditing("new")}>
            Agregar línea
          </Button>
        ) : (
          <BudgetLineForm key={editing} budgetId={budget.id} line={line} onDone={() => setEditing(null)} />
        ))}
    </section>
  );
}

export function BudgetView({ budget }: { budget: Budget }) {
  const can = useCan();
  const terms = useTerms();
  const o = budget.order;
  // Lines and pictures change with update budget while the status is not a finished one (the server checks it too).
  const editable = can("update", "budget") && !budgetLocked(budget.status);
  return (
    <article className="budget-detail">
      <header className="budget-detail-head">
        <h2>Presupuesto Nº {budget.correlative_id}</h2>
        <StatusBadge color={budget.status.color} name={budget.status.name} />
        <a className="btn btn-primary" href={`/budgets/${budget.id}/pdf`} target="_blank" rel="noreferrer">
          <FileDown size={18} aria-hidden />
          {BUDGET_TEXTS.download}
        </a>
        {budget.total > 0 && <BudgetPaymentButton budgetId={budget.id} lines={budget.lines} />}
        {budget.total > 0 && <BillButton source={{ budget_id: budget.id }} />}
        {/* The budget's chat (created on first open): the chat list's 'Presupuestos' tab lists it from then on. */}
        <Button
          variant="secondary"
          icon={<MessageSquare size={16} aria-hidden />}
          onClick={() => showChat({ document_type: "Budget", document_id: budget.id })}
        >
          Abrir chat
        </Button>
      </header>
      {can("update", "budget") && <StatusChange budget={budget} />}
      <dl className="budget-facts">
        <dt>{terms.order.one}</dt>
        <dd>
          {can("read", "check_in") ? (
            <Link to="/main/orders/$id" params={{ id: String(o.id) }}>
              #{o.correlative_id}
            </Link>
          ) : (
            `#${o.correlative_id}`
          )}
          {o.requirement_name ? ` · ${o.requirement_name}` : ""}
        </dd>
        <dt>{terms.client.one}</dt>
        <dd>{[o.client_name, o.client_rut].filter(Boolean).join(" · ") || "-"}</dd>
        <dt>{terms.object.one}</dt>
        <dd>{[o.brand_name, o.brand_model_name, o.identifier].filter(Boolean).join(" ") || "-"}</dd>
        <dt>Creado</dt>
        <dd>
          {formatDateTime(budget.created_at)}
          {budget.created_by_name ? ` por ${budget.created_by_name}` : ""}
        </dd>
      </dl>
      <BudgetLines budget={budget} editable={editable} />
      {budget.notes && (
        <section>
          <h3>Notas</h3>
          <p className="budget-notes">{budget.notes}</p>
        </section>
      )}
      <section>
        <h3>Fotos</h3>
        <div className="budget-picture-actions">
          {editable && <BudgetPictureUpload budgetId={budget.id} />}
          {budget.pictures.some((p) => !p.video) && <BudgetZipButton budgetId={budget.id} />}
        </div>
        <PictureGrid pictures={budget.pictures} />
      </section>
      {can("read", "inventory_action") && <ProviderSection document={{ budget_id: budget.id }} />}
      <section>
        <h3>Cambios de estado</h3>
        <ol className="budget-history">
          {budget.status_changes.map((h) => (
            <li key={h.id}>
              <span className="muted">{formatDateTime(h.created_at)}</span>{" "}
              {h.from_status_name ? `${h.from_status_name} → ` : "Creado en "}
              <StatusBadge color={h.to_status_color} name={h.to_status_name} />
              {h.user_name ? ` · ${h.user_name}` : ""}
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}

const useBudget = (id: number) => trpc.budgets.get.useQuery({ id });

/** /main/budgets/{id} */
export function BudgetDetailPage() {
  return (
    <RecordPage
      className="budget-page"
      back="/main/budgets"
      what="el presupuesto"
      notFound={BUDGET_TEXTS.notFound}
      useRecord={useBudget}
    >
      {(budget) => <BudgetView budget={budget} />}
    </RecordPage>
  );
}
