import { invoiceReceiverSchema } from "@taller/core";
import { queryRows } from "@taller/db";
import { can, fieldError, staffProcedure, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { dteTypeInput } from "./create-draft";
import { invoiceIdSchema, loadDetail } from "./detail";
import { invoiceOwner, ownedInvoice } from "./scope";

export const updateDraftInput = invoiceIdSchema
  .extend({ dte_type: dteTypeInput.optional() })
  .extend(invoiceReceiverSchema.shape);

/**
 * A draft's type and receiver (the lines are the source document's). Only a draft: once it has a folio the database
 * refuses any change (trigger invoices_frozen); the conditional update says so in Spanish first.
 */
export const updateDraft = staffProcedure
  .use(can("update", "invoice"))
  .input(updateDraftInput)
  .mutation(async ({ ctx, input }) => {
    const owner = invoiceOwner(ctx, "update");
    const set = (value: string | null | undefined, column: string) =>
      value === undefined ? sql`` : sql`, ${sql.identifier(column)} = ${value || null}`;
    await withTransaction(ctx, async (tx) => {
      const [row] = await queryRows<{ id: number; status: string }>(
        tx.db,
        sql`SELECT i.id, i.status FROM invoices i
            WHERE i.company_id = ${ctx.companyId} AND i.id = ${input.id} AND ${ownedInvoice(owner)} FOR UPDATE`,
      );
      if (!row) throw fieldError("NOT_FOUND", "id", "Documento no encontrado");
      if (row.status !== "draft") throw fieldError("CONFLICT", "id", "Solo un borrador admite cambios");
      await tx.db.execute(
        sql`UPDATE invoices SET updated_at = now()
              ${input.dte_type === undefined ? sql`` : sql`, dte_type = ${input.dte_type}`}
              ${set(input.receiver_rut, "receiver_rut")}${set(input.receiver_name, "receiver_name")}
              ${set(input.receiver_activity, "receiver_activity")}${set(input.receiver_address, "receiver_address")}
              ${set(input.receiver_email, "receiver_email")}
            WHERE id = ${row.id}`,
      );
      // The type decides what carries IVA (a factura exenta none): the amounts follow it.
      if (input.dte_type !== undefined) await tx.db.execute(sql`SELECT invoices_recompute(ARRAY[${row.id}]::int[])`);
      await tx.emit({ type: "invoice.changed", companyId: ctx.companyId, payload: { ids: [row.id] } });
    });
    return loadDetail(ctx.db, ctx, input.id);
  });
