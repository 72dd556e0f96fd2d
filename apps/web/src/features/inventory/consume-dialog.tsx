/**
 * 'Consumir repuesto' on an order's or a booking's page (inventory.consumption.consume): lines of products leave one
 * warehouse for the document. 'Cargar líneas de' fills the lines from the requirement's list or a budget's product
 * lines (inventory.consumption.suggestions); a product found by code or name adds a line; every quantity can be edited
 * and every line removed. Stock the warehouse cannot cover comes back as the server's Spanish refusal ('Stock
 * insuficiente de … en …: hay N') and nothing moves.
 */
import type { ConsumptionDocument } from "@taller/core";
import { formatNumber } from "@taller/core";
import { type FormEvent, useState } from "react";
import { fieldErrorsOf } from "../../lib/api";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { FormFooter } from "../../ui/form-footer";
import { Select } from "../../ui/select";
import { useSnackbar } from "../../ui/snackbar";
import { TextField } from "../../ui/text-field";

interface Line {
  product_id: number;
  code: string;
  name: string;
  quantity: string;
  stock: { warehouse_id: number; quantity: number }[];
}

export function ConsumeDialog({
  documentType,
  documentId,
  onClose,
}: {
  documentType: ConsumptionDocument;
  documentId: number;
  onClose(): void;
}) {
  const snackbar = useSnackbar();
  const utils = trpc.useUtils();
  const consume = trpc.inventory.consumption.consume.useMutation();
  const doc = { document_type: documentType, document_id: documentId };
  const [search, setSearch] = useState("");
  const [lines, setLines] = useState<Line[]>([]);
  const [source, setSource] = useState<string>();
  const [warehouseId, setWarehouseId] = useState<string>();
  const [reason, setReason] = useState("");
  const [failure, setFailure] = useState<{ message: string; fields: Record<string, string[]> } | null>(null);
  const warehouses = trpc.inventory.warehouses.list.useQuery();
  const sources = trpc.inventory.consumption.suggestions.useQuery(doc);
  const products = trpc.inventory.products.list.useQuery({ search: search.trim() || null });
  const found = products.data?.products ?? [];
  const sourceKey = (s: { kind: string; id: number }) => `${s.kind}:${s.id}`;

  const load = (key: string) => {
    setSource(key);
    const picked = sources.data?.find((s) => sourceKey(s) === key);
    if (picked) setLines(picked.lines.map((l) => ({ ...l, quantity: String(l.quantity) })));
  };
  const add = (productId: string) => {
    const product = found.find((p) => String(p.id) === productId);
    if (!product || lines.some((l) => l.product_id === product.id)) return;
    setLines((all) => [
      ...all,
      { product_id: product.id, code: product.code, name: product.name, quantity: "1", stock: product.stock },
    ]);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      await consume.mutateAsync({
        ...doc,
        warehouse_id: Number(warehouseId),
        lines: lines.map((l) => ({ product_id: l.product_id, quantity: Number(l.quantity) })),
        reason,
      });
      void utils.inventory.invalidate();
      snackbar.show(lines.length === 1 ? "Repuesto consumido" : "Repuestos consumidos", {
        tone: "success",
        duration: 3000,
      });
      onClose();
    } catch (error) {
      setFailure({
        message: error instanceof Error ? error.message : "No se pudo consumir",
        fields: fieldErrorsOf(error),
      });
    }
  };
  const lineErrorShown = lines.some((_, i) => failure?.fields[`lines.${i}.quantity`]);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Consumir repuesto" width={560}>
      <form onSubmit={(e) => void submit(e)} noValidate className="adjust-form">
        {(sources.data?.length ?? 0) > 0 && (
          <Select
            label="Cargar líneas de"
            value={source}
            onValueChange={load}
            placeholder="Requerimiento o presupuesto"
            options={(sources.data ?? []).map((s) => ({
              value: sourceKey(s),
              label: s.kind === "requirement" ? `Requerimiento ${s.name}` : `Presupuesto ${s.name}`,
            }))}
          />
        )}
        <TextField
          label="Buscar producto"
          placeholder="Código o nombre"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          autoComplete="off"
        />
        <Select
          label="Producto"
          // Always empty: picking a product adds its line, and the field offers the next one.
          value=""
          onValueChange={add}
          placeholder={products.isPending ? "Cargando…" : found.length ? "Agregar un producto" : "Sin resultados"}
          disabled={found.length === 0}
          options={found.map((p) => ({ value: String(p.id), label: `${p.code} · ${p.name}` }))}
        />
        <Select
          label="Bodega"
          value={warehouseId}
          onValueChange={setWarehouseId}
          placeholder={warehouses.isError ? "No se pudieron cargar las bodegas" : "Elige una bodega"}
          options={(warehouses.data ?? []).map((w) => ({ value: String(w.id), label: w.name }))}
          error={failure?.fields.warehouse_id?.[0]}
        />
        <ul className="receive-lines consume-lines" aria-label="Productos a consumir">
          {lines.map((l, i) => (
            <li key={l.product_id}>
              <span>
                <strong className="product-code">{l.code}</strong> {l.name}
                {warehouseId && (
                  <span className="muted">
                    {" "}
                    · hay {formatNumber(l.stock.find((s) => String(s.warehouse_id) === warehouseId)?.quantity ?? 0)}
                  </span>
                )}
              </span>
              <TextField
                label={`Cantidad ${l.code}`}
                inputMode="numeric"
                value={l.quantity}
                onChange={(e) =>
                  setLines((all) => all.map((x, j) => (j === i ? { ...x, quantity: e.target.value } : x)))
                }
                error={failure?.fields[`lines.${i}.quantity`]?.[0]}
              />
              <Button variant="secondary" onClick={() => setLines((all) => all.filter((_, j) => j !== i))}>
                Quitar
              </Button>
            </li>
          ))}
        </ul>
        {lines.length > 0 && (
          <p className="muted consume-total">
            {formatNumber(lines.length)} {lines.length === 1 ? "producto" : "productos"}
          </p>
        )}
        <TextField label="Motivo" autoComplete="off" value={reason} onChange={(e) => setReason(e.target.value)} />
        <FormFooter
          error={failure && !lineErrorShown ? (failure.fields.lines?.[0] ?? failure.message) : null}
          saving={consume.isPending}
          onCancel={onClose}
          submitLabel="Consumir"
          disabledReason={!lines.length ? "Agrega al menos un producto." : !warehouseId ? "Elige una bodega." : null}
        />
      </form>
    </Dialog>
  );
}
