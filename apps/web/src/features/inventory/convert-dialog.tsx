/**
 * 'Convertir en orden de compra' on a pricing's page (provider.toBuyOrder): the warehouse the goods will come into;
 * the buy order carries the lines the supplier offered at its prices, and its page opens.
 */
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { theTerm } from "@taller/core";
import { fieldErrorsOf } from "../../lib/api";
import { useTerms } from "../../lib/company-setup";
import { trpc } from "../../lib/trpc";
import { Dialog } from "../../ui/dialog";
import { FormFooter } from "../../ui/form-footer";
import { Select } from "../../ui/select";
import { useOutcome } from "../../ui/snackbar";
import type { ActionPageData } from "./action-page";

export function ConvertDialog({ action, onClose }: { action: ActionPageData; onClose(): void }) {
  const outcome = useOutcome();
  const terms = useTerms();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const convert = trpc.provider.toBuyOrder.useMutation();
  const warehouses = trpc.inventory.warehouses.list.useQuery();
  const [warehouseId, setWarehouseId] = useState(action.warehouse_id ? String(action.warehouse_id) : undefined);
  const [failure, setFailure] = useState<{ message: string; fields: Record<string, string[]> } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      const made = await convert.mutateAsync({ id: action.id, warehouse_id: Number(warehouseId) });
      void utils.provider.invalidate();
      outcome.done("Orden de compra creada");
      onClose();
      void navigate({ to: "/main/inventory-actions/$id", params: { id: String(made.id) } });
    } catch (error) {
      setFailure({
        message: error instanceof Error ? error.message : "No se pudo convertir",
        fields: fieldErrorsOf(error),
      });
    }
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title="Convertir en orden de compra" width={480}>
      <form onSubmit={(e) => void submit(e)} noValidate className="adjust-form">
        <p className="muted">
          La orden de compra lleva los productos que ofreció el proveedor, a sus precios. El enlace para el proveedor se
          crea desde la sección 'Proveedores' de {theTerm(terms.order)}.
        </p>
        <Select
          label="Bodega"
          value={warehouseId}
          onValueChange={setWarehouseId}
          placeholder={warehouses.isError ? "No se pudieron cargar las bodegas" : "Elige una bodega"}
          options={(warehouses.data ?? []).map((w) => ({ value: String(w.id), label: w.name }))}
          error={failure?.fields.warehouse_id?.[0]}
        />
        <FormFooter
          error={failure && !failure.fields.warehouse_id ? failure.message : null}
          saving={convert.isPending}
          onCancel={onClose}
          submitLabel="Convertir"
          disabledReason={warehouseId ? null : "Elige una bodega"}
        />
      </form>
    </Dialog>
  );
}
