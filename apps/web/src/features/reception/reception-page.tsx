/**
 * /main/checkin, 'Recepción': a vehicle arrives and its order is opened (orders.receive). It starts from the plate:
 * a known one fills brand, model, chassis, last kilometres and owner, and its booking of today is offered to receive
 * instead (booking.checkIn); the client is found by RUT. Pictures upload while the rest is typed. 'Recepcionar'
 * opens the new order. The server's field errors land on their fields and nothing typed is lost; a double press
 * sends the same key, so one order is created.
 */
import type { RouterOutputs } from "@taller/api";
import { agree, formatNumber, kmsBelowLast, type ReceptionInput } from "@taller/core";
import { useNavigate } from "@tanstack/react-router";
import { CalendarCheck, Search } from "lucide-react";
import { useState } from "react";
import { useObjectFields, useTerms } from "../../lib/company-setup";
import { markServerErrors } from "../../lib/form-errors";
import { dateField, numberField, textField, useLazyZodForm } from "../../lib/forms";
import { QueryFailed } from "../../lib/load-state";
import { useCan } from "../../lib/permissions";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Checkbox } from "../../ui/checkbox";
import { DateField } from "../../ui/date-field";
import { FormFooter } from "../../ui/form-footer";
import { Select } from "../../ui/select";
import { useOutcome } from "../../ui/snackbar";
import { PageLoader } from "../../ui/spinner";
import { TextField } from "../../ui/text-field";
import { MediaUploads, useMediaUploads } from "./media-uploads";
import "./reception.css";

const NONE = "0";
type Form = ReturnType<typeof useReceptionForm>;
type Options = RouterOutputs["orders"]["reception"]["options"];
type Found = RouterOutputs["orders"]["reception"]["vehicle"];

const emptyReception = (me: number): ReceptionInput => ({
  key: crypto.randomUUID(),
  identifier: "",
  brand_id: null,
  brand_model_id: null,
  chassis: "",
  client: { rut: "", name: "", phone: "", email: "" },
  change_owner: false,
  requirement_id: null,
  location_id: null,
  user_id: me,
  assignee_id: null,
  kms: null,
  confirm_kms: false,
  comment: "",
  finish_date: "",
  custom_fields: {},
  pictures: [],
});

const loadSchema = () => import("./reception-schema").then((m) => m.receptionSchema);

function useReceptionForm(me: number) {
  return useLazyZodForm(loadSchema, emptyReception(me));
}

/** A select of ids with a first 'none' choice; the form keeps null for it. */
function IdSelect({
  form,
  name,
  label,
  none,
  options,
  disabled,
}: {
  form: Form;
  name: "brand_id" | "brand_model_id" | "requirement_id" | "location_id" | "user_id" | "assignee_id";
  label: string;
  none: string;
  options: readonly { id: number; name: string }[];
  disabled?: boolean;
}) {
  return (
    <Select
      label={label}
      value={String(form.watch(name) ?? NONE)}
      onValueChange={(v) => {
        form.setValue(name, v === NONE ? null : Number(v), { shouldDirty: true });
        if (name === "brand_id") form.setValue("brand_model_id", null);
      }}
      options={[{ value: NONE, label: none }, ...options.map((o) => ({ value: String(o.id), label: o.name }))]}
      error={form.formState.errors[name]?.message}
      disabled={disabled}
    />
  );
}

/** The plate's step: looks the identifier up and fills what the company knows of the vehicle and its owner. */
function VehicleSection({
  form,
  options,
  found,
  onFound,
}: {
  form: Form;
  options: Options;
  found: Found | null;
  onFound(found: Found): void;
}) {
  const terms = useTerms();
  const fields = useObjectFields();
  const utils = trpc.useUtils();
  const [looking, setLooking] = useState(false);
  const [lookupError, setLookupError] = useState<string | null>(null);
  const lookUp = async () => {
    const identifier = form.getValues("identifier").trim();
    if (!identifier) return;
    setLooking(true);
    setLookupError(null);
    try {
      const answer = await utils.orders.reception.vehicle.fetch({ identifier });
      form.setValue("identifier", answer.identifier);
      const v = answer.vehicle;
      if (v) {
        form.setValue("brand_id", v.brand_id);
        form.setValue("brand_model_id", v.brand_model_id);
        form.setValue("chassis", v.chassis ?? "");
        if (v.client)
          form.setValue("client", {
            rut: v.client.rut ?? "",
            name: v.client.name,
            phone: v.client.phone ?? "",
            email: v.client.email ?? "",
          });
      }
      onFound(answer);
    } catch (error) {
      setLookupError(error instanceof Error ? error.message : "No se pudo buscar");
    } finally {
      setLooking(false);
    }
  };
  const brandId = form.watch("brand_id");
  const models = options.brands.find((b) => b.id === brandId)?.models ?? [];
  const identifier = textField(form, "identifier");
  return (
    <section className="reception-section" aria-labelledby="reception-vehicle">
      <h2 id="reception-vehicle">{terms.object.one}</h2>
      <div className="reception-plate">
        <TextField
          label={fields.identifier}
          hint={
            lookupError ??
            (found
              ? found.vehicle
                ? `${terms.object.one} registrado`
                : `${terms.object.one} nuevo: se creará al recepcionar`
              : fields.identifierHint)
          }
          autoComplete="off"
          autoCapitalize="characters"
          {...identifier}
          onBlur={(e) => {
            void identifier.onBlur(e);
            void lookUp();
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              void lookUp();
            }
          }}
        />
        <Button variant="secondary" icon={<Search size={18} />} loading={looking} onClick={() => void lookUp()}>
          Buscar
        </Button>
      </div>
      <div className="reception-grid">
        <IdSelect form={form} name="brand_id" label="Marca" none="Sin marca" options={options.brands} />
        <IdSelect
          form={form}
          name="brand_model_id"
          label="Modelo"
          none={brandId ? "Sin modelo" : "Elige primero la marca"}
          options={models}
        />
        <TextField label={fields.chassis} autoComplete="off" {...textField(form, "chassis")} />
      </div>
    </section>
  );
}

/** Today's booking of the vehicle: receiving it opens its order through the booking's own check-in. */
function BookingOffer({ booking }: { booking: NonNullable<Found["booking"]> }) {
  const terms = useTerms();
  const navigate = useNavigate();
  const outcome = useOutcome();
  const checkIn = trpc.booking.checkIn.useMutation({
    onSuccess: (answer) => {
      if (answer.order) void navigate({ to: "/main/orders/$id", params: { id: String(answer.order.id) } });
    },
    onError: outcome.failed,
  });
  return (
    <div className="reception-booking" role="status">
      <CalendarCheck size={20} aria-hidden />
      <p>
        {agree(terms.object, "Este", "Esta")} {terms.object.oneLower} tiene una reserva hoy a las {booking.booking_time}
        {booking.requirement_name ? ` (${booking.requirement_name})` : ""}.
      </p>
      <Button loading={checkIn.isPending} onClick={() => checkIn.mutate({ id: booking.id })}>
        Recepcionar reserva
      </Button>
    </div>
  );
}

/** The client by RUT: a known RUT fills name, phone and e-mail. */
function ClientSection({ form, found }: { form: Form; found: Found | null }) {
  const terms = useTerms();
  const utils = trpc.useUtils();
  const [match, setMatch] = useState<string | null>(null);
  const rut = textField(form, "client.rut");
  const lookUp = async () => {
    const value = form.getValues("client.rut")?.trim() ?? "";
    if (!value) return setMatch(null);
    const client = await utils.orders.reception.client.fetch({ rut: value }).catch(() => null);
    if (!client) return setMatch(null);
    form.setValue("client", {
      rut: client.rut ?? value,
      name: client.name,
      phone: client.phone ?? "",
      email: client.email ?? "",
    });
    setMatch(`${terms.client.one} registrado`);
  };
  const owner = found?.vehicle?.client ?? null;
  const typedRut = form.watch("client.rut");
  const otherOwner = owner !== null && Boolean(typedRut) && owner.rut !== typedRut;
  return (
    <section className="reception-section" aria-labelledby="reception-client">
      <h2 id="reception-client">{terms.client.one}</h2>
      <div className="reception-grid">
        <TextField
          label="RUT"
          hint={match ?? "12.345.678-5"}
          autoComplete="off"
          {...rut}
          onBlur={(e) => {
            void rut.onBlur(e);
            void lookUp();
          }}
        />
        <TextField label="Nombre" autoComplete="off" {...textField(form, "client.name")} />
        <TextField
          label="Teléfono"
          type="tel"
          inputMode="tel"
          hint="+56 9 1234 5678"
          autoComplete="off"
          {...textField(form, "client.phone")}
        />
        <TextField label="Correo" type="email" autoComplete="off" {...textField(form, "client.email")} />
      </div>
      {otherOwner && (
        <Checkbox
          label={`Cambiar el dueño ${agree(terms.object, "del", "de la")} ${terms.object.oneLower} (hoy ${owner.name}) a ${agree(terms.client, "este", "esta")} ${terms.client.oneLower}`}
          checked={form.watch("change_owner") ?? false}
          onCheckedChange={(v) => form.setValue("change_owner", v)}
        />
      )}
    </section>
  );
}

function CustomFields({ form, options }: { form: Form; options: Options }) {
  if (options.custom_fields.length === 0) return null;
  return (
    <div className="reception-grid">
      {options.custom_fields.map((field) => {
        const name = `custom_fields.${field.key}` as const;
        const error = form.getFieldState(name, form.formState).error?.message;
        if (field.kind === "list")
          return (
            <Select
              key={field.key}
              label={field.name}
              value={String(form.watch(name) ?? NONE)}
              onValueChange={(v) => form.setValue(name, v === NONE ? null : Number(v), { shouldDirty: true })}
              options={[
                { value: NONE, label: "Sin elegir" },
                ...field.items.map((i) => ({ value: String(i.id), label: i.name })),
              ]}
              error={error}
            />
          );
        return (
          <TextField key={field.key} label={field.name} autoComplete="off" {...form.register(name)} error={error} />
        );
      })}
    </div>
  );
}

function ReceptionForm({ options }: { options: Options }) {
  const terms = useTerms();
  const fields = useObjectFields();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const form = useReceptionForm(options.me);
  const media = useMediaUploads();
  const receive = trpc.orders.receive.useMutation();
  const [found, setFound] = useState<Found | null>(null);
  const kms = form.watch("kms");
  const lastKms = found?.vehicle?.last_kms ?? null;
  // Below the last reading the lookup showed, or refused by the server on that ground: the box to confirm it.
  const needsConfirm =
    kmsBelowLast(kms, lastKms) || form.formState.errors.kms?.type === "server" || Boolean(form.watch("confirm_kms"));

  const submit = form.handleSubmit(async (values) => {
    try {
      const order = await receive.mutateAsync({ ...values, pictures: media.pictures });
      void utils.orders.invalidate();
      void utils.vehicles.invalidate();
      await navigate({ to: "/main/orders/$id", params: { id: String(order.id) } });
    } catch (error) {
      markServerErrors(form, error);
    }
  });
  const waiting =
    media.pending > 0
      ? "Espera a que terminen de subir los archivos."
      : media.failed > 0
        ? "Hay archivos que no se subieron: reintenta o quítalos."
        : null;

  return (
    <form onSubmit={submit} noValidate className="reception-form">
      <VehicleSection form={form} options={options} found={found} onFound={setFound} />
      {found?.booking && <BookingOffer booking={found.booking} />}
      <ClientSection form={form} found={found} />
      <section className="reception-section" aria-labelledby="reception-order">
        <h2 id="reception-order">{terms.order.one}</h2>
        <div className="reception-grid">
          <IdSelect
            form={form}
            name="requirement_id"
            label="Requerimiento"
            none="Sin requerimiento"
            options={options.requirements}
          />
          <IdSelect form={form} name="location_id" label="Local" none="Sin local" options={options.locations} />
          <IdSelect
            form={form}
            name="user_id"
            label="Recepcionado por"
            none="Yo"
            options={options.users}
            disabled={options.own_only}
          />
          <IdSelect
            form={form}
            name="assignee_id"
            label="Técnico asignado"
            none="Sin asignar"
            options={options.users}
          />
          <TextField
            label="Kilometraje"
            hint={lastKms !== null ? fields.lastKms(formatNumber(lastKms)) : undefined}
            {...numberField(form, "kms")}
          />
          <DateField label="Entrega agendada" {...dateField(form, "finish_date")} />
        </div>
        {needsConfirm && (
          <Checkbox
            label="Confirmo el kilometraje, aunque es menor que el último"
            checked={form.watch("confirm_kms") ?? false}
            onCheckedChange={(v) => {
              form.setValue("confirm_kms", v);
              if (v) form.clearErrors("kms");
            }}
          />
        )}
        <CustomFields form={form} options={options} />
        <div className={`field${form.formState.errors.comment ? " field-invalid" : ""}`}>
          <label htmlFor="reception-comment">Comentario</label>
          <textarea id="reception-comment" rows={3} maxLength={2000} {...form.register("comment")} />
          {form.formState.errors.comment && (
            <div className="field-error" role="alert">
              {form.formState.errors.comment.message}
            </div>
          )}
        </div>
      </section>
      <section className="reception-section" aria-labelledby="reception-media">
        <h2 id="reception-media">Fotos y videos</h2>
        <MediaUploads media={media} />
        {form.formState.errors.pictures && (
          <p className="field-error" role="alert">
            {form.formState.errors.pictures.message ?? "Revisa los archivos"}
          </p>
        )}
      </section>
      <FormFooter
        error={form.formState.errors.root?.server?.message}
        saving={form.formState.isSubmitting}
        submitLabel="Recepcionar"
        disabledReason={waiting}
        className="reception-actions"
      />
    </form>
  );
}

/** /main/checkin */
export function ReceptionPage() {
  const can = useCan();
  const options = trpc.orders.reception.options.useQuery(undefined, { enabled: can("create", "check_in") });
  if (!can("create", "check_in"))
    return (
      <div className="status-page">
        <h1>No tienes acceso a esta información</h1>
      </div>
    );
  return (
    // The toolbar names the page ('Recepción', the module's name).
    <div className="reception-page">
      {options.data ? (
        <ReceptionForm options={options.data} />
      ) : options.isError ? (
        <QueryFailed query={options} what="la recepción" />
      ) : (
        <PageLoader />
      )}
    </div>
  );
}
