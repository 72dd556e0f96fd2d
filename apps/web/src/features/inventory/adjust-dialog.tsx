/**
 * 'Ajustar stock' on the product's page (inventory.adjustStock): a count sets what a warehouse holds, a transfer
 * moves units to another warehouse; both with a reason. A transfer beyond the stock comes back as the server's
 * Spanish refusal ('Stock insuficiente de … en …: hay N') on the form, and nothing is moved.
 */
import type { RouterOutputs } from "@taller/api";
import { stockAdjustmentSchema } from "@taller/core";
import { markServerErrors } from "../../lib/form-errors";
import { numberField, textField, useZodForm } from "../../lib/forms";
import { trpc } from "../../lib/trpc";
import { FormFooter } from "../../ui/form-footer";
import { Select } from "../../ui/select";
import { useOutcome } from "../../ui/snackbar";
import { TextField } from "../../ui/text-field";

type Stock = RouterOutputs["inventory"]["products"]["get"]["stock"];

export function AdjustStockForm({ onClose, productId, stock }: { onClose(): void; productId: number; stock: Stock }) {
  const outcome = useOutcome();
  const utils = trpc.useUtils();
  const adjust = trpc.inventory.adjustStock.useMutation();
  const first = stock[0]?.warehouse_id ?? 0;
  const form = useZodForm(stockAdjustmentSchema, {
    kind: "count",
    product_id: productId,
    warehouse_id: first,
    quantity: stock[0]?.quantity ?? 0,
    reason: "",
  });
  const kind = form.watch("kind");
  const warehouseId = form.watch("warehouse_id");
  const options = stock.map((s) => ({ value: String(s.warehouse_id), label: `${s.warehouse_name} (${s.quantity})` }));
  const errorOf = (name: "warehouse_id" | "to_warehouse_id") => form.getFieldState(name, form.formState).error?.message;

  const submit = form.handleSubmit(async (values) => {
    try {
      const { movement_ids } = await adjust.mutateAsync(values);
      void utils.inventory.invalidate();
      outcome.done(movement_ids.length ? "Stock ajustado" : "El conteo coincide: sin cambios");
      onClose();
    } catch (error) {
      markServerErrors(form, error);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="adjust-form">
      <Select<"count" | "transfer">
        label="Tipo de ajuste"
        value={kind}
        onValueChange={(v) => {
          form.setValue("kind", v);
          if (v === "transfer") {
            const other = stock.find((s) => s.warehouse_id !== warehouseId)?.warehouse_id ?? first;
            form.setValue("to_warehouse_id", other);
            form.setValue("quantity", 1);
          }
        }}
        options={[
          { value: "count", label: "Conteo (fija la cantidad)" },
          { value: "transfer", label: "Traslado entre bodegas" },
        ]}
      />
      <Select
        label={kind === "transfer" ? "Desde la bodega" : "Bodega"}
        value={String(warehouseId)}
        onValueChange={(v) => {
          form.setValue("warehouse_id", Number(v));
          if (kind === "count")
            form.setValue("quantity", stock.find((s) => s.warehouse_id === Number(v))?.quantity ?? 0);
        }}
        options={options}
        error={errorOf("warehouse_id")}
      />
      {kind === "transfer" && (
        <Select
          label="Hacia la bodega"
          value={String(form.watch("to_warehouse_id") ?? "")}
          onValueChange={(v) => form.setValue("to_warehouse_id", Number(v))}
          options={options}
          error={errorOf("to_warehouse_id")}
        />
      )}
      <TextField
        label={kind === "transfer" ? "Cantidad a trasladar" : "Cantidad contada"}
        {...numberField(form, "quantity")}
      />
      <TextField label="Motivo" autoComplete="off" {...textField(form, "reason")} />
      <FormFooter
        error={form.formState.errors.root?.server?.message}
        saving={form.formState.isSubmitting}
        submitLabel="Ajustar"
        onCancel={() => onClose()}
      />
    </form>
  );
}
