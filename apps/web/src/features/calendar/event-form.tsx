/**
 * The event form, which the calendar's event dialog (calendar-page.tsx) loads when it opens (issue 9: name, start,
 * duration in hours; the chat will create events later): creates an event on a day, or edits one, validated with the
 * server's own schema and marked with the server's field errors. An order is attached by its number ('Vincular
 * orden': calendar.orderOptions, the orders the user may read) and may be detached; an attached event takes the
 * order's colour on the calendar. 'Eliminar' deletes it after a confirmation; every open calendar hears it.
 */
import type { RouterOutputs } from "@taller/api";
import {
  agree,
  EVENT_MIN_HOURS,
  eventInputSchema,
  formatMoney,
  formatTime,
  lowerTerm,
  orderNumberText,
  orderShort,
  type TermWords,
} from "@taller/core";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { markServerErrors } from "../../lib/form-errors";
import { dateField, textField, useZodForm } from "../../lib/forms";
import { useCan } from "../../lib/permissions";
import { useTerms } from "../../lib/company-setup";
import { QueryFailed } from "../../lib/load-state";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Checkbox } from "../../ui/checkbox";
import { Dialog } from "../../ui/dialog";
import { DateField } from "../../ui/date-field";
import { FormFooter } from "../../ui/form-footer";
import { TextField } from "../../ui/text-field";
import type { CalendarEvent } from "./types";
import { useSettled } from "../../lib/use-settled";

type OrderOption = RouterOutputs["calendar"]["orderOptions"][number];

/** 'Orden vinculada', 'Trabajo vinculado': the attached order's group, in the company's words. */
const linkedOrder = (order: TermWords) => `${orderShort(order)} ${agree(order, "vinculado", "vinculada")}`;

/** How an attached order reads in the dialog: 'Orden #208 · BCDF12 · status · total'. */
function orderLine(
  o: {
    correlative_id: number | null;
    identifier: string | null;
    status_name: string | null;
    order_total: number | null;
  },
  order: TermWords,
) {
  return [
    o.correlative_id === null ? linkedOrder(order) : orderNumberText(order, o.correlative_id),
    o.identifier,
    o.status_name,
    o.order_total === null ? null : formatMoney(o.order_total),
  ]
    .filter(Boolean)
    .join(" · ");
}

/** 'Vincular orden': the orders whose number starts with what is typed (after 300 ms), one click attaches. */
function OrderPicker({ onPick }: { onPick(order: OrderOption): void }) {
  const { order } = useTerms();
  const [query, setQuery] = useState("");
  const settled = useSettled(query.trim(), 300);
  const valid = /^#?\d{1,10}$/.test(settled);
  const options = trpc.calendar.orderOptions.useQuery({ query: settled }, { enabled: valid });
  return (
    <div className="calendar-event-picker">
      <TextField
        label={`Vincular ${lowerTerm(orderShort(order))} (N°)`}
        type="search"
        inputMode="numeric"
        autoComplete="off"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {valid && options.isError && (
        <QueryFailed query={options} what={`${agree(order, "los", "las")} ${order.manyLower}`} inline />
      )}
      {valid && options.data && (
        <ul aria-label={`${order.many} ${agree(order, "encontrados", "encontradas")}`}>
          {options.data.length === 0 && <li className="muted">No se encontraron {order.manyLower}</li>}
          {options.data.map((o) => (
            <li key={o.id}>
              <button type="button" onClick={() => onPick(o)}>
                <span className="calendar-event-swatch" style={{ background: o.status_color }} aria-hidden />
                {orderLine(o, order)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function EventForm({
  onClose,
  event,
  day,
  onSaved,
  onDeleted,
}: {
  onClose(): void;
  event: CalendarEvent | null;
  day: string;
  onSaved(event: CalendarEvent): void;
  onDeleted(): void;
}) {
  const can = useCan();
  const terms = useTerms();
  const create = trpc.calendar.events.create.useMutation();
  const update = trpc.calendar.events.update.useMutation();
  const remove = trpc.calendar.events.delete.useMutation({ onSuccess: onDeleted });
  const [confirming, setConfirming] = useState(false);
  // The order picked in this dialog (the event's own comes with the event).
  const [picked, setPicked] = useState<OrderOption | null>(null);
  const form = useZodForm(
    eventInputSchema,
    event
      ? {
          name: event.name,
          date: event.date,
          time: event.all_day ? null : formatTime(event.start_date),
          all_day: event.all_day,
          duration: event.duration,
          order_id: event.eventable_id,
        }
      : { name: "", date: day, time: "09:00", all_day: false, duration: 1, order_id: null },
  );
  const allDay = form.watch("all_day");
  const orderId = form.watch("order_id");
  const editable = event ? can("update", "event") : can("create", "event");

  const submit = form.handleSubmit(async (values) => {
    try {
      onSaved(event ? await update.mutateAsync({ ...values, id: event.id }) : await create.mutateAsync(values));
    } catch (error) {
      markServerErrors(form, error);
    }
  });

  return (
    <>
      <form className="calendar-event-form" onSubmit={(e) => void submit(e)} noValidate>
        <fieldset disabled={!editable}>
          <TextField label="Nombre" {...textField(form, "name")} />
          <div className="calendar-event-row">
            <DateField label="Fecha" {...dateField(form, "date")} />
            {!allDay && <TextField label="Hora" type="time" {...textField(form, "time")} />}
          </div>
          <Controller
            control={form.control}
            name="all_day"
            render={({ field }) => (
              <Checkbox label="Todo el día" checked={field.value ?? false} onCheckedChange={field.onChange} />
            )}
          />
          <TextField
            label="Duración (horas)"
            type="number"
            inputMode="decimal"
            step="0.25"
            min={EVENT_MIN_HOURS}
            {...form.register("duration", { valueAsNumber: true })}
            error={form.formState.errors.duration?.message}
          />
          {orderId !== null && orderId !== undefined ? (
            <div className="calendar-event-order" role="group" aria-label={linkedOrder(terms.order)}>
              <span>
                {picked?.id === orderId
                  ? orderLine(picked, terms.order)
                  : orderLine(
                      {
                        correlative_id: event?.eventable?.correlative_id ?? null,
                        identifier: event?.eventable?.identifier ?? null,
                        status_name: event?.status_name ?? null,
                        order_total: event?.order_total ?? null,
                      },
                      terms.order,
                    )}
              </span>
              <Button variant="text" onClick={() => form.setValue("order_id", null)}>
                Desvincular
              </Button>
            </div>
          ) : (
            editable &&
            can("read", "check_in") && (
              <OrderPicker
                onPick={(order) => {
                  setPicked(order);
                  form.setValue("order_id", order.id, { shouldDirty: true });
                }}
              />
            )
          )}
          {form.formState.errors.order_id && <p className="field-error">{form.formState.errors.order_id.message}</p>}
        </fieldset>
        <FormFooter
          error={form.formState.errors.root?.server?.message}
          saving={form.formState.isSubmitting}
          onCancel={onClose}
          readOnly={!editable}
          extra={
            event &&
            can("destroy", "event") && (
              <Button variant="text" className="calendar-event-delete" onClick={() => setConfirming(true)}>
                Eliminar
              </Button>
            )
          }
        />
      </form>
      {event && (
        <Dialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Eliminar evento"
          actions={
            <>
              <Button variant="text" onClick={() => setConfirming(false)}>
                Cancelar
              </Button>
              <Button variant="danger" loading={remove.isPending} onClick={() => remove.mutate({ id: event.id })}>
                Eliminar
              </Button>
            </>
          }
        >
          <p>¿Eliminar el evento «{event.name}»? Esta acción no se puede deshacer.</p>
          {remove.error && (
            <p className="field-error" role="alert">
              {remove.error.message}
            </p>
          )}
        </Dialog>
      )}
    </>
  );
}
