/**
 * 'Consumir repuesto' on an order's page (inventory.orders.consume): a product found by code or name leaves a
 * warehouse for the order. Stock the warehouse cannot cover comes back as the server's Spanish refusal ('Stock
 * insuficiente de … en …: hay N') and nothing moves.
 */
import { formatNumber } from "@taller/core";
import { type FormEvent, useState } from "react";
import { fieldErrorsOf } from "../../lib/api";
import { trpc } from "../../lib/trpc";
import { FormFooter } from "../../ui/form-footer";
import { Dialog } from "../../ui/dialog";
import { Select } from "../../ui/select";
import { useSnackbar } from "../../ui/snackbar";
import { TextField } from "../../ui/text-field";

export function ConsumeDialog({ orderId, onClose }: { orderId: number; onClose(): void }) {
  const snackbar = useSnackbar();
  const utils = trpc.useUtils();
  const consume = trpc.inventory.orders.consume.useMutation();
  const [search, setSearch] = useState("");
  const [productId, setProductId] = useState<string>();
  const [warehouseId, setWarehouseId] = useState<string>();
  const [quantity, setQuantity] = useState("1");
  const [reason, setReason] = useState("");
  const [failure, setFailure] = useState<{ message: string; fields: Record<string, string[]> } | null>(null);
  const warehouses = trpc.inventory.warehouses.list.useQuery();
  const products = trpc.inventory.products.list.useQuery({ search: search.trim() || null });
  const found = products.data?.products ?? [];
  const picked = found.find((p) => String(p.id) === productId);
  const held = (p: (typeof found)[number], id: string | undefined) =>
    p.stock.find((s) => String(s.warehouse_id) === id)?.quantity ?? 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      await consume.mutateAsync({
        order_id: orderId,
        warehouse_id: Number(warehouseId),
        lines: [{ product_id: Number(productId), quantity: Number(quantity) }],
        reason,
      });
      void utils.inventory.invalidate();
      snackbar.show("Repuesto consumido", { tone: "success", duration: 3000 });
      onClose();
    } catch (error) {
      setFailure({
        message: error instanceof Error ? error.message : "No se pudo consumir",
        fields: fieldErrorsOf(error),
      });
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Consumir repuesto" width={520}>
      <form onSubmit={(e) => void submit(e)} noValidate className="adjust-form">
        <TextField
          label="Buscar producto"
          placeholder="Código o nombre"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          autoComplete="off"
        />
        <Select
          label="Producto"
          value={productId}
          onValueChange={setProductId}
          placeholder={products.isPending ? "Cargando…" : found.length ? "Elige un producto" : "Sin resultados"}
          disabled={found.length === 0}
          options={found.map((p) => ({ value: String(p.id), label: `${p.code} · ${p.name}` }))}
          error={failure?.fields.lines?.[0]}
        />
        <Select
          label="Bodega"
          value={warehouseId}
          onValueChange={setWarehouseId}
          placeholder={warehouses.isError ? "No se pudieron cargar las bodegas" : "Elige una bodega"}
          options={(warehouses.data ?? []).map((w) => ({
            value: String(w.id),
            label: picked ? `${w.name} (${formatNumber(held(picked, String(w.id)))})` : w.name,
          }))}
          error={failure?.fields.warehouse_id?.[0]}
        />
        <TextField
          label="Cantidad"
          inputMode="numeric"
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
          error={failure?.fields["lines.0.quantity"]?.[0]}
        />
        <TextField label="Motivo" autoComplete="off" value={reason} onChange={(e) => setReason(e.target.value)} />
        <FormFooter
          error={failure && !Object.keys(failure.fields).length ? failure.message : null}
          saving={consume.isPending}
          onCancel={onClose}
          submitLabel="Consumir"
          disabledReason={!productId ? "Elige un producto." : !warehouseId ? "Elige una bodega." : null}
        />
      </form>
    </Dialog>
  );
}
