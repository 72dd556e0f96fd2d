import { getTableName } from "drizzle-orm";
import {
  foreignKey,
  index,
  integer,
  text,
  timestamp,
  unique,
  type AnyPgColumn,
  type ExtraConfigColumn,
  type UpdateDeleteAction,
} from "drizzle-orm/pg-core";
import { companies } from "./companies";

/** Every tenant-owned table carries company_id; cascade keeps a company's removal clean. */
export const companyId = () =>
  integer("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" });

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/**
 * A searchable list's folded text, written only by the table's trigger (search_fold()), searched through its trigram
 * index, short terms included (docs/lists.md).
 */
export const searchColumns = () => ({
  searchText: text("search_text").notNull().default(""),
});

/**
 * A searchable table's trigram index, company first (btree_gin keys company_id inside the GIN index): a search
 * reads its own company's entries only, so its cost follows the company's rows, not every tenant's.
 */
export const searchIndex = (t: { companyId: ExtraConfigColumn; searchText: ExtraConfigColumn }) =>
  index(`${getTableName(t.searchText.table)}_search_idx`).using("gin", t.companyId, t.searchText.op("gin_trgm_ops"));

/** The columns a tenant-owned table exposes to tenant-bound references. */
interface TenantRow {
  companyId: AnyPgColumn;
  id: AnyPgColumn;
}

/**
 * `unique (company_id, id)` on a tenant-owned table: the key every tenant-bound reference to it points at
 * (a composite foreign key needs a unique constraint on exactly its target columns).
 */
export const tenantKey = (t: TenantRow) =>
  unique(`${getTableName(t.id.table)}_company_id_id_key`).on(t.companyId, t.id);

/**
 * A tenant-bound reference: `(company_id, column) -> target(company_id, id)`, so the row and the row it points at
 * belong to the same company, whatever the code writing it does. `set null` empties only `column`: a plain
 * `ON DELETE SET NULL` on a composite key would null company_id too (PostgreSQL 15's column list avoids that).
 * drizzle-kit writes `onDelete` into the migration and its snapshot verbatim, so the column list lives here, in the
 * schema, and `db/test/tenant-references.test.ts` checks the resulting constraints in the database catalog.
 */
export function tenantRef(
  t: { companyId: AnyPgColumn },
  column: AnyPgColumn,
  target: TenantRow,
  onDelete: "cascade" | "set null" | "no action" = "no action",
) {
  const name = `${getTableName(column.table)}_${column.name}_tenant_fk`;
  const action = onDelete === "set null" ? (`set null (${column.name})` as UpdateDeleteAction) : onDelete;
  return foreignKey({ name, columns: [t.companyId, column], foreignColumns: [target.companyId, target.id] }).onDelete(
    action,
  );
}
