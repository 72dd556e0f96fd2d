/**
 * The product's create and edit dialog (inventory.products.create / update): code (unique in the company: the
 * server's 'Ya existe un producto con ese código' lands on it), name, category, unit, price and cost in CLP, a
 * description, and the minimum stock of each warehouse (below it the product is marked 'Stock bajo').
 */
import type { RouterOutputs } from "@taller/api";
import { productDataSchema } from "@taller/core";
import { markServerErrors } from "../../lib/form-errors";
import { numberField, textField, useZodForm } from "../../lib/forms";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { FormFooter } from "../../ui/form-footer";
import { Select } from "../../ui/select";
import { useOutcome } from "../../ui/snackbar";
import { TextField } from "../../ui/text-field";

type ProductPage = RouterOutputs["inventory"]["products"]["get"];
const NONE = "0";

export function ProductForm({
  onClose,
  page,
  onSaved,
}: {
  onClose(): void;
  /** The product being edited (with its stock rows, which carry the minimums); absent: a new one. */
  page?: ProductPage;
  onSaved?(id: number): void;
}) {
  const outcome = useOutcome();
  const utils = trpc.useUtils();
  const categories = trpc.inventory.categories.list.useQuery(undefined);
  const warehouses = trpc.inventory.warehouses.list.useQuery(undefined);
  const create = trpc.inventory.products.create.useMutation();
  const update = trpc.inventory.products.update.useMutation();
  const product = page?.product;
  const form = useZodForm(productDataSchema, {
    code: product?.code ?? "",
    name: product?.name ?? "",
    category_id: product?.category_id ?? null,
    unit: product?.unit ?? "unidad",
    price: product?.price ?? 0,
    buy_price: product?.buy_price ?? 0,
    description: product?.description ?? "",
    minimums: page?.stock.map((s) => ({ warehouse_id: s.warehouse_id, minimum: s.minimum })) ?? [],
  });
  const shown = warehouses.data ?? [];
  const minimums = form.watch("minimums") ?? [];
  const indexOf = (warehouseId: number) => minimums.findIndex((m) => m.warehouse_id === warehouseId);

  const submit = form.handleSubmit(async (values) => {
    try {
      const { id } = product
        ? await update.mutateAsync({ ...values, id: product.id })
        : await create.mutateAsync(values);
      void utils.inventory.invalidate();
      outcome.done(product ? "Producto guardado" : "Producto creado");
      onClose();
      onSaved?.(id);
    } catch (error) {
      markServerErrors(form, error);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="product-form">
      <TextField label="Código" autoComplete="off" {...textField(form, "code")} />
      <TextField label="Nombre" autoComplete="off" {...textField(form, "name")} />
      <Select
        label="Categoría"
        value={String(form.watch("category_id") ?? NONE)}
        onValueChange={(v) => form.setValue("category_id", v === NONE ? null : Number(v), { shouldDirty: true })}
        options={[
          { value: NONE, label: categories.isError ? "No se pudieron cargar las categorías" : "Sin categoría" },
          ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
        ]}
        error={form.formState.errors.category_id?.message}
      />
      <TextField label="Unidad" hint="unidad, litro, par…" autoComplete="off" {...textField(form, "unit")} />
      <TextField label="Precio de venta (CLP)" {...numberField(form, "price")} />
      <TextField label="Costo (CLP)" {...numberField(form, "buy_price")} />
      <TextField
        label="Descripción"
        autoComplete="off"
        className="product-form-wide"
        {...textField(form, "description")}
      />
      <fieldset className="product-form-wide product-minimums">
        <legend>Stock mínimo por bodega</legend>
        {warehouses.isError && <p className="field-error">No se pudieron cargar las bodegas</p>}
        {shown.map((w) => {
          const i = indexOf(w.id);
          if (i < 0) {
            // A warehouse without a minimum field yet (a new product, a new warehouse): this adds it.
            return (
              <Button
                key={w.id}
                variant="text"
                onClick={() => form.setValue("minimums", [...minimums, { warehouse_id: w.id, minimum: 0 }])}
              >
                Fijar mínimo en {w.name}
              </Button>
            );
          }
          return <TextField key={w.id} label={w.name} {...numberField(form, `minimums.${i}.minimum`)} />;
        })}
        {form.formState.errors.minimums?.message && (
          <p className="field-error" role="alert">
            {form.formState.errors.minimums.message}
          </p>
        )}
      </fieldset>
      <div className="product-form-wide">
        <FormFooter
          error={form.formState.errors.root?.server?.message}
          saving={form.formState.isSubmitting}
          submitLabel={product ? "Guardar" : "Crear"}
          onCancel={() => onClose()}
        />
      </div>
    </form>
  );
}
