// The booking's wire formats: the schemas the forms and the server share, apart from booking.ts's rules and texts,
// so that a screen that only shows bookings (the agenda, a booking's page) brings no zod in its first load.
import { z } from "zod";
import {
  ADDON_ERRORS,
  ADDON_MAX_QUANTITY,
  ADDONS_MAX,
  BOOKING_KINDS,
  BOOKING_MAX_DURATION,
  BOOKING_RANGE_MAX_DAYS,
  windowFits,
} from "./booking";
import { dayDateSchema } from "./fields";
import { idSchema as id } from "./ids";

export const bookingTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Hora inválida (HH:mm)");
const comment = z.string().trim().max(2000, "Máximo 2000 caracteres");
/** A client-generated key per attempt to book (a UUID or similar): the same key books once. */
export const idempotencyKeySchema = z
  .string()
  .min(8, "Clave inválida")
  .max(100, "Clave inválida")
  .regex(/^[A-Za-z0-9_-]+$/, "Clave inválida");
/** What the free-slot search needs: the form's values (seed 000 'Free booking search'). */
export const freeSlotsInputSchema = z
  .object({
    booking_date: dayDateSchema,
    // Optional end of a window (inclusive) to answer every day from booking_date to it, at most BOOKING_RANGE_MAX_DAYS.
    to_date: dayDateSchema.optional(),
    location_id: id.nullish(),
    requirement_id: id.nullish(),
    user_id: id.nullish(),
    duration: z.number().int().min(1).max(BOOKING_MAX_DURATION).nullish(),
    // When moving a booking, its own place does not count as taken.
    booking_id: id.nullish(),
  })
  .refine(windowFits, { message: `El rango debe tener como máximo ${BOOKING_RANGE_MAX_DAYS} días`, path: ["to_date"] });
export type FreeSlotsInput = z.infer<typeof freeSlotsInputSchema>;
/** The staff booking form (agenda and 'Agendar Vehículo'). */
export const bookingFormSchema = z.object({
  client_id: id.nullish(),
  vehicle_id: id.nullish(),
  requirement_id: id.nullish(),
  location_id: id.nullish(),
  // The professional; required when the company's booking_type is professional.
  user_id: id.nullish(),
  booking_date: dayDateSchema,
  booking_time: bookingTimeSchema,
  // Minutes; defaults to the requirement's duration.
  duration: z.number().int().min(1).max(BOOKING_MAX_DURATION).nullish(),
  comment: comment.nullish(),
  booking_type: z.enum(BOOKING_KINDS).default("booking"),
  // Booking an e-mail booking ('Agendamientos por correo'): the mail is marked booked and linked to this booking.
  external_mail_id: id.nullish(),
  // 'Agendar Vehículo' on a CRM management: the booking is that management's, which follows it at once.
  crm_id: id.nullish(),
  idempotency_key: idempotencyKeySchema,
});
export type BookingFormInput = z.infer<typeof bookingFormSchema>;

/** Moving a booking to another date and time (and professional): the old one stays, marked 'Reagendado'. */
export const bookingRescheduleSchema = z.object({
  id,
  booking_date: dayDateSchema,
  booking_time: bookingTimeSchema,
  user_id: id.nullish(),
  duration: z.number().int().min(1).max(BOOKING_MAX_DURATION).nullish(),
  comment: comment.nullish(),
  idempotency_key: idempotencyKeySchema,
});
export type BookingRescheduleInput = z.infer<typeof bookingRescheduleSchema>;
/**
 * The add-ons picked on the client's page ('Adicionales', seed 000 order_aditionals): which product and how many.
 * The price is never sent: the server takes the product's at booking time.
 */
export const addonsInputSchema = z
  .array(
    z.object({
      product_id: id,
      quantity: z
        .number({ error: "Cantidad inválida" })
        .int("Cantidad inválida")
        .min(1, "Cantidad inválida")
        .max(ADDON_MAX_QUANTITY, ADDON_ERRORS.tooMany),
    }),
  )
  .max(ADDONS_MAX, `Máximo ${ADDONS_MAX} adicionales`)
  .refine((list) => new Set(list.map((a) => a.product_id)).size === list.length, ADDON_ERRORS.repeated);
export type AddonsInput = z.infer<typeof addonsInputSchema>;
/** The client's booking page form (seed 000 section 2.5, seed 001 'Booking payload'): the CRM case gives the rest. */
export const publicBookingSchema = z.object({
  token: z.string().min(1).max(200),
  booking_date: dayDateSchema,
  booking_time: bookingTimeSchema,
  user_id: id.nullish(),
  comment: comment.nullish(),
  addons: addonsInputSchema.default([]),
  idempotency_key: idempotencyKeySchema,
});
export type PublicBookingInput = z.infer<typeof publicBookingSchema>;
