// 'Recepción' (/main/checkin): receiving a vehicle opens its order (orders.receive). Its texts and rules; the schema
// the form and the server share is in reception-schemas.ts, apart, so that the screen's first load brings no zod.
import { formatNumber } from "./format";

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
