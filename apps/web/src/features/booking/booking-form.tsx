/**
 * The staff booking form (client, vehicle, requirement, location, professional where it applies, date, time,
 * duration, comment), which BookingFormDialog (booking-form-dialog.tsx) loads when it opens.
 *
 * Times come from booking.freeSlots for the values chosen; a time no longer offered is cleared. A refused booking
 * shows the 2-second snackbar of seed 001 section 8 and marks the fields it names.
 */
import type { RouterOutputs } from "@taller/api";
import {
  bookingErrorText,
  bookingFieldLabels,
  bookingFormSchema,
  type BookingFormInput,
  lowerTerm,
  titleCase,
} from "@taller/core";
import { useEffect, useState } from "react";
import type { Path } from "react-hook-form";
import { fieldErrorsOf } from "../../lib/api";
import { useCompanySetup, useTerms } from "../../lib/company-setup";
import { markServerErrors } from "../../lib/form-errors";
import { dateField, textField, useZodForm } from "../../lib/forms";
import { useSelectedLocations } from "../../lib/locations";
import { failureText } from "../../lib/load-state";
import { trpc } from "../../lib/trpc";
import { useSnackbar } from "../../ui/snackbar";
import { Select } from "../../ui/select";
import { DateField } from "../../ui/date-field";
import { TextField } from "../../ui/text-field";
import { FormFooter } from "../../ui/form-footer";
import { useSettled } from "../../lib/use-settled";
import { keepPrevious } from "./use-agenda";
import "./booking.css";

export type BookingPrefill = Partial<Omit<BookingFormInput, "idempotency_key" | "booking_type">>;
export type CreatedBooking = RouterOutputs["booking"]["create"];

/** One attempt's idempotency key: the same attempt retried books once. */
function newKey(): string {
  return typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : `k${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}

const NONE = "0";
const asId = (v: string) => (v === NONE ? null : Number(v));
const idValue = (v: number | null | undefined) => (v ? String(v) : NONE);

/** A searchable choice: a search box narrowing the server's options, and the list to pick from. */
function Picker({
  label,
  query,
  onQuery,
  value,
  onChange,
  options,
  error,
}: {
  label: string;
  query: string;
  onQuery(q: string): void;
  value: number | null | undefined;
  onChange(id: number | null): void;
  options: { value: string; label: string }[];
  error?: string;
}) {
  return (
    <div className="booking-picker">
      <TextField
        label={`Buscar ${lowerTerm(label)}`}
        value={query}
        onChange={(e) => onQuery(e.target.value)}
        autoComplete="off"
        type="search"
      />
      <Select
        label={label}
        value={idValue(value)}
        onValueChange={(v) => onChange(asId(v))}
        options={[{ value: NONE, label: "Sin especificar" }, ...options]}
        error={error}
      />
    </div>
  );
}

export function BookingForm({
  initial,
  onBooked,
  onCancel,
}: {
  initial: BookingPrefill;
  onBooked(b: CreatedBooking): void;
  onCancel(): void;
}) {
  const setup = useCompanySetup();
  const { booking_type } = setup.company.preferences;
  const terms = useTerms();
  const { selectedIds } = useSelectedLocations();
  const snackbar = useSnackbar();
  const utils = trpc.useUtils();
  const professionalMode = booking_type === "professional";
  const form = useZodForm(bookingFormSchema, {
    client_id: null,
    vehicle_id: null,
    requirement_id: null,
    location_id:
      setup.locations.length === 1 ? setup.locations[0]?.id : selectedIds.length === 1 ? selectedIds[0] : null,
    user_id: null,
    booking_date: "",
    booking_time: "",
    duration: null,
    comment: "",
    booking_type: "booking",
    ...initial,
    idempotency_key: newKey(),
  });
  const values = form.watch();
  const error = (name: Path<BookingFormInput>) => form.getFieldState(name, form.formState).error?.message;
  const set = (
    name: "client_id" | "vehicle_id" | "requirement_id" | "location_id" | "user_id" | "booking_time",
    value: number | string | null,
  ) => form.setValue(name, value, { shouldValidate: form.formState.isSubmitted, shouldDirty: true });

  const [clientQuery, setClientQuery] = useState("");
  const [vehicleQuery, setVehicleQuery] = useState("");
  const clients = trpc.booking.clientOptions.useQuery(
    { query: useSettled(clientQuery, 300), id: values.client_id ?? null },
    { placeholderData: keepPrevious },
  );
  const vehicles = trpc.booking.vehicleOptions.useQuery(
    { query: useSettled(vehicleQuery, 300), client_id: values.client_id ?? null, id: values.vehicle_id ?? null },
    { placeholderData: keepPrevious },
  );
  const professionals = trpc.booking.professionals.useQuery(
    { location_id: values.location_id ?? null, requirement_id: values.requirement_id ?? null },
    { enabled: professionalMode },
  );
  const slotInput = {
    booking_date: values.booking_date,
    location_id: values.location_id ?? null,
    requirement_id: values.requirement_id ?? null,
    user_id: values.user_id ?? null,
    duration: values.duration ?? null,
  };
  const validDate = /^\d{4}-\d{2}-\d{2}$/.test(values.booking_date);
  const slots = trpc.booking.freeSlots.useQuery(slotInput, {
    enabled: validDate && (!professionalMode || !!values.user_id),
  });
  const hours = slots.data?.hours;

  // A time the server no longer offers for these values is cleared and marked, as on the client's page.
  useEffect(() => {
    if (hours && values.booking_time && !hours.includes(values.booking_time)) {
      form.setValue("booking_time", "");
      form.setError("booking_time", { type: "server", message: "La hora ya no está disponible" });
    }
  }, [hours, values.booking_time, form]);

  // Picking a client whose vehicle list does not hold the chosen vehicle drops it.
  const chosenVehicle = vehicles.data?.find((v) => v.id === values.vehicle_id);
  useEffect(() => {
    if (
      chosenVehicle &&
      values.client_id &&
      chosenVehicle.client_id !== null &&
      chosenVehicle.client_id !== values.client_id
    )
      set("vehicle_id", null);
  });

  const create = trpc.booking.create.useMutation();
  const submit = form.handleSubmit(async (input) => {
    try {
      const booking = await create.mutateAsync(input);
      void utils.booking.range.invalidate();
      void utils.booking.day.invalidate();
      onBooked(booking);
    } catch (failure) {
      markServerErrors(form, failure);
      snackbar.show(bookingErrorText(fieldErrorsOf(failure), bookingFieldLabels(terms)), {
        tone: "error",
        duration: 2000,
      });
      // A changed form is a new attempt.
      form.setValue("idempotency_key", newKey());
    }
  });

  const timeOptions = (hours ?? (values.booking_time ? [values.booking_time] : [])).map((h) => ({
    value: h,
    label: h,
  }));
  return (
    <form id="booking-form" className="booking-form" onSubmit={submit} noValidate>
      <Picker
        label={terms.client.one}
        query={clientQuery}
        onQuery={setClientQuery}
        value={values.client_id}
        onChange={(id) => set("client_id", id)}
        options={(clients.data ?? []).map((c) => ({
          value: String(c.id),
          label: `${titleCase(c.name)}${c.rut ? ` · ${c.rut}` : ""}`,
        }))}
        error={error("client_id")}
      />
      <Picker
        label={terms.object.one}
        query={vehicleQuery}
        onQuery={setVehicleQuery}
        value={values.vehicle_id}
        onChange={(id) => {
          set("vehicle_id", id);
          const owner = vehicles.data?.find((v) => v.id === id)?.client_id;
          if (owner && !values.client_id) set("client_id", owner);
        }}
        options={(vehicles.data ?? []).map((v) => ({
          value: String(v.id),
          label: [v.identifier, [v.brand_name, v.brand_model_name].filter(Boolean).join(" ")]
            .filter(Boolean)
            .join(" · "),
        }))}
        error={error("vehicle_id")}
      />
      <Select
        label="Requerimiento"
        value={idValue(values.requirement_id)}
        onValueChange={(v) => set("requirement_id", asId(v))}
        options={[
          { value: NONE, label: "Sin especificar" },
          ...setup.requirements.map((r) => ({ value: String(r.id), label: r.name })),
        ]}
        error={error("requirement_id")}
      />
      <Select
        label="Local"
        value={idValue(values.location_id)}
        onValueChange={(v) => set("location_id", asId(v))}
        options={[
          { value: NONE, label: "Sin especificar" },
          ...setup.locations.map((l) => ({ value: String(l.id), label: l.name })),
        ]}
        error={error("location_id")}
      />
      {professionalMode && (
        <Select
          label="Profesional"
          value={idValue(values.user_id)}
          onValueChange={(v) => set("user_id", asId(v))}
          options={(professionals.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          placeholder="Selecciona un profesional"
          error={error("user_id")}
        />
      )}
      <div className="booking-form-row">
        <DateField label="Fecha" {...dateField(form, "booking_date")} />
        <Select
          label="Hora"
          value={values.booking_time || undefined}
          onValueChange={(v) => set("booking_time", v)}
          options={timeOptions}
          // Until this date's free hours arrive the list holds only the prefilled time, which they may not include.
          disabled={slots.isLoading}
          placeholder={
            slots.isLoading
              ? "Cargando horas…"
              : hours && hours.length === 0
                ? "No hay horas disponibles"
                : "Selecciona una hora"
          }
          error={error("booking_time") ?? (slots.isError ? failureText("las horas libres", slots.error) : undefined)}
        />
        <TextField
          label="Duración (min)"
          type="number"
          inputMode="numeric"
          min={1}
          {...form.register("duration", { setValueAs: (v: string) => (v === "" || v === null ? null : Number(v)) })}
          error={error("duration")}
        />
      </div>
      <TextField label="Comentario" {...textField(form, "comment")} />
      <FormFooter saving={create.isPending} onCancel={onCancel} submitLabel="Agendar" />
    </form>
  );
}
