/**
 * The vehicle's create and edit form (vehicles.create, vehicles.update): identifier (a Chilean plate, or a free
 * identifier for a company whose object is not a vehicle), owner, brand and model, chassis, year, colour and kms.
 * The identifier's rule is checked as the user types it and again by the server, whose field errors ('Ya existe un
 * vehículo con esa patente') land on the same fields. VehicleFormDialog (vehicle-form-dialog.tsx) loads it.
 */
import { VEHICLE_TEXTS, vehicleFormSchema } from "@taller/core";
import { useState } from "react";
import { useObjectFields, useTerms } from "../../lib/company-setup";
import { markServerErrors } from "../../lib/form-errors";
import { numberField, textField, useZodForm } from "../../lib/forms";
import { useCan } from "../../lib/permissions";
import { trpc } from "../../lib/trpc";
import { Select } from "../../ui/select";
import { useSnackbar } from "../../ui/snackbar";
import { TextField } from "../../ui/text-field";
import { FormFooter } from "../../ui/form-footer";
import type { VehicleFormProps } from "./vehicle-form-dialog";

const NONE = "0";

/** Picks the owner among the company's clients by name or RUT (crm.clients' search). */
function OwnerPicker({
  value,
  current,
  onChange,
  error,
}: {
  value: number | null | undefined;
  current: { id: number; name: string } | null;
  onChange(id: number | null): void;
  error?: string;
}) {
  const terms = useTerms();
  const [search, setSearch] = useState("");
  const found = trpc.crm.clients.useQuery(
    { search: search.trim() || null, page_size: 10 },
    { enabled: search.trim().length >= 2 },
  );
  const options = [
    { value: NONE, label: `Sin ${terms.client.one}` },
    ...(current ? [{ value: String(current.id), label: current.name }] : []),
    ...(found.data?.items ?? [])
      .filter((c) => c.id !== current?.id)
      .map((c) => ({ value: String(c.id), label: c.rut ? `${c.name} (${c.rut})` : c.name })),
  ];
  return (
    <>
      <TextField
        label={`Buscar ${terms.client.oneLower}`}
        hint={found.isFetching ? "Buscando…" : "Nombre o RUT, desde 2 letras"}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        autoComplete="off"
      />
      <Select
        label={terms.client.one}
        value={String(value ?? NONE)}
        onValueChange={(v) => onChange(v === NONE ? null : Number(v))}
        options={options}
        error={error}
      />
    </>
  );
}

export function VehicleForm({ vehicle, owner, onSaved, onClose }: VehicleFormProps & { onClose(): void }) {
  const terms = useTerms();
  const fields = useObjectFields();
  const can = useCan();
  const snackbar = useSnackbar();
  const utils = trpc.useUtils();
  const brands = trpc.vehicles.brandOptions.useQuery();
  const create = trpc.vehicles.create.useMutation();
  const update = trpc.vehicles.update.useMutation();
  const form = useZodForm(vehicleFormSchema(fields.plates), {
    identifier: vehicle?.identifier ?? "",
    client_id: vehicle?.client_id ?? null,
    brand_id: vehicle?.brand_id ?? null,
    brand_model_id: vehicle?.brand_model_id ?? null,
    chassis: vehicle?.chassis ?? "",
    year: vehicle?.year ?? null,
    color: vehicle?.color ?? "",
    kms: vehicle?.kms ?? null,
  });
  const brandId = form.watch("brand_id");
  const models = brands.data?.find((b) => b.id === brandId)?.models ?? [];
  const fieldError = (name: "client_id" | "brand_id" | "brand_model_id") => form.formState.errors[name]?.message;

  const submit = form.handleSubmit(async (values) => {
    try {
      const { id } = vehicle
        ? await update.mutateAsync({ ...values, id: vehicle.id })
        : await create.mutateAsync(values);
      void utils.vehicles.invalidate();
      snackbar.show(vehicle ? VEHICLE_TEXTS.saved : `${terms.object.one} creado`, { tone: "success", duration: 3000 });
      onClose();
      onSaved?.(id);
    } catch (error) {
      markServerErrors(form, error);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="vehicle-form">
      <TextField
        label={fields.identifier}
        hint={fields.identifierHint}
        autoComplete="off"
        className="vehicle-form-identifier"
        {...textField(form, "identifier")}
      />
      {can("read", "client") && (
        <OwnerPicker
          value={form.watch("client_id")}
          current={owner ?? null}
          onChange={(id) => form.setValue("client_id", id, { shouldDirty: true })}
          error={fieldError("client_id")}
        />
      )}
      <Select
        label="Marca"
        value={String(brandId ?? NONE)}
        onValueChange={(v) => {
          form.setValue("brand_id", v === NONE ? null : Number(v), { shouldDirty: true });
          form.setValue("brand_model_id", null);
        }}
        options={[
          { value: NONE, label: brands.isError ? "No se pudieron cargar las marcas" : "Sin marca" },
          ...(brands.data ?? []).map((b) => ({ value: String(b.id), label: b.name })),
        ]}
        error={fieldError("brand_id")}
      />
      <Select
        label="Modelo"
        value={String(form.watch("brand_model_id") ?? NONE)}
        onValueChange={(v) => form.setValue("brand_model_id", v === NONE ? null : Number(v), { shouldDirty: true })}
        options={[
          { value: NONE, label: brandId ? "Sin modelo" : "Elige primero la marca" },
          ...models.map((m) => ({ value: String(m.id), label: m.name })),
        ]}
        error={fieldError("brand_model_id")}
      />
      <TextField label={fields.chassis} autoComplete="off" {...textField(form, "chassis")} />
      <TextField label="Año" {...numberField(form, "year")} />
      <TextField label="Color" autoComplete="off" {...textField(form, "color")} />
      <TextField label="Kilometraje" {...numberField(form, "kms")} />
      <FormFooter
        error={form.formState.errors.root?.server?.message}
        saving={form.formState.isSubmitting}
        onCancel={onClose}
        submitLabel={vehicle ? "Guardar" : "Crear"}
      />
    </form>
  );
}
