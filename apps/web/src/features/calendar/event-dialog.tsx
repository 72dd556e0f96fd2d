/**
 * The minimal event dialog (issue 9: name, start, duration in hours; the chat will create events later): creates
 * an event on a day, or edits one, validated with the server's own schema and marked with the server's field
 * errors. An event attached to an order shows it and may be detached; attaching happens where orders are.
 */
import { eventInputSchema, formatMoney, formatTime } from "@taller/core";
import { Controller } from "react-hook-form";
import { markServerErrors } from "../../lib/form-errors";
import { textField, useZodForm } from "../../lib/forms";
import { useCan } from "../../lib/permissions";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Checkbox } from "../../ui/checkbox";
import { Dialog } from "../../ui/dialog";
import { TextField } from "../../ui/text-field";
import type { CalendarEvent } from "./types";

export function EventDialog({
  open,
  onOpenChange,
  event,
  day,
  onSaved,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  event: CalendarEvent | null;
  day: string;
  onSaved(event: CalendarEvent): void;
}) {
  const can = useCan();
  const create = trpc.calendar.events.create.useMutation();
  const update = trpc.calendar.events.update.useMutation();
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
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={event ? "Editar evento" : "Nuevo evento"}
      width={480}
      actions={
        <>
          <Button variant="text" onClick={() => onOpenChange(false)}>
            Cancelar
          </Button>
          {editable && (
            <Button type="submit" form="calendar-event-form" loading={form.formState.isSubmitting}>
              Guardar
            </Button>
          )}
        </>
      }
    >
      <form id="calendar-event-form" className="calendar-event-form" onSubmit={(e) => void submit(e)} noValidate>
        <fieldset disabled={!editable}>
          <TextField label="Nombre" {...textField(form, "name")} />
          <div className="calendar-event-row">
            <TextField label="Fecha" type="date" {...textField(form, "date")} />
            {!allDay && <TextField label="Hora" type="time" {...textField(form, "time")} />}
          </div>
          <Controller
            control={form.control}
            name="all_day"
            render={({ field }) => <Checkbox label="Todo el día" checked={field.value ?? false} onCheckedChange={field.onChange} />}
          />
          <TextField
            label="Duración (horas)"
            type="number"
            inputMode="decimal"
            step="0.25"
            min="0.25"
            {...form.register("duration", { valueAsNumber: true })}
            error={form.formState.errors.duration?.message}
          />
          {event?.eventable_type === "Order" && orderId !== null && (
            <div className="calendar-event-order">
              <span>
                {event.eventable ? `Orden #${event.eventable.correlative_id}` : "Orden vinculada"}
                {event.eventable?.identifier ? ` · ${event.eventable.identifier}` : ""}
                {event.status_name ? ` · ${event.status_name}` : ""}
                {event.order_total !== null ? ` · ${formatMoney(event.order_total)}` : ""}
              </span>
              <Button variant="text" onClick={() => form.setValue("order_id", null)}>
                Desvincular
              </Button>
            </div>
          )}
          {form.formState.errors.order_id && <p className="field-error">{form.formState.errors.order_id.message}</p>}
          {form.formState.errors.root?.server && <p className="field-error">{form.formState.errors.root.server.message}</p>}
        </fieldset>
      </form>
    </Dialog>
  );
}
