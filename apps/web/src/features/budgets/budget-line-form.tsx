/**
 * 'Agregar línea' and a line's 'Editar' on the budget's page: description (a catalogue line keeps its product),
 * quantity, unit price and discount in pesos, validated with the server's own line schema; the server answers the
 * field's Spanish message, or the budget's (a status that no longer takes changes). The total shown after saving is the
 * database's, read again.
 */
import type { RouterOutputs } from "@taller/api";
import { budgetLineInput, formatMoney, lineTotal } from "@taller/core";
import { markServerErrors } from "../../lib/form-errors";
import { textField, useZodForm } from "../../lib/forms";
import { trpc } from "../../lib/trpc";
import { TextField } from "../../ui/text-field";
import { FormFooter } from "../../ui/form-footer";

type Line = RouterOutputs["budgets"]["get"]["lines"][number];

export function BudgetLineForm({ budgetId, line, onDone }: { budgetId: number; line: Line | null; onDone(): void }) {
  const utils = trpc.useUtils();
  const add = trpc.budgets.addLine.useMutation();
  const update = trpc.budgets.updateLine.useMutation();
  const form = useZodForm(
    budgetLineInput,
    line
      ? {
          product_id: line.product_id,
          description: line.description,
          quantity: line.quantity,
          unit_price: line.unit_price,
          discount: line.discount,
        }
      : { product_id: null, description: "", quantity: 1, unit_price: 0, discount: 0 },
  );
  const submit = form.handleSubmit(async (values) => {
    try {
      if (line) await update.mutateAsync({ budget_id: budgetId, line_id: line.id, line: values });
      else await add.mutateAsync({ budget_id: budgetId, line: values });
      await utils.budgets.get.invalidate({ id: budgetId });
      onDone();
    } catch (error) {
      markServerErrors(form, error, "line.");
    }
  });
  const watched = form.watch();
  const preview = lineTotal({
    quantity: Number(watched.quantity) || 0,
    unit_price: Number(watched.unit_price) || 0,
    discount: Number(watched.discount) || 0,
  });
  const number = (name: "quantity" | "unit_price" | "discount") => ({
    ...form.register(name, { valueAsNumber: true }),
    error: form.getFieldState(name, form.formState).error?.message,
  });
  return (
    <form
      className="budget-line-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={line ? "Editar línea" : "Agregar línea"}
    >
      <h4>{line ? "Editar línea" : "Agregar línea"}</h4>
      <TextField
        label={line?.product_id ? "Descripción (producto del catálogo)" : "Descripción"}
        {...textField(form, "description")}
      />
      <div className="budget-line-form-numbers">
        <TextField label="Cantidad" type="number" inputMode="numeric" min={1} {...number("quantity")} />
        <TextField label="Precio unitario" type="number" inputMode="numeric" min={0} {...number("unit_price")} />
        <TextField label="Descuento" type="number" inputMode="numeric" min={0} {...number("discount")} />
      </div>
      <p className="muted">Total de la línea: {formatMoney(Math.max(0, preview))}</p>
      <FormFooter
        error={form.formState.errors.root?.server?.message}
        saving={form.formState.isSubmitting}
        onCancel={onDone}
        submitLabel={line ? "Guardar línea" : "Agregar línea"}
        className="budget-line-form-actions"
      />
    </form>
  );
}
