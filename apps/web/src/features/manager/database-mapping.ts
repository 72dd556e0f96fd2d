/**
 * The column mapping's choices (seed 002 section 2.7): every entity field, and for entities with custom fields,
 * `Entity.custom_fields.{column}` for the column itself; each named in Spanish ('Cliente · RUT'), its internal name
 * ('Client.rut') kept as the value the server reads. Pure, shared by the create form.
 */
import {
  DATABASE_ENTITIES,
  DATABASE_ENTITY_LABELS,
  DATABASE_FIELD_LABELS,
  type DatabaseEntity,
  type DatabaseKeys,
} from "@taller/core";

/** The Select's value for an unmapped column (Radix Select items cannot have an empty value). */
export const UNMAPPED = "-";

export function targetOptions(column: string): { value: string; label: string }[] {
  const options = [{ value: UNMAPPED, label: "Sin asignar" }];
  for (const [entity, fields] of Object.entries(DATABASE_ENTITIES) as [DatabaseEntity, readonly string[]][]) {
    for (const field of fields as readonly (keyof typeof DATABASE_FIELD_LABELS)[]) {
      const custom = field === "custom_fields";
      const value = custom ? `${entity}.custom_fields.${column}` : `${entity}.${field}`;
      const label = `${DATABASE_ENTITY_LABELS[entity]} · ${DATABASE_FIELD_LABELS[field]}${custom ? ` (${column})` : ""}`;
      options.push({ value, label });
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
