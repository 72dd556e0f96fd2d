// How every setup table's row is deleted (roles, locations, statuses, requirements): only when nothing uses it,
// checked under the row's lock. A write that would start using it (a user given the role, an order at the location)
// takes a key-share lock on it through its foreign key, so either it committed before and `inUse` sees it, or it
// waits for the delete and then fails on the missing row.
import { queryRows } from "@taller/db";
import { can, staffProcedure, TRPCError, type Transaction, userError, withTransaction } from "@taller/trpc";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { id } from "./inputs";
import { emitSetupChanged } from "./setup-changes";

export interface SetupRow {
  companyId: number;
  id: number;
  name: string;
}

/** Why the row must stay (a Spanish sentence for the administrator), or null. */
export type InUse = (tx: Transaction, row: SetupRow) => Promise<string | null>;

/**
 * The `remove` procedure of a setup table: NOT_FOUND for another company's row, CONFLICT with the reason while used.
 */
export function deleteUnusedProcedure(
  table: "roles" | "locations" | "statuses" | "requirements",
  notFound: string,
  inUse: InUse,
) {
  return staffProcedure
    .use(can("destroy", "manager"))
    .input(z.object({ id }))
    .mutation(({ ctx, input }) =>
      withTransaction(ctx, async (tx) => {
        const where = sql`company_id = ${ctx.companyId} AND id = ${input.id}`;
        const [row] = await queryRows<{ name: string }>(
          tx.db,
          sql`SELECT name FROM ${sql.identifier(table)} WHERE ${where} FOR UPDATE`,
        );
        if (!row) throw new TRPCError({ code: "NOT_FOUND", message: notFound });
        const refusal = await inUse(tx, { companyId: ctx.companyId, id: input.id, name: row.name });
        if (refusal) throw userError("CONFLICT", refusal);
        await tx.db.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE ${where}`);
        await emitSetupChanged(tx, ctx.companyId, table);
        return { id: input.id };
      }),
    );
}

/** An InUse that refuses with one sentence while an SQL condition on the row holds. */
export const refusedWhile =
  (condition: (row: SetupRow) => SQL, message: string): InUse =>
  async (tx, row) => {
    const [found] = await queryRows<{ in_use: boolean }>(tx.db, sql`SELECT ${condition(row)} AS in_use`);
    return found?.in_use ? message : null;
  };
