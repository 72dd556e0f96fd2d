/**
 * The booking page's form and side summary (seed 000 sections 2.5, 4 and 5; seed 001 section 5): 'Información'
 * (Profesional when booking_type is professional, Fecha, Hora, comment), 'Adicionales', 'Agendar', the summary, the
 * loading view while booking and the full-screen 'Cita agendada'. The rules are in booking-rules.ts.
 */
import type { RouterOutputs } from "@taller/api";
import {
  bookingErrorText,
  bookingFieldLabels,
  BOOKED_TITLE,
  BOOKING_ERRORS,
  companyTerms,
  DATE_NOT_AVAILABLE,
  formatDay,
  formatMoney,
  formatTime,
  NOT_SPECIFIED,
  todayIn,
} from "@taller/core";
import { Minus, Plus } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Controller } from "react-hook-form";
import { z } from "zod";
import { errorCode, fieldErrorsOf } from "../../lib/api";
import { markServerErrors } from "../../lib/form-errors";
import { useZodForm } from "../../lib/forms";
import { missingFor } from "../../lib/zod-resolve";
import { failureText } from "../../lib/load-state";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { IconButton } from "../../ui/icon-button";
import { ScrollTable } from "../../ui/scroll-table";
import { Select } from "../../ui/select";
import { useSnackbar } from "../../ui/snackbar";
import { PageLoader } from "../../ui/spinner";
import {
  dateAvailable,
  type DateRules,
  disabledWeekdays,
  hoursMessage,
  hoursOffered,
  minBookingDate,
  newIdempotencyKey,
  pickAddon,
  pickedAddons,
  type AddonOffer,
  type AddonPicks,
  reconcileTime,
  summaryRows,
} from "./booking-rules";
import { DatePicker } from "./date-picker";

type BookingData = RouterOutputs["booking"]["public"]["get"];
type Booked = RouterOutputs["booking"]["public"]["create"];

/** The form's fields carry the server's names, so its field errors land on them (markServerErrors). */
function formSchema(rules: DateRules, professionalRequired: boolean) {
  return z.object({
    user_id: professionalRequired ? z.string().min(1, BOOKING_ERRORS.professionalRequired) : z.string(),
    booking_date: z
      .string()
      .min(1, "Selecciona una fecha")
      .refine((day) => dateAvailable(day, rules), DATE_NOT_AVAILABLE),
    booking_time: z.string().min(1, "Selecciona una hora"),
    comment: z.string().max(2000, "Máximo 2000 caracteres"),
    // 'Adicionales': units per product id; the server checks what the service offers and takes the prices.
    addons: z.record(z.string(), z.number()),
  });
}

const NO_ANSWER = "No pudimos comunicarnos con el taller. Revisa tu conexión e intenta nuevamente.";

/**
 * The wall clock in the company's zone (America/Santiago), read at each render: a page left open overnight moves on.
 */
const wallClock = () => ({ date: todayIn(), time: formatTime(new Date()) });

export function BookingForm({ token, data }: { token: string; data: BookingData }) {
  const professionalMode = data.company.booking_type === "professional";
  const now = wallClock();
  const rules = useMemo<DateRules>(
    () => ({
      min: minBookingDate(now.date),
      disabledWeekdays: disabledWeekdays(data.working_days),
      holidays: data.holidays,
    }),
    [now.date, data.working_days, data.holidays],
  );
  const schema = useMemo(() => formSchema(rules, professionalMode), [rules, professionalMode]);
  const form = useZodForm(schema, { user_id: "", booking_date: "", booking_time: "", comment: "", addons: {} });
  const [userId, day, time, comment, picks] = form.watch([
    "user_id",
    "booking_date",
    "booking_time",
    "comment",
    "addons",
  ]);
  const extras = pickedAddons(data.addons, picks);

  const professionals = trpc.booking.public.professionals.useQuery({ token }, { enabled: professionalMode });
  const professional = professionals.data?.find((p) => String(p.id) === userId) ?? null;

  // Hours reload when the day or the professional changes (seed 000 section 4).
  const askHours = day !== "" && dateAvailable(day, rules) && (!professionalMode || userId !== "");
  const slots = trpc.booking.public.freeSlots.useQuery(
    { token, booking_date: day, user_id: userId === "" ? null : Number(userId) },
    { enabled: askHours },
  );
  const answer = askHours && slots.data && !slots.isFetching ? slots.data : null;
  const offered = useMemo(
    () => (answer ? hoursOffered(answer.hours, day, now) : []),
    [answer, day, now.date, now.time],
  );
  const noHours =
    askHours && slots.isError ? hoursMessage({ hours: [], errors: {} }, []) : hoursMessage(answer, offered);

  // A chosen time the new hours no longer offer is cleared and marked invalid.
  useEffect(() => {
    if (!answer) return;
    const { time: kept, error } = reconcileTime(form.getValues("booking_time") || null, offered);
    if (error) {
      form.setValue("booking_time", kept ?? "", { shouldValidate: false });
      form.setError("booking_time", { type: "reconcile", message: error });
    }
  }, [answer, offered, form]);

  const create = trpc.booking.public.create.useMutation();
  const snackbar = useSnackbar();
  const utils = trpc.useUtils();
  // One key per attempt: a double click or a retry after a lost answer sends the same key and books once.
  const attemptKey = useRef(newIdempotencyKey());
  const [booked, setBooked] = useState<Booked | null>(null);

  // What failed without naming a field (no answer, too many requests) is said under the form, not put in it: an
  // error set on the form would keep 'Agendar' disabled, and a retry with the same key is what such a failure needs.
  const [submitError, setSubmitError] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setSubmitError(null);
    try {
      const result = await create.mutateAsync({
        token,
        booking_date: values.booking_date,
        booking_time: values.booking_time,
        user_id: values.user_id === "" ? null : Number(values.user_id),
        comment: values.comment.trim() === "" ? null : values.comment,
        addons: pickedAddons(data.addons, values.addons).lines.map(({ product_id, quantity }) => ({
          product_id,
          quantity,
        })),
        idempotency_key: attemptKey.current,
      });
      attemptKey.current = newIdempotencyKey();
      setBooked(result);
    } catch (error) {
      // Every failure: the spec's 2-second '¡OOPS!' snackbar naming the fields the server refused.
      snackbar.show(bookingErrorText(fieldErrorsOf(error), bookingFieldLabels(companyTerms(data.company.terms))), {
        tone: "error",
        duration: 2000,
      });
      if (Object.keys(fieldErrorsOf(error)).length === 0) {
        // No answer (network): the same key goes again with the next click.
        setSubmitError(errorCode(error) === null ? NO_ANSWER : error instanceof Error ? error.message : NO_ANSWER);
        return;
      }
      markServerErrors(form, error);
      // A place taken meanwhile: the hours reload, and the time is cleared if it is gone.
      void utils.booking.public.freeSlots.invalidate();
    }
  });

  const finish = () => {
    setBooked(null);
    setSubmitError(null);
    form.reset();
    void utils.booking.public.invalidate();
  };

  // The add-ons' record types its error as nested field errors; the server and the schema mark it as one message.
  const fieldError = (name: "user_id" | "booking_date" | "booking_time" | "comment" | "addons"): string | undefined =>
    (form.getFieldState(name, form.formState).error as { message?: string } | undefined)?.message;
  /** A picked value is a fresh answer: the server's or the reconciliation's mark on it goes. */
  const choose = (name: "user_id" | "booking_date" | "booking_time", value: string) => {
    form.setValue(name, value, { shouldValidate: true, shouldDirty: true });
  };

  const hoursPlaceholder =
    day === ""
      ? "Elige primero una fecha"
      : professionalMode && userId === ""
        ? "Elige primero un profesional"
        : askHours && slots.isFetching
          ? "Cargando horas…"
          : (noHours ?? "Selecciona una hora");
  const summary = summaryRows({
    requirement_name: data.requirement_name,
    location_name: data.location_name,
    client_name: data.client?.name ?? null,
    professional_name: professional?.name ?? null,
    brand_name: data.object?.brand_name ?? null,
    brand_model_name: data.object?.brand_model_name ?? null,
    booking_date: day || null,
    booking_time: time || null,
    comment: comment || null,
    terms: companyTerms(data.company.terms),
  });
  const title = `Programa tu ${data.requirement_name ?? "cita"}`;

  return (
    <main className="booking-public">
      <header className="booking-public-header">
        {data.company.logo ? (
          <img className="booking-public-logo" src={data.company.logo} alt={data.company.name} />
        ) : (
          <span className="booking-public-company">{data.company.name}</span>
        )}
        <h1>{title}</h1>
      </header>

      {data.booking && (
        <p className="booking-public-current" role="status">
          Ya tienes una cita agendada para el {formatDay(data.booking.booking_date)} a las {data.booking.booking_time}.
          Si eliges otra fecha y hora, tu cita se cambiará.
        </p>
      )}

      <div className="booking-public-layout">
        <form className="booking-public-form" onSubmit={(e) => void submit(e)} noValidate aria-label={title}>
          <section aria-labelledby="booking-info">
            <h2 id="booking-info">Información</h2>
            {professionalMode && (
              <Controller
                control={form.control}
                name="user_id"
                render={({ field }) => (
                  <Select
                    label="Profesional"
                    value={field.value}
                    onValueChange={(v) => choose("user_id", v)}
                    options={(professionals.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
                    placeholder={
                      professionals.isError
                        ? failureText("los profesionales", professionals.error)
                        : professionals.isPending
                          ? "Cargando profesionales…"
                          : "Selecciona un profesional"
                    }
                    error={fieldError("user_id")}
                  />
                )}
              />
            )}
            <DatePicker
              label="Fecha"
              value={day || null}
              onChange={(v) => choose("booking_date", v)}
              min={rules.min}
              available={(d) => dateAvailable(d, rules)}
              error={fieldError("booking_date")}
            />
            <Select
              label="Hora"
              value={time}
              onValueChange={(v) => choose("booking_time", v)}
              options={offered.map((h) => ({ value: h, label: h }))}
              placeholder={hoursPlaceholder}
              disabled={offered.length === 0}
              error={fieldError("booking_time")}
            />
            {noHours && (
              <p className="field-hint booking-public-no-hours" role="status">
                {noHours}
              </p>
            )}
            <div className={`field${fieldError("comment") ? " field-invalid" : ""}`}>
              <label htmlFor="booking-comment">Comentario</label>
              <textarea
                id="booking-comment"
                rows={3}
                maxLength={2000}
                aria-invalid={fieldError("comment") ? true : undefined}
                {...form.register("comment")}
              />
              {fieldError("comment") && (
                <div className="field-error" role="alert">
                  {fieldError("comment")}
                </div>
              )}
            </div>
          </section>

          <section aria-labelledby="booking-extras">
            <h2 id="booking-extras">Adicionales</h2>
            {data.addons.length === 0 ? (
              <p className="field-hint">Este servicio no tiene adicionales para elegir.</p>
            ) : (
              <AddonsPicker
                offers={data.addons}
                picks={picks}
                onChange={(next) => form.setValue("addons", next, { shouldValidate: true, shouldDirty: true })}
                error={fieldError("addons")}
              />
            )}
          </section>

          {submitError && (
            <p className="booking-public-error" role="alert">
              {submitError}
            </p>
          )}
          <Button
            type="submit"
            loading={create.isPending}
            disabledReason={
              askHours && slots.isFetching ? "Cargando las horas disponibles…" : missingFor(schema, form.getValues())
            }
          >
            Agendar
          </Button>
        </form>

        <aside className="booking-public-summary" aria-labelledby="booking-summary">
          <h2 id="booking-summary">Resumen</h2>
          <dl>
            {summary.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
            <div>
              <dt>Adicionales</dt>
              <dd>
                {extras.lines.length === 0 ? (
                  NOT_SPECIFIED
                ) : (
                  <>
                    {extras.lines.map((l) => (
                      <span key={l.product_id} className="booking-public-line">
                        {l.quantity} × {l.name} <span>{formatMoney(l.total)}</span>
                      </span>
                    ))}
                    <span className="booking-public-line booking-public-total">
                      Total adicionales <span>{formatMoney(extras.total)}</span>
                    </span>
                  </>
                )}
              </dd>
            </div>
          </dl>
          {data.consumption.length > 0 && (
            <section className="booking-public-consumption" aria-labelledby="booking-consumption">
              <h3 id="booking-consumption">Inventario de consumo</h3>
              <p className="field-hint">Lo que el servicio utiliza; no necesitas elegirlo.</p>
              <ScrollTable>
                <thead>
                  <tr>
                    <th scope="col">Producto</th>
                    <th scope="col">Código</th>
                    <th scope="col">Cantidad</th>
                  </tr>
                </thead>
                <tbody>
                  {data.consumption.map((p) => (
                    <tr key={p.product_id}>
                      <td>{p.name}</td>
                      <td>{p.code}</td>
                      <td>{p.quantity}</td>
                    </tr>
                  ))}
                </tbody>
              </ScrollTable>
            </section>
          )}
        </aside>
      </div>

      {create.isPending && (
        <div className="booking-public-working">
          <PageLoader label="Agendando tu cita…" />
        </div>
      )}

      <Dialog
        open={booked !== null}
        onOpenChange={(open) => {
          if (!open) finish();
        }}
        title={BOOKED_TITLE}
        dismissible={false}
        className="booking-public-booked"
        actions={<Button onClick={finish}>Aceptar</Button>}
      >
        {booked && (
          <p>
            Te esperamos el {formatDay(booked.booking_date)} a las {booked.booking_time}
            {data.location_name ? ` en ${data.location_name}` : ""}.
          </p>
        )}
      </Dialog>
    </main>
  );
}

/** 'Adicionales': each add-on the service offers, its price, and how many (0 … the service's maximum). */
function AddonsPicker({
  offers,
  picks,
  onChange,
  error,
}: {
  offers: readonly (AddonOffer & { description: string | null })[];
  picks: AddonPicks;
  onChange(next: AddonPicks): void;
  error?: string;
}) {
  return (
    <div className={`booking-public-addons${error ? " field-invalid" : ""}`}>
      <ul aria-label="Adicionales disponibles">
        {offers.map((offer) => {
          const units = picks[String(offer.product_id)] ?? 0;
          return (
            <li key={offer.product_id} className="booking-public-addon">
              <div>
                <strong>{offer.name}</strong>
                {offer.description && <span className="field-hint">{offer.description}</span>}
                <span>{formatMoney(offer.price)}</span>
              </div>
              <div className="booking-public-stepper" role="group" aria-label={`Cantidad de ${offer.name}`}>
                <IconButton
                  label={`Quitar ${offer.name}`}
                  disabled={units === 0}
                  onClick={() => onChange(pickAddon(picks, offer, units - 1))}
                >
                  <Minus size={16} aria-hidden />
                </IconButton>
                <output aria-live="polite">{units}</output>
                <IconButton
                  label={`Agregar ${offer.name}`}
                  disabled={units >= offer.max_quantity}
                  onClick={() => onChange(pickAddon(picks, offer, units + 1))}
                >
                  <Plus size={16} aria-hidden />
                </IconButton>
              </div>
            </li>
          );
        })}
      </ul>
      {error && (
        <div className="field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
