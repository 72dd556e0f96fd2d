// What the administration's writes share: each announces that the company setup changed (open shells refetch it;
// every process drops the company's cached sessions, whose grants may have changed), turns a broken "one name per
// company" into a field error (deleting a row only when nothing uses it is delete-unused.ts).
import { queryRows } from "@taller/db";
import { fieldError, TRPCError, type Transaction } from "@taller/trpc";
import { sql } from "drizzle-orm";

export type SetupPart = "roles" | "locations" | "holidays" | "statuses" | "requirements" | "preferences";

export async function emitSetupChanged(tx: Transaction, companyId: number, what: SetupPart): Promise<void> {
  await tx.emit({ type: "company.setup_changed", companyId, payload: { what } });
}

/** The company's named rows the administration creates and renames: roles and locations. */
type NamedTable = "roles" | "locations";

/**
 * Inserts a named row for the company unless it already has `max` of them: the cap and the insert are one
 * statement, so two requests at the cap cannot both pass it. A taken name breaks the table's unique index (see
 * uniqueOnField).
 */
export async function insertNamed(
  tx: Transaction,
  target: { table: NamedTable; companyId: number; name: string; max: number; tooMany: string },
) {
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
export async function renameNamed(
  tx: Transaction,
  target: { table: NamedTable; companyId: number; id: number; name: string; notFound: string },
) {
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
