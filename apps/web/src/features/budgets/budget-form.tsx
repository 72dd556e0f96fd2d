/**
 * The chat's budget form (seed 002 sections 2.3 and 5, seed 000 "inventory action"): the budget is built as a list
 * of actions, each a catalogue product (searched by name or code, its price proposed) or free text, with quantity,
 * unit price and discount in pesos. The composer sends it with the message; send stays disabled while the list is
 * empty.
 *
 *   <BudgetForm draft={draft} onChange={setDraft} onClose={() => setDraft(null)} />
 */
import { budgetLineInput, budgetTotal, formatMoney, lineTotal, type BudgetLineInput } from "@taller/core";
import { Plus, Trash2, X } from "lucide-react";
import { useState } from "react";
import { QueryFailed } from "../../lib/load-state";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { IconButton } from "../../ui/icon-button";
import { Spinner } from "../../ui/spinner";
import { TextField } from "../../ui/text-field";
import "./budgets.css";
import { inSpanish } from "../../lib/zod-spanish";

export interface BudgetAction extends BudgetLineInput {
  key: number;
  /** What the list shows: the product's name or the free text. */
  label: string;
  discount: number;
}

export interface BudgetDraft {
  actions: BudgetAction[];
}

export const emptyBudgetDraft = (): BudgetDraft => ({ actions: [] });

interface Entry {
  product: { id: number; name: string; code: string } | null;
  description: string;
  quantity: string;
  unit_price: string;
  discount: string;
}
const emptyEntry: Entry = { product: null, description: "", quantity: "1", unit_price: "", discount: "0" };

/** A typed whole number, or NaN (so the schema answers 'Ingresa ...'). */
const whole = (text: string) => (text.trim() === "" ? Number.NaN : Number(text.replace(/\./g, "")));

let keys = 0;

export function BudgetForm({
  draft,
  onChange,
  onClose,
}: {
  draft: BudgetDraft;
  onChange(draft: BudgetDraft): void;
  onClose(): void;
}) {
  const [entry, setEntry] = useState<Entry>(emptyEntry);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const search = entry.product ? "" : entry.description.trim();
  const products = trpc.budgets.products.useQuery({ search }, { enabled: search.length >= 2 });

  const add = () => {
    inSpanish();
    const parsed = budgetLineInput.safeParse({
      product_id: entry.product?.id ?? null,
      description: entry.product ? null : entry.description,
      quantity: whole(entry.quantity),
      unit_price: whole(entry.unit_price),
      discount: whole(entry.discount || "0"),
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? "description"), i.message])));
      return;
    }
    setErrors({});
    onChange({
      actions: [
        ...draft.actions,
        { ...parsed.data, key: ++keys, label: entry.product?.name ?? parsed.data.description ?? "" },
      ],
    });
    setEntry(emptyEntry);
  };

  return (
    <section className="budget-form" aria-label="Presupuesto">
      <header className="budget-form-head">
        <h3>Nuevo presupuesto</h3>
        <IconButton label="Cerrar presupuesto" onClick={onClose}>
          <X size={16} />
        </IconButton>
      </header>
      {draft.actions.length > 0 && (
        <ul className="budget-form-actions" aria-label="Acciones del presupuesto">
          {draft.actions.map((a) => (
            <li key={a.key}>
              <span>
                {a.quantity} × {a.label}
                {a.discount ? <span className="muted"> (−{formatMoney(a.discount)})</span> : null}
              </span>
              <span className="budget-money">{formatMoney(lineTotal(a))}</span>
              <IconButton
                label={`Quitar ${a.label}`}
                onClick={() => onChange({ actions: draft.actions.filter((x) => x.key !== a.key) })}
              >
                <Trash2 size={16} />
              </IconButton>
            </li>
          ))}
          <li className="budget-form-total">
            <span>Total</span>
            <strong className="budget-money">{formatMoney(budgetTotal(draft.actions))}</strong>
          </li>
        </ul>
      )}
      <div className="budget-form-entry">
        {entry.product ? (
          <div className="budget-form-product">
            <span>
              {entry.product.name} <span className="muted">({entry.product.code})</span>
            </span>
            <IconButton label="Cambiar producto" onClick={() => setEntry({ ...entry, product: null })}>
              <X size={14} />
            </IconButton>
          </div>
        ) : (
          <TextField
            label="Producto o descripción"
            value={entry.description}
            error={errors.description}
            onChange={(e) => setEntry({ ...entry, description: e.target.value })}
          />
        )}
        {!entry.product && search.length >= 2 && products.isPending && (
          <Spinner size={16} label="Buscando productos…" />
        )}
        {!entry.product && search.length >= 2 && products.isError && (
          <QueryFailed query={products} what="los productos" inline />
        )}
        {!entry.product && search.length >= 2 && products.data?.length === 0 && (
          <p className="field-hint" role="status">
            Sin productos del catálogo con ese nombre o código: se agregará como descripción libre.
          </p>
        )}
        {!entry.product && search.length >= 2 && (products.data?.length ?? 0) > 0 && (
          <ul className="budget-form-suggestions" role="listbox" aria-label="Productos">
            {products.data?.map((p) => (
              <li key={p.id} role="option" aria-selected={false}>
                <button type="button" onClick={() => setEntry({ ...entry, product: p, unit_price: String(p.price) })}>
                  {p.name} <span className="muted">{p.code}</span>{" "}
                  <span className="budget-money">{formatMoney(p.price)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="budget-form-numbers">
          <TextField
            label="Cantidad"
            inputMode="numeric"
            value={entry.quantity}
            error={errors.quantity}
            onChange={(e) => setEntry({ ...entry, quantity: e.target.value })}
          />
          <TextField
            label="Precio unitario"
            inputMode="numeric"
            value={entry.unit_price}
            error={errors.unit_price}
            onChange={(e) => setEntry({ ...entry, unit_price: e.target.value })}
          />
          <TextField
            label="Descuento"
            inputMode="numeric"
            value={entry.discount}
            error={errors.discount}
            onChange={(e) => setEntry({ ...entry, discount: e.target.value })}
          />
        </div>
        <Button variant="secondary" onClick={add}>
          <Plus size={16} aria-hidden />
          Agregar al presupuesto
        </Button>
      </div>
    </section>
  );
}
