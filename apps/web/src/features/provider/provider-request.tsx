/**
 * 'Solicitar cotización' / 'Enviar orden de compra': a supplier (or a new one), the products and quantities, a
 * warehouse (required for a buy order) and the dates. The server answers the document and its link. The section's
 * dialog (provider-section.tsx) loads this form when it opens.
 */
import type { RouterOutputs } from "@taller/api";
import { providerCreateSchema, type ProviderKind } from "@taller/core";
import { Plus, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { fieldErrorsOf } from "../../lib/api";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { DateField } from "../../ui/date-field";
import { FormFooter } from "../../ui/form-footer";
import type { ProviderDocument } from "./provider-section";
import { IconButton } from "../../ui/icon-button";
import { Select } from "../../ui/select";
import { TextField } from "../../ui/text-field";
import { inSpanish } from "../../lib/zod-spanish";

type Created = RouterOutputs["provider"]["create"];
const NEW_SUPPLIER = "new";

export function ProviderRequestForm({
  kind,
  document,
  onClose,
  onCreated,
}: {
  kind: ProviderKind;
  document: ProviderDocument;
  onClose(): void;
  onCreated(made: Created): void;
}) {
  const suppliers = trpc.provider.suppliers.useQuery();
  const options = trpc.provider.options.useQuery();
  const createSupplier = trpc.provider.createSupplier.useMutation();
  const create = trpc.provider.create.useMutation();
  const [supplier, setSupplier] = useState<string>("");
  const [newSupplier, setNewSupplier] = useState({ name: "", mail: "", phone: "", rut: "" });
  const [warehouse, setWarehouse] = useState<string>("");
  const [requiredDate, setRequiredDate] = useState("");
  const [expiration, setExpiration] = useState("");
  const [comment, setComment] = useState("");
  const [lines, setLines] = useState<{ product: string; quantity: string }[]>([{ product: "", quantity: "1" }]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    let providerId = Number(supplier);
    try {
      if (supplier === NEW_SUPPLIER) {
        const made = await createSupplier.mutateAsync({ ...newSupplier, mail: newSupplier.mail || null });
        providerId = made.id;
        setSupplier(String(made.id));
      }
      const input = {
        kind,
        provider_id: providerId,
        ...document,
        warehouse_id: warehouse ? Number(warehouse) : null,
        required_delivery_date: requiredDate || null,
        expiration_date: expiration || null,
        comment: comment || null,
        products: lines
          .filter((l) => l.product)
          .map((l) => ({ product_id: Number(l.product), quantity: Number(l.quantity) })),
      };
      inSpanish();
      const parsed = providerCreateSchema.safeParse(input);
      if (!parsed.success) {
        setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? "form"), i.message])));
        return;
      }
      onCreated(await create.mutateAsync(parsed.data));
    } catch (error) {
      const fields = Object.fromEntries(
        Object.entries(fieldErrorsOf(error)).flatMap(([k, m]) => (m[0] ? [[k.split(".")[0] ?? k, m[0]]] : [])),
      );
      setErrors(
        Object.keys(fields).length ? fields : { form: error instanceof Error ? error.message : "Error al guardar" },
      );
    }
  };

  const productOptions = (options.data?.products ?? []).map((p) => ({
    value: String(p.id),
    label: `${p.name} (${p.code})`,
  }));
  return (
    <form className="provider-request" onSubmit={(e) => void submit(e)} noValidate>
      <Select
        label="Proveedor"
        value={supplier || undefined}
        placeholder="Seleccione un proveedor"
        onValueChange={setSupplier}
        options={[
          ...(suppliers.data ?? []).map((s) => ({ value: String(s.id), label: s.name })),
          { value: NEW_SUPPLIER, label: "Nuevo proveedor…" },
        ]}
        error={errors.provider_id}
      />
      {supplier === NEW_SUPPLIER && (
        <div className="provider-request-grid">
          <TextField
            label="Nombre"
            value={newSupplier.name}
            onChange={(e) => setNewSupplier({ ...newSupplier, name: e.target.value })}
            error={errors.name}
          />
          <TextField
            label="Correo"
            type="email"
            value={newSupplier.mail}
            onChange={(e) => setNewSupplier({ ...newSupplier, mail: e.target.value })}
            error={errors.mail}
          />
          <TextField
            label="Teléfono"
            value={newSupplier.phone}
            onChange={(e) => setNewSupplier({ ...newSupplier, phone: e.target.value })}
            error={errors.phone}
          />
          <TextField
            label="RUT"
            value={newSupplier.rut}
            onChange={(e) => setNewSupplier({ ...newSupplier, rut: e.target.value })}
            error={errors.rut}
          />
        </div>
      )}
      <Select
        label={kind === "buy_order" ? "Bodega" : "Bodega (opcional)"}
        value={warehouse || undefined}
        placeholder="Seleccione una bodega"
        onValueChange={setWarehouse}
        options={(options.data?.warehouses ?? []).map((w) => ({ value: String(w.id), label: w.name }))}
        error={errors.warehouse_id}
      />
      <div className="provider-request-grid">
        <DateField
          label="Fecha requerida para la entrega"
          value={requiredDate}
          onChange={setRequiredDate}
          error={errors.required_delivery_date}
        />
        <DateField
          label="Fecha de vencimiento"
          value={expiration}
          onChange={setExpiration}
          error={errors.expiration_date}
        />
      </div>
      <div className="field">
        <label htmlFor="provider-request-comment">Comentario</label>
        <textarea
          id="provider-request-comment"
          rows={2}
          maxLength={2000}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
      </div>
      <h4>Productos</h4>
      {lines.map((line, i) => (
        <div className="provider-request-line" key={i}>
          <Select
            label={`Producto ${i + 1}`}
            value={line.product || undefined}
            placeholder="Seleccione un producto"
            onValueChange={(v) => setLines(lines.map((l, j) => (j === i ? { ...l, product: v } : l)))}
            options={productOptions}
          />
          <TextField
            label="Cantidad"
            type="number"
            min={1}
            value={line.quantity}
            onChange={(e) => setLines(lines.map((l, j) => (j === i ? { ...l, quantity: e.target.value } : l)))}
          />
          <IconButton
            label="Quitar producto"
            onClick={() => setLines(lines.filter((_, j) => j !== i))}
            disabledReason={lines.length === 1 ? "La solicitud debe tener al menos un producto" : null}
          >
            <Trash2 size={18} aria-hidden />
          </IconButton>
        </div>
      ))}
      {errors.products && (
        <div className="field-error" role="alert">
          {errors.products}
        </div>
      )}
      <Button
        variant="text"
        icon={<Plus size={16} aria-hidden />}
        onClick={() => setLines([...lines, { product: "", quantity: "1" }])}
      >
        Agregar producto
      </Button>
      <FormFooter
        error={errors.form}
        saving={create.isPending || createSupplier.isPending}
        onCancel={onClose}
        submitLabel="Crear y obtener enlace"
      />
    </form>
  );
}
