// The reception's schema (orders.receive): the form and the server share it, so a field's rule and its Spanish
// message are the same on both sides. Apart from reception.ts's rules, which the screen loads first.
import { z } from "zod";
import { clientDataSchema } from "./crm-schemas";
import { dayDateSchema, optionalText } from "./fields";
import { idSchema } from "./ids";
import { RECEPTION_TEXTS } from "./reception";

/**
 * The client section: found by RUT (módulo 11, stored formatted) or created; the phone stored as "+56 9 1234 5678".
 * All empty: the order has no client. Anything written needs the name.
 */
export const receptionClientSchema = clientDataSchema
  .pick({ rut: true, email: true, phone: true })
  .extend({ name: optionalText(200) })
  .superRefine((c, ctx) => {
    if (!c.name && (c.rut || c.email || c.phone))
      ctx.addIssue({ code: "custom", path: ["name"], message: RECEPTION_TEXTS.nameRequired });
  });

/** A custom field's value as the form sends it: text, or a list item's id. */
const customFieldValue = z.union([z.string().trim().max(500), z.number().int()]).nullable();

/** A picture or video already in the store (POST /files), attached by its URL; the store knows which it is. */
export const receptionPictureSchema = z.object({
  url: z.string().max(100),
  name: z.string().trim().max(200).nullish(),
});

export const receptionSchema = z.object({
  /** Made by the screen once per reception: a repeated call with it answers the order the first one created. */
  key: z.uuid(),
  identifier: z.string().trim().min(1, "Ingresa el identificador").max(30),
  brand_id: idSchema.nullish(),
  brand_model_id: idSchema.nullish(),
  chassis: optionalText(40),
  client: receptionClientSchema,
  /** The vehicle's owner becomes this client (an existing vehicle with another owner). */
  change_owner: z.boolean().default(false),
  requirement_id: idSchema.nullish(),
  location_id: idSchema.nullish(),
  /** Who received it; absent: the caller. */
  user_id: idSchema.nullish(),
  assignee_id: idSchema.nullish(),
  kms: z.number().int().min(0, "Mínimo 0").max(9_999_999, "Máximo 9.999.999").nullish(),
  /** The user confirmed a reading below the vehicle's last one. */
  confirm_kms: z.boolean().default(false),
  comment: optionalText(2000),
  /** The promised delivery day ('Entrega agendada'). */
  finish_date: dayDateSchema
    .or(z.literal("").transform(() => null))
    .nullish()
    .transform((v) => v ?? null),
  custom_fields: z
    .record(z.string().max(100), customFieldValue)
    .refine((v) => Object.keys(v).length <= 50, RECEPTION_TEXTS.tooManyFields)
    .default({}),
  pictures: z.array(receptionPictureSchema).max(50, "Máximo 50 archivos").default([]),
});
export type ReceptionInput = z.input<typeof receptionSchema>;
