// A workbook's clients (@taller/manager's import), written by their owner as one set-based upsert per batch keyed
// by RUT: a batch of thousands of rows is one round trip.
import {
  clients,
  type Db,
  deleteImported,
  existingByKey,
  type ImportedBatch,
  jsonbOf,
  jsonParam,
  restoreImported,
  type UpsertRecord,
  upsertIds,
} from "@taller/db";
import { sql } from "drizzle-orm";

/** One sheet row's client; a batch holds one per RUT. Null columns keep what the client has. */
export type ImportedClient = { rut: string } & Pick<
  typeof clients.$inferSelect,
  "name" | "email" | "phone" | "address" | "city"
>;

/** The columns importClients overwrites in a client that exists: the import's undo puts them back. */
export const IMPORTED_CLIENT_COLUMNS = ["name", "email", "phone", "address", "city"] as const;

/** importClients' rows: each client's id by its RUT (`key`), typed from the schema (its test checks the statement). */
export const IMPORTED_CLIENT_IDS = { key: clients.rut, id: clients.id };

/**
 * The statement: reads the company's clients with the batch's RUTs once (`e`), then finds those that change
 * (`chg`), locking them in id order (FOR NO KEY UPDATE, the UPDATE's own lock, taken first: a row changed by a
 * concurrent edit is waited for and read again), so it holds the values right before the update (previous) and
 * RETURNING the values after (written), for the import's record; only clients that change are locked and then
 * looked up as the update's target. New RUTs are inserted.
 */
export function importClientsStatement(companyId: number, rows: ImportedClient[], record: UpsertRecord) {
  return sql`WITH v AS (SELECT * FROM jsonb_to_recordset(${jsonParam(rows)})
      AS x(rut text, name text, email text, phone text, address text, city text)),
    e AS (${existingByKey(companyId, "clients", "rut")}),
    chg AS (SELECT o.id, ${jsonbOf(IMPORTED_CLIENT_COLUMNS, "o")} AS previous, v.* FROM e JOIN clients o ON o.id = e.id JOIN v ON v.rut = e.rut
      WHERE (o.name, o.email, o.phone, o.address, o.city) IS DISTINCT FROM
            (v.name, coalesce(v.email, o.email), coalesce(v.phone, o.phone), coalesce(v.address, o.address), coalesce(v.city, o.city))
      ORDER BY o.id FOR NO KEY UPDATE OF o),
    upd AS (UPDATE clients c SET name = chg.name, email = coalesce(chg.email, c.email), phone = coalesce(chg.phone, c.phone),
        address = coalesce(chg.address, c.address), city = coalesce(chg.city, c.city), updated_at = now()
      FROM chg WHERE c.id = chg.id
      RETURNING c.id, chg.previous, ${jsonbOf(IMPORTED_CLIENT_COLUMNS, "c")} AS written),
    changed AS (${record.updated(sql`SELECT id, previous, written FROM upd`)}),
    -- The search text composed here by the fill trigger's own function (the trigger then skips these rows).
    ins AS (INSERT INTO clients (company_id, rut, name, email, phone, address, city, search_text)
      SELECT ${companyId}, rut, name, email, phone, address, city, client_search_text(name, rut, email, phone) FROM v
      WHERE NOT EXISTS (SELECT 1 FROM e WHERE e.rut = v.rut) RETURNING id, rut),
    rec AS (${record.created(sql`SELECT id FROM ins`)})
    SELECT rut AS key, id FROM ins
    UNION ALL (SELECT DISTINCT ON (rut) rut, id FROM e ORDER BY rut, id)`;
}

/**
 * Upserts a batch's clients into the company (in the caller's transaction, which holds the import's lock); answers
 * every client's id by RUT, new or existing.
 */
export function importClients(
  db: Db,
  companyId: number,
  rows: ImportedClient[],
  record: UpsertRecord,
): Promise<Map<string, number>> {
  return upsertIds<typeof IMPORTED_CLIENT_IDS>(db, rows, () => importClientsStatement(companyId, rows, record));
}

/**
 * The import's undo of a batch's clients (@taller/manager hands back its record of the batch): the columns it
 * overwrote put back where they still hold what it wrote (none is a reference), then the clients it created deleted
 * unless a record now points at one.
 */
export const restoreImportedClients = (db: Db, companyId: number, batch: ImportedBatch): Promise<number> =>
  restoreImported(
    db,
    companyId,
    "clients",
    {
      columns: { name: null, email: null, phone: null, address: null, city: null } satisfies Record<
        (typeof IMPORTED_CLIENT_COLUMNS)[number],
        null
      >,
    },
    batch,
  );
export const deleteImportedClients = (db: Db, companyId: number, batch: ImportedBatch) =>
  deleteImported(db, companyId, "clients", batch);
