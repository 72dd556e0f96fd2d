/**
 * The column mapping's choices (seed 002 section 2.7): every entity field, and for entities with custom fields,
 * `Entity.custom_fields.{column}` for the column itself. Pure, shared by the create form.
 */
import { DATABASE_ENTITIES, type DatabaseKeys } from "@taller/core";

/** The Select's value for an unmapped column (Radix Select items cannot have an empty value). */
export const UNMAPPED = "-";

export function targetOptions(column: string): { value: string; label: string }[] {
  const options = [{ value: UNMAPPED, label: "Sin asignar" }];
  for (const [entity, fields] of Object.entries(DATABASE_ENTITIES)) {
    for (const field of fields) {
      const value = field === "custom_fields" ? `${entity}.custom_fields.${column}` : `${entity}.${field}`;
      options.push({ value, label: value });
    }
  }
  return options;
}

/** The chosen targets as the server's keys (unmapped columns left out). */
export function keysOf(mapping: Record<string, string>): DatabaseKeys {
  return Object.entries(mapping)
    .filter(([, target]) => target !== UNMAPPED)
    .map(([column, target]) => ({ column, target }));
}
