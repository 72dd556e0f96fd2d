import { FACTURA_EXENTA, INVOICE_MAX_TOTAL, invoiceAmounts, invoiceLinesSchema } from "@taller/core";
import { invoiceLines, queryRows } from "@taller/db";
import { can, fieldError, staffProcedure, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { invoiceIdSchema, loadDetail } from "./detail";
import { invoiceOwner, ownedInvoice } from "./scope";

export const setLinesInput = invoiceIdSchema.extend({ lines: invoiceLinesSchema });

/**
 * A draft's lines, replaced as the form shows them (descriptions, quantities, prices, discounts, exempt): the lines
 * start as the source document's and the draft may differ from it before it is sent. Only a draft: the document's
 * row is locked first, so an 'Emitir' running at the same time either sends the old lines or waits and leaves these
 * refused; once it has a folio the database refuses any line change whatever the code does (invoice_lines_frozen).
 * The amounts are the lines' trigger's, as always.
 */
export const setLines = staffProcedure
  .use(can("update", "invoice"))
  .input(setLinesInput)
  .mutation(async ({ ctx, input }) => {
    await withTransaction(ctx, async (tx) => {
      const [row] = await queryRows<{ id: number; status: string; dte_type: number }>(
        tx.db,
        sql`SELECT i.id, i.status, i.dte_type FROM invoices i
            WHERE i.company_id = ${ctx.companyId} AND i.id = ${input.id}
              AND ${ownedInvoice(invoiceOwner(ctx, "update"))} FOR UPDATE`,
      );
      if (!row) throw fieldError("NOT_FOUND", "id", "Documento no encontrado");
      if (row.status !== "draft") throw fieldError("CONFLICT", "id", "Solo un borrador admite cambios");
      const amounts = invoiceAmounts(input.lines, row.dte_type);
      if (amounts.total <= 0) throw fieldError("BAD_REQUEST", "lines", "El total a facturar debe ser mayor a $0");
      if (amounts.total > INVOICE_MAX_TOTAL)
        throw fieldError("BAD_REQUEST", "lines", "El total supera el máximo de un documento");
      await tx.db.execute(
        sql`DELETE FROM invoice_lines WHERE company_id = ${ctx.companyId} AND invoice_id = ${row.id}`,
      );
      await tx.db.insert(invoiceLines).values(
        input.lines.map((l, position) => ({
          companyId: ctx.companyId,
          invoiceId: row.id,
          position,
          description: l.description,
          quantity: l.quantity,
          unitPrice: l.unit_price,
          discount: l.discount,
          // A factura exenta's lines are all exempt (the trigger treats them so); the flag says what the form showed.
          exempt: row.dte_type === FACTURA_EXENTA || l.exempt,
        })),
      );
      await tx.emit({ type: "invoice.changed", companyId: ctx.companyId, payload: { ids: [row.id] } });
    });
    return loadDetail(ctx.db, ctx, input.id);
  });
