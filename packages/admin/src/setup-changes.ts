// What the administration's writes share: each announces that the company setup changed (open shells refetch it;
// every process drops the company's cached sessions, whose grants may have changed), turns a broken "one name per
// company" into a field error, and (roles, locations) deletes a row only when nothing still uses it.
import { queryRows } from "@taller/db";
import { fieldError, findPgCode, TRPCError, type Transaction } from "@taller/trpc";
import { sql, type SQL } from "drizzle-orm";

export type SetupPart = "roles" | "locations" | "holidays" | "statuses" | "requirements" | "preferences";

export async function emitSetupChanged(tx: Transaction, companyId: number, what: SetupPart): Promise<void> {
  await tx.emit({ type: "company.setup_changed", companyId, payload: { what } });
}

/**
 * Runs a write whose unique index may refuse it (a taken name, a second click that lost the race) and answers that
 * refusal on the field the user typed: the index decides, never a read before the write.
 */
export async function uniqueOnField<T>(write: Promise<T>, field: string, message: string): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (findPgCode(error) === "23505") throw fieldError("CONFLICT", field, message);
    throw error;
  }
}

/** The company's named rows the administration creates and renames: roles and locations. */
type NamedTable = "roles" | "locations";

/**
 * Inserts a named row for the company unless it already has `max` of them: the cap and the insert are one
 * statement, so two requests at the cap cannot both pass it. A taken name breaks the table's unique index (see
 * uniqueOnField).
 */
export async function insertNamed(tx: Transaction, target: { table: NamedTable; companyId: number; name: string; max: number; tooMany: string }) {
  const table = sql.identifier(target.table);
  const [row] = await queryRows<{ id: number }>(
    tx.db,
    sql`INSERT INTO ${table} (company_id, name)
        SELECT ${target.companyId}, ${target.name}
        WHERE (SELECT count(*) FROM ${table} WHERE company_id = ${target.companyId}) < ${target.max}
        RETURNING id`,
  );
  if (!row) throw fieldError("BAD_REQUEST", "name", target.tooMany);
  return row;
}

/** Renames the company's row; NOT_FOUND for an id of another company (or none). */
export async function renameNamed(tx: Transaction, target: { table: NamedTable; companyId: number; id: number; name: string; notFound: string }) {
  const [row] = await queryRows<{ id: number }>(
    tx.db,
    sql`UPDATE ${sql.identifier(target.table)} SET name = ${target.name}
        WHERE company_id = ${target.companyId} AND id = ${target.id} RETURNING id`,
  );
  if (!row) throw new TRPCError({ code: "NOT_FOUND", message: target.notFound });
}

/** "a", "a y b", "a, b y c". */
export function spanishList(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} y ${items.at(-1) ?? ""}`;
}

/**
 * Deletes a row of the company's `table` ("roles" or "locations") unless something uses it. The row is locked
 * first: a write that would start using it (a user given the role, an order at the location) takes a key-share lock
 * on it through its foreign key, so either it committed before and `inUse` sees it, or it waits for the delete and
 * then fails on the missing row. `inUse` answers why the row must stay (a Spanish sentence), or null.
 */
export async function deleteUnused(
  tx: Transaction,
  target: { table: NamedTable; companyId: number; id: number; notFound: string },
  inUse: (name: string) => Promise<string | null>,
): Promise<void> {
  const table = sql.identifier(target.table);
  const where: SQL = sql`company_id = ${target.companyId} AND id = ${target.id}`;
  const [row] = await queryRows<{ name: string }>(tx.db, sql`SELECT name FROM ${table} WHERE ${where} FOR UPDATE`);
  if (!row) throw new TRPCError({ code: "NOT_FOUND", message: target.notFound });
  const refusal = await inUse(row.name);
  if (refusal) throw new TRPCError({ code: "BAD_REQUEST", message: refusal });
  await queryRows(tx.db, sql`DELETE FROM ${table} WHERE ${where}`);
}
