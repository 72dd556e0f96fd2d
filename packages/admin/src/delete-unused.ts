// What statuses.delete and requirements.delete share: a row of the company is deleted only when no document names
// it, checked under the row's lock (a document written meanwhile waits, then finds it gone).
import { queryRows } from "@taller/db";
import { TRPCError, type Transaction, userError } from "@taller/trpc";
import { type SQL, sql } from "drizzle-orm";
import { announceSetupChanged } from "./setup-changed";

export async function deleteUnused(
  tx: Transaction,
  row: { table: "statuses" | "requirements"; companyId: number; id: number; inUse: SQL },
  texts: { notFound: string; inUse: string },
): Promise<{ id: number }> {
  const table = sql.identifier(row.table);
  const [found] = await queryRows<{ in_use: boolean }>(
    tx.db,
    sql`SELECT ${row.inUse} AS in_use FROM ${table} r WHERE r.company_id = ${row.companyId} AND r.id = ${row.id} FOR UPDATE`,
  );
  if (!found) throw new TRPCError({ code: "NOT_FOUND", message: texts.notFound });
  if (found.in_use) throw userError("CONFLICT", texts.inUse);
  await tx.db.execute(sql`DELETE FROM ${table} WHERE company_id = ${row.companyId} AND id = ${row.id}`);
  await announceSetupChanged(tx, row.companyId, row.table);
  return { id: row.id };
}
