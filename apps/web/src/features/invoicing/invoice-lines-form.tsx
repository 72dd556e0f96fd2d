/**
 * A draft's lines, editable until it is sent ('Editar líneas', update invoice): description, quantity, unit price
 * (IVA included, as the client pays), discount and, except on a factura exenta where every line is, 'Exento'.
 * Checked with the server's schema (`invoiceLinesSchema`) before saving; the server's field errors land on their
 * inputs. The amounts shown while editing are the rule's (`invoiceAmounts`); the saved ones are the database's.
 */
import type { RouterOutputs } from "@taller/api";
import {
  FACTURA_EXENTA,
  formatMoney,
  INVOICE_MAX_LINES,
  invoiceAmounts,
  invoiceLinesSchema,
  type InvoiceLineInput,
} from "@taller/core";
import { useState } from "react";
import { fieldErrorsOf } from "../../lib/api";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Checkbox } from "../../ui/checkbox";
import { FormFooter } from "../../ui/form-footer";
import { useOutcome } from "../../ui/snackbar";
import { TextField } from "../../ui/text-field";
import { inSpanish } from "../../lib/zod-spanish";

type Invoice = RouterOutputs["invoicing"]["get"];
type Row = { description: string; quantity: string; unit_price: string; discount: string; exempt: boolean };

const toRow = (l: Invoice["lines"][number]): Row => ({
  description: l.description,
  quantity: String(l.quantity),
  unit_price: String(l.unit_price),
  discount: String(l.discount),
  exempt: l.exempt,
});
const EMPTY: Row = { description: "", quantity: "1", unit_price: "", discount: "0", exempt: false };
/** What the schema reads: a number where the input holds one, else the text (refused with its message). */
const num = (v: string) => (v.trim() === "" || Number.isNaN(Number(v)) ? Number.NaN : Number(v));
const toLine = (r: Row): InvoiceLineInput => ({
  description: r.description,
  quantity: num(r.quantity),
  unit_price: num(r.unit_price),
  discount: r.discount.trim() === "" ? 0 : num(r.discount),
  exempt: r.exempt,
});

export function InvoiceLinesForm({ invoice, onDone }: { invoice: Invoice; onDone(): void }) {
  const utils = trpc.useUtils();
  const outcome = useOutcome();
  const [rows, setRows] = useState<Row[]>(() => invoice.lines.map(toRow));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const save = trpc.invoicing.setLines.useMutation();
  const exenta = invoice.dte_type === FACTURA_EXENTA;
  const lines = rows.map(toLine);
  const valid = lines.every((l) => Number.isFinite(l.quantity) && Number.isFinite(l.unit_price));
  const preview = valid
    ? invoiceAmounts(
        lines.map((l) => ({ ...l, discount: l.discount ?? 0, exempt: l.exempt ?? false })),
        invoice.dte_type,
      )
    : null;
  const set = (i: number, patch: Partial<Row>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const error = (i: number, field: string) => errors[`lines.${i}.${field}`]?.[0] ?? null;

  const submit = async () => {
    inSpanish();
    const parsed = invoiceLinesSchema.safeParse(lines);
    if (!parsed.success) {
      const found: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (found[["lines", ...issue.path].join(".")] ??= []).push(issue.message);
      return setErrors(found);
    }
    try {
      const updated = await save.mutateAsync({ id: invoice.id, lines: parsed.data });
      utils.invoicing.get.setData({ id: invoice.id }, updated);
      outcome.done("Líneas guardadas");
      onDone();
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (Object.keys(fields).length) setErrors(fields);
      else outcome.failed(e);
    }
  };

  return (
    <form
      className="invoice-lines-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {rows.map((r, i) => (
        <fieldset key={i} className="invoice-line-edit">
          <legend>Línea {i + 1}</legend>
          <TextField
            label="Descripción"
            value={r.description}
            onChange={(e) => set(i, { description: e.target.value })}
            error={error(i, "description")}
          />
          <TextField
            label="Cantidad"
            inputMode="numeric"
            value={r.quantity}
            onChange={(e) => set(i, { quantity: e.target.value })}
            error={error(i, "quantity")}
          />
          <TextField
            label="Precio unitario (IVA incluido)"
            inputMode="numeric"
            value={r.unit_price}
            onChange={(e) => set(i, { unit_price: e.target.value })}
            error={error(i, "unit_price")}
          />
          <TextField
            label="Descuento"
            inputMode="numeric"
            value={r.discount}
            onChange={(e) => set(i, { discount: e.target.value })}
            error={error(i, "discount")}
          />
          {!exenta && <Checkbox label="Exento" checked={r.exempt} onCheckedChange={(v) => set(i, { exempt: v })} />}
          <Button
            variant="text"
            disabledReason={rows.length === 1 ? "El documento debe tener al menos una línea" : null}
            onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}
          >
            Quitar
          </Button>
        </fieldset>
      ))}
      <Button
        variant="secondary"
        disabledReason={
          rows.length >= INVOICE_MAX_LINES ? `Un documento lleva a lo más ${INVOICE_MAX_LINES} líneas` : null
        }
        onClick={() => setRows((rs) => [...rs, EMPTY])}
      >
        Agregar línea
      </Button>
      {preview && (
        <p className="invoice-amounts muted">
          Neto {formatMoney(preview.net)} · Exento {formatMoney(preview.exempt)} · IVA {formatMoney(preview.iva)} ·
          Total {formatMoney(preview.total)}
        </p>
      )}
      <FormFooter
        saving={save.isPending}
        onCancel={onDone}
        submitLabel="Guardar líneas"
        error={errors.lines?.[0] ?? errors.id?.[0]}
      />
    </form>
  );
}
