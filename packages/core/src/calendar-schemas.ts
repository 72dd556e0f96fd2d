// The event form's schemas (calendar.events.create / update and the web's event forms), apart from the calendar's
// rules (calendar.ts) so that the calendar's screen loads no zod until its form opens.
import { z } from "zod";
import { EVENT_MAX_HOURS, EVENT_MIN_HOURS, isCalendarDay } from "./calendar";
import { idSchema } from "./ids";

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/** An event's duration in hours, as both event forms (calendar and chat) send it; stored to the minute. */
export const eventDurationSchema = z
  .number({ error: "Ingresa la duración en horas" })
  .min(EVENT_MIN_HOURS, `La duración mínima es de ${EVENT_MIN_HOURS} hora`)
  .max(EVENT_MAX_HOURS, `La duración máxima es de ${EVENT_MAX_HOURS} horas`);

/** A day of the calendar and the holidays, as inputs take it (`isCalendarDay`). */
export const calendarDaySchema = z.string().refine(isCalendarDay, "Fecha inválida");

/** The event form's fields; `eventInputSchema` adds the rule that joins two of them. */
export const eventFieldsSchema = z.object({
  name: z.string().trim().min(1, "Ingresa un nombre").max(200, "El nombre admite hasta 200 caracteres"),
  date: calendarDaySchema,
  /** 'HH:mm' on Chile's clock; ignored for an all-day event. */
  time: z
    .string()
    .refine((t) => TIME.test(t), "Hora inválida")
    .nullish(),
  all_day: z.boolean().default(false),
  /** Hours, as the spec says; kept to the minute. */
  duration: eventDurationSchema,
  order_id: idSchema.nullish(),
});

/** A timed event needs its time (checked once the fields parse). */
export function withEventTimeRule<S extends z.ZodType<{ all_day: boolean; time?: string | null | undefined }>>(
  schema: S,
): S {
  return schema.superRefine((value, issues) => {
    if (!value.all_day && !value.time) issues.addIssue({ code: "custom", path: ["time"], message: "Ingresa la hora" });
  });
}

export const eventInputSchema = withEventTimeRule(eventFieldsSchema);

export type EventInput = z.input<typeof eventInputSchema>;
