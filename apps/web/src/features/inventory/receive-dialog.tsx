/**
 * 'Recibir' on a buy order's page (provider.receive): how many units of each line arrive, into which warehouse, at
 * the line's price. Each line offers what is left; more than that comes back from the server on the line's field. The
 * dialog's key goes with every submit, so a second press receives nothing again.
 */
import { formatMoney, formatNumber, leftToReceive } from "@taller/core";
import { type FormEvent, useState } from "react";
import { fieldErrorsOf } from "../../lib/api";
import { trpc } from "../../lib/trpc";
import { Dialog } from "../../ui/dialog";
import { FormFooter } from "../../ui/form-footer";
import { Select } from "../../ui/select";
import { useOutcome } from "../../ui/snackbar";
import { TextField } from "../../ui/text-field";
import type { ActionPageData } from "./action-page";

export function ReceiveDialog({ action, onClose }: { action: ActionPageData; onClose(): void }) {
  const outcome = useOutcome();
  const utils = trpc.useUtils();
  const receive = trpc.provider.receive.useMutation();
  const warehouses = trpc.inventory.warehouses.list.useQuery();
  const [key] = useState(() => crypto.randomUUID());
  const open = action.inventory_action_products.filter((l) => leftToReceive(l) > 0);
  const [warehouseId, setWarehouseId] = useState(action.warehouse_id ? String(action.warehouse_id) : undefined);
  const [quantities, setQuantities] = useState(() => open.map((l) => String(leftToReceive(l))));
  const [failure, setFailure] = useState<{ message: string; fields: Record<string, string[]> } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      await receive.mutateAsync({
        id: action.id,
        warehouse_id: Number(warehouseId),
        key,
        lines: open.map((l, i) => ({ line_id: l.id, quantity: Number(quantities[i] || 0) })),
      });
      void utils.provider.invalidate();
      void utils.inventory.invalidate();
      outcome.done("Recepción registrada");
      onClose();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setFailure({ message: error instanceof Error ? error.message : "No se pudo recibir", fields });
    }
  };

  const fieldShown = failure && Object.keys(failure.fields).some((f) => f === "warehouse_id" || f.startsWith("lines."));
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title="Recibir orden de compra" width={560}>
      <form onSubmit={(e) => void submit(e)} noValidate className="adjust-form">
        <Select
          label="Bodega"
          value={warehouseId}
          onValueChange={setWarehouseId}
          placeholder={warehouses.isError ? "No se pudieron cargar las bodegas" : "Elige una bodega"}
          options={(warehouses.data ?? []).map((w) => ({ value: String(w.id), label: w.name }))}
          error={failure?.fields.warehouse_id?.[0]}
        />
        <ul className="receive-lines">
          {open.map((l, i) => (
            <li key={l.id}>
              <span>
                <strong className="product-code">{l.product.code}</strong> {l.product.name}
                <span className="muted">
                  {" "}
                  · pedido {formatNumber(l.quantity)} · recibido {formatNumber(l.received_quantity)} ·{" "}
                  {formatMoney(l.price ?? 0)} c/u
                </span>
              </span>
              <TextField
                label={`Recibir ${l.product.code}`}
                inputMode="numeric"
                value={quantities[i] ?? ""}
                onChange={(e) => setQuantities((q) => q.map((v, j) => (j === i ? e.target.value : v)))}
                error={failure?.fields[`lines.${i}.quantity`]?.[0]}
              />
            </li>
          ))}
        </ul>
        <FormFooter
          error={failure && !fieldShown ? (failure.fields.lines?.[0] ?? failure.message) : null}
          saving={receive.isPending}
          onCancel={onClose}
          submitLabel="Recibir"
          disabledReason={warehouseId ? null : "Elige una bodega"}
        />
      </form>
    </Dialog>
  );
}
