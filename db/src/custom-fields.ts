// Shared by the orders and CRM details (moved from packages/orders).
// Custom fields as people see them: only keys carrying the "$$" marker (other keys are the app's own
// bookkeeping), labelled by the company's definition, list values shown by their items' names.
import type { Db } from "./client";
import { customFields, type CustomFieldItem, type CustomFieldKind } from "./schema";
import { asc, eq } from "drizzle-orm";

const CUSTOM_FIELD_MARKER = "$$";

export interface CustomFieldDefinition {
  key: string;
  name: string;
  kind: CustomFieldKind;
  items: CustomFieldItem[];
}

export interface CustomFieldColumn {
  key: string;
  /** The definition's name; an undeclared key shows without its marker. */
  label: string;
  definition: CustomFieldDefinition | null;
}

const isShownKey = (key: string) => key.startsWith(CUSTOM_FIELD_MARKER) && key.length > CUSTOM_FIELD_MARKER.length;

/**
 * The columns for a set of records: declared fields in the definitions' order, then keys found in the values
 * without a definition, alphabetically.
 */
export function customFieldColumns(
  definitions: readonly CustomFieldDefinition[],
  values: Iterable<Record<string, unknown>>,
): CustomFieldColumn[] {
  const declared = definitions.filter((d) => isShownKey(d.key));
  const known = new Set(declared.map((d) => d.key));
  const extra = new Set<string>();
  for (const record of values)
    for (const key of Object.keys(record)) if (isShownKey(key) && !known.has(key)) extra.add(key);
  return [
    ...declared.map((d) => ({ key: d.key, label: d.name, definition: d })),
    ...[...extra].sort().map((key) => ({ key, label: key.slice(CUSTOM_FIELD_MARKER.length), definition: null })),
  ];
}

/**
 * A stored value as text. A list field stores an item id or an array of ids; unknown ids show as stored, so a
 * deleted item never hides data.
 */
export function customFieldText(value: unknown, definition: CustomFieldDefinition | null): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value))
    return value
      .map((v) => customFieldText(v, definition))
      .filter(Boolean)
      .join(", ");
  if (typeof value === "boolean") return value ? "Sí" : "No";
  // Stored JSON holds strings and numbers otherwise; anything else shows as its JSON.
  if (typeof value !== "string" && typeof value !== "number") return JSON.stringify(value) ?? "";
  if (definition?.kind === "list") {
    const item = definition.items.find((i) => String(i.id) === String(value));
    if (item) return item.name;
  }
  return String(value);
}

/** A record's shown fields with their text, for a detail view. */
export function displayedCustomFields(
  values: Record<string, unknown>,
  definitions: readonly CustomFieldDefinition[],
): { key: string; label: string; value: string }[] {
  return customFieldColumns(definitions, [values])
    .filter((c) => c.key in values)
    .map((c) => ({ key: c.key, label: c.label, value: customFieldText(values[c.key], c.definition) }));
}

/** The company's definitions for orders and vehicles (an order shows its vehicle's fields too), one per key. */
export async function loadCustomFieldDefinitions(db: Db, companyId: number): Promise<CustomFieldDefinition[]> {
  const rows = await db
    .select({ key: customFields.key, name: customFields.name, kind: customFields.kind, items: customFields.items })
    .from(customFields)
    .where(eq(customFields.companyId, companyId))
    .orderBy(asc(customFields.position), asc(customFields.id));
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.key) && Boolean(seen.add(r.key)));
}
