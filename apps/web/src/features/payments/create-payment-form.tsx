// The order's 'Crear cobro' form (create-payment.tsx loads it apart, with react-hook-form and zod).
import { formatMoney, paymentLineSchema, paymentLinesTotal } from "@taller/core";
import { useFieldArray } from "react-hook-form";
import { z } from "zod";
import { markServerErrors } from "../../lib/form-errors";
import { textField, useZodForm } from "../../lib/forms";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { FormFooter } from "../../ui/form-footer";
import { TextField } from "../../ui/text-field";
import "./payments.css";

const formSchema = z.object({ lines: z.array(paymentLineSchema).min(1, "Agrega al menos una línea").max(100) });

export function CreateForm({
  orderId,
  title,
  total,
  onCreated,
}: {
  orderId: number;
  title: string;
  total: number;
  onCreated(id: number): void;
}) {
  const create = trpc.payments.create.useMutation();
  const form = useZodForm(formSchema, { lines: [{ title, description: "", quantity: 1, unit_price: total }] });
  const lines = useFieldArray({ control: form.control, name: "lines" });
  const watched = form.watch("lines");
  const submit = form.handleSubmit(async (values) => {
    try {
      const created = await create.mutateAsync({ order_id: orderId, lines: values.lines });
      onCreated(created.id);
    } catch (error) {
      markServerErrors(form, error);
    }
  });
  const sum = paymentLinesTotal(
    watched.map((l) => ({ quantity: Number(l.quantity) || 1, unit_price: Number(l.unit_price) || 0 })),
  );
  return (
    <form id="create-payment-form" onSubmit={(e) => void submit(e)} noValidate className="payment-create">
      {lines.fields.map((field, i) => (
        <fieldset key={field.id} className="payment-create-line">
          <legend>Línea {i + 1}</legend>
          <TextField label="Título" {...textField(form, `lines.${i}.title`)} />
          <TextField label="Descripción" {...textField(form, `lines.${i}.description`)} />
          <TextField
            label="Cantidad"
            type="number"
            inputMode="numeric"
            {...form.register(`lines.${i}.quantity`, { valueAsNumber: true })}
            error={form.getFieldState(`lines.${i}.quantity`, form.formState).error?.message}
          />
          <TextField
            label="Precio unitario"
            type="number"
            inputMode="numeric"
            {...form.register(`lines.${i}.unit_price`, { valueAsNumber: true })}
            error={form.getFieldState(`lines.${i}.unit_price`, form.formState).error?.message}
          />
          {lines.fields.length > 1 && (
            <Button variant="text" onClick={() => lines.remove(i)}>
              Quitar línea
            </Button>
          )}
        </fieldset>
      ))}
      <Button
        variant="secondary"
        onClick={() => lines.append({ title: "", description: "", quantity: 1, unit_price: 0 })}
      >
        Agregar línea
      </Button>
      <p className="payment-create-total">Total: {formatMoney(sum)}</p>
      {form.formState.errors.lines?.root && (
        <p className="field-error" role="alert">
          {form.formState.errors.lines.root.message}
        </p>
      )}
      <FormFooter
        error={form.formState.errors.root?.server?.message}
        saving={create.isPending}
        submitLabel="Crear cobro"
      />
    </form>
  );
}
