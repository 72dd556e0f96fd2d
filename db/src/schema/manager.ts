import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./_columns";
import { companies } from "./companies";

/**
 * One mapping of a sheet column to an entity field: "Client.rut", "Vehicle.custom_fields.Motor" (seed 002 section 3.6).
 */
export interface DatabaseKey {
  column: string;
  target: string;
}

/** A row the import refused, by its sheet row number (1 = the header row). */
export interface ImportRowError {
  row: number;
  reason: string;
}

/** The entities an import writes, as their table names. */
export type ImportEntity = "clients" | "vehicles" | "brands" | "brand_models" | "products" | "product_categories";

/**
 * What 'Deshacer importación' did: rows deleted, records whose overwritten values were put back, and rows kept per
 * entity because other records now point at them.
 */
export interface RollbackReport {
  deleted: number;
  restored: number;
  kept: Partial<Record<ImportEntity, number>>;
}

/**
 * pending -> connecting -> connected | failed (the import); connected | failed -> undo_pending -> undoing -> undone
 * ('Deshacer importación', once per import).
 */
export const CONNECTION_STATUSES = [
  "pending",
  "connecting",
  "connected",
  "failed",
  "undo_pending",
  "undoing",
  "undone",
] as const;
export type ConnectionStatusValue = (typeof CONNECTION_STATUSES)[number];

/**
 * A spreadsheet database loaded by a platform operator (seed 002 sections 2.7 and 3.6): not tenant data, it belongs to
 * no company until connected. The chosen sheet lives as JSON in the file store (`file_key`, databases/{random}.json).
 */
export const managerDatabases = pgTable(
  "manager_databases",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    dbType: text("db_type").$type<"tables">().notNull().default("tables"),
    sheet: text("sheet").notNull(),
    /** The workbook's sheets that have a header row: what 'Hoja' can switch to without a new upload. */
    sheets: text("sheets")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    keys: jsonb("keys").$type<DatabaseKey[]>().notNull(),
    fileKey: text("file_key").notNull(),
    /** The uploaded workbook (databases/{random}.xlsx), kept so 'Hoja' can be changed to another of its sheets. */
    workbookKey: text("workbook_key").notNull(),
    /** Data rows really present in the sheet (empty rows a sheet declares are not counted). */
    rowCount: integer("row_count").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("manager_databases_name_length", sql`char_length(${t.name}) BETWEEN 1 AND 120`)],
);

/**
 * A database connected to a company (seed 002 section 4.4): pending -> connecting -> connected, or failed with the
 * rows that failed. `batch_id` names the import that wrote the company's rows (import_created), for a rollback.
 */
export const databaseConnections = pgTable(
  "database_connections",
  {
    id: serial("id").primaryKey(),
    managerDatabaseId: integer("manager_database_id")
      .notNull()
      .references(() => managerDatabases.id, { onDelete: "cascade" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    status: text("status").$type<ConnectionStatusValue>().notNull().default("pending"),
    batchId: text("batch_id"),
    rowsDone: integer("rows_done").notNull().default(0),
    rowsTotal: integer("rows_total").notNull().default(0),
    errors: jsonb("errors").$type<ImportRowError[]>().notNull().default([]),
    /** Set when the import was undone. */
    rollback: jsonb("rollback").$type<RollbackReport>(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    /** Bumped while a runner works on the connection; a connecting row whose heartbeat stopped is claimed again. */
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique("database_connections_database_company_key").on(t.managerDatabaseId, t.companyId),
    index("database_connections_company_idx").on(t.companyId),
    index("database_connections_runnable_idx")
      .on(t.status)
      .where(sql`${t.status} IN ('pending', 'connecting', 'undo_pending', 'undoing')`),
    check(
      "database_connections_status",
      sql`${t.status} IN ('pending', 'connecting', 'connected', 'failed', 'undo_pending', 'undoing', 'undone')`,
    ),
  ],
);

/** What an import batch's records (import_created, import_updated) carry: the batch, its company and the table. */
const batchRecordColumns = () => ({
  id: serial("id").primaryKey(),
  batchId: text("batch_id").notNull(),
  companyId: integer("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" }),
  entity: text("entity").$type<ImportEntity>().notNull(),
});

/**
 * The rows an import created (not those it updated), one row per batch, entity and write: rolling a batch back
 * deletes exactly these. An id array per write, not a row per record: a per-record row (its index entry and its
 * foreign-key check) cost about a tenth of writing the vehicle itself.
 */
export const importCreated = pgTable(
  "import_created",
  { ...batchRecordColumns(), recordIds: integer("record_ids").array().notNull() },
  (t) => [index("import_created_batch_idx").on(t.batchId, t.companyId)],
);

/**
 * What an import changed in records that existed before it: per record, the previous values of the columns it wrote
 * and the values it wrote, so a rollback can put back each column that still holds the import's value (a later edit
 * wins). Only records the import really changed get a row: re-importing the same sheet writes none.
 */
export const importUpdated = pgTable(
  "import_updated",
  {
    ...batchRecordColumns(),
    recordId: integer("record_id").notNull(),
    previous: jsonb("previous").notNull(),
    written: jsonb("written").notNull(),
  },
  (t) => [index("import_updated_batch_idx").on(t.batchId, t.companyId)],
);
