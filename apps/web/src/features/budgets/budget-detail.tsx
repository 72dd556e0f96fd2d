/**
 * One budget (/main/budgets/{id}): the spec names the route but does not show it, so it is small: number, status
 * (changed here with update budget, as the company's transitions allow), the order and its client and vehicle, the
 * lines with the total the database keeps (added, changed and removed with update budget while the status is not
 * finished), notes, pictures (uploaded likewise), the suppliers asked, the status changes, 'Crear cobro', and
 * 'Descargar PDF', which opens the PDF the server draws (GET /budgets/{id}/pdf, inline).
 */
import type { RouterOutputs } from "@taller/api";
import { BUDGET_TEXTS, budgetLocked, formatDateTime, formatMoney, transitionAllowed } from "@taller/core";
import { Link, useParams } from "@tanstack/react-router";
import { ArrowLeft, FileDown, MessageSquare, Pencil, Plus, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { errorCode } from "../../lib/api";
import { useTerms } from "../../lib/company-setup";
import { useCan } from "../../lib/permissions";
import { QueryFailed } from "../../lib/load-state";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { IconButton } from "../../ui/icon-button";
import { Select } from "../../ui/select";
import { PictureGrid } from "../../ui/picture-grid";
import { PageLoader } from "../../ui/spinner";
import { StatusBadge } from "../../ui/status";
import { showChat } from "../chat";
import { BudgetPaymentButton } from "../payments";
import { ProviderSection } from "../provider";
import { BudgetZipButton } from "../zip";
import { BudgetLineForm } from "./budget-line-form";
import { BudgetPictureUpload } from "./budget-pictures";
import "./budgets.css";

type Budget = RouterOutputs["budgets"]["get"];

function Problem({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="status-page">
      <h1>{text}</h1>
      {children}
    </div>
  );
}

function StatusChange({ budget }: { budget: Budget }) {
  const statuses = trpc.budgets.statuses.useQuery();
  const utils = trpc.useUtils();
  const update = trpc.budgets.updateStatus.useMutation({ onSuccess: () => utils.budgets.invalidate() });
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
      {update.isError && (
        <p className="field-error" role="alert">
          {update.error.message}
        </p>
      )}
    </div>
  );
}

function BudgetLines({ budget, editable }: { budget: Budget; editable: boolean }) {
  const utils = trpc.useUtils();
  const remove = trpc.budgets.removeLine.useMutation({
    onSettled: () => utils.budgets.get.invalidate({ id: budget.id }),
  });
  // The line being edited, "new" for 'Agregar línea', null when no form is open.
  const [editing, setEditing] = useState<number | "new" | null>(null);
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
                  disabled={budget.lines.length < 2 || remove.isPending}
                  onClick={() => remove.mutate({ budget_id: budget.id, line_id: l.id })}
                >
                  <Trash2 size={16} aria-hidden />
                </IconButton>
              </span>
            )}
          </div>
        ))}
      </div>
      {remove.error && (
        <p className="field-error" role="alert">
          {remove.error.message}
        </p>
      )}
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

/** /main/budgets/{id} */
export function BudgetDetailPage() {
  const { id } = useParams({ strict: false });
  const budgetId = Number(id);
  const valid = Number.isInteger(budgetId) && budgetId > 0 && budgetId <= 2_147_483_647;
  const budget = trpc.budgets.get.useQuery({ id: budgetId }, { enabled: valid });
  let body: ReactNode;
  if (!valid) body = <Problem text={BUDGET_TEXTS.notFound} />;
  else if (budget.data) body = <BudgetView budget={budget.data} />;
  else if (!budget.isError) body = <PageLoader />;
  else if (errorCode(budget.error) === "NOT_FOUND") body = <Problem text={BUDGET_TEXTS.notFound} />;
  else if (errorCode(budget.error) === "FORBIDDEN") body = <Problem text="No tienes acceso a esta información." />;
  else body = <QueryFailed query={budget} what="el presupuesto" />;
  return (
    <div className="budget-page">
      <Link to="/main/budgets" className="btn btn-text budget-back">
        <ArrowLeft size={18} aria-hidden />
        Volver
      </Link>
      {body}
    </div>
  );
}
