// 'Recepción' (/main/checkin): receiving a vehicle opens its order (orders.receive). The form and the server share
// this schema, so a field's rule and its Spanish message are the same on both sides.
import { z } from "zod";
import { clientDataSchema } from "./crm";
import { dayDateSchema, optionalText } from "./fields";
import { formatNumber } from "./format";
import { idSchema } from "./ids";

export const RECEPTION_TEXTS = {
  requirementUnavailable: "Requerimiento no disponible",
  locationUnavailable: "Local no disponible",
  userUnavailable: "Usuario no disponible",
  pictureUnavailable: "Archivo no disponible: vuelve a subirlo",
  fieldUnavailable: "Campo no disponible",
  chooseItem: "Elige una opción de la lista",
  nameRequired: "Ingresa el nombre",
  tooManyFields: "Demasiados campos",
} as const;

/** The kilometres field's refusal when the reading is below the vehicle's last one, until the user confirms it. */
export const kmsBelowLastText = (last: number) =>
  `El kilometraje es menor que el último registrado (${formatNumber(last)} km). Confirma si es correcto.`;

/** Whether a reading needs the user's confirmation: below the vehicle's last one (a replaced odometer, a typo). */
export function kmsBelowLast(kms: number | null | undefined, last: number | null | undefined): boolean {
  return kms != null && last != null && kms < last;
}

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

/** A custom field as the reception checks its value: the company's definition for orders. */
export interface ReceptionCustomField {
  key: string;
  kind: "text" | "list";
  items: { id: number; name: string }[];
}

/**
 * The values to store and the problems per field ("custom_fields.<key>"): a key the company does not define for
 * orders, or a list value that is not one of its items, is refused; empty values are left out.
 */
export function checkCustomFieldValues(
  definitions: readonly ReceptionCustomField[],
  values: Record<string, string | number | null>,
): { values: Record<string, string | number>; problems: { field: string; message: string }[] } {
  const kept: Record<string, string | number> = {};
  const problems: { field: string; message: string }[] = [];
  for (const [key, value] of Object.entries(values)) {
    const definition = definitions.find((d) => d.key === key);
    if (!definition) {
      problems.push({ field: `custom_fields.${key}`, message: RECEPTION_TEXTS.fieldUnavailable });
      continue;
    }
    if (value === null || value === "") continue;
    if (definition.kind === "list" && !definition.items.some((i) => String(i.id) === String(value))) {
      problems.push({ field: `custom_fields.${key}`, message: RECEPTION_TEXTS.chooseItem });
      continue;
    }
    kept[key] = definition.kind === "list" ? Number(value) : String(value);
  }
  return { values: kept, problems };
}
