// 'Anular': an issued document is never deleted or edited; it is voided by a credit note (type 61) with the same
// receiver and lines, sent like any document. The original turns 'cancelled' when the credit note is issued (in the
// transaction that records the provider's acceptance). One credit note per document (unique index).
import { NOTA_CREDITO } from "@taller/core";
import { queryRows } from "@taller/db";
import { can, fieldError, staffProcedure, uniqueOnField, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { invoiceIdSchema, loadDetail } from "./detail";
import { issueDocument } from "./issue-document";
import { invoiceOwner, ownedInvoice } from "./scope";

export const cancel = staffProcedure
  .use(can("destroy", "invoice"))
  .input(invoiceIdSchema)
  .mutation(async ({ ctx, input }) => {
    const owner = invoiceOwner(ctx, "destroy");
    const noteId = await withTransaction(ctx, async (tx) => {
      const [doc] = await queryRows<{ id: number; status: string; dte_type: number; note_id: number | null }>(
        tx.db,
        sql`SELECT i.id, i.status, i.dte_type,
                   (SELECT n.id FROM invoices n WHERE n.company_id = i.company_id AND n.referenced_invoice_id = i.id) AS note_id
            FROM invoices i
            WHERE i.company_id = ${ctx.companyId} AND i.id = ${input.id} AND ${ownedInvoice(owner)} FOR UPDATE`,
      );
      if (!doc) throw fieldError("NOT_FOUND", "id", "Documento no encontrado");
      // A credit note already made (a retry of 'Anular' after a timeout): send that one again.
      if (doc.note_id !== null) return doc.note_id;
      if (doc.dte_type === NOTA_CREDITO) throw fieldError("BAD_REQUEST", "id", "Una nota de crédito no se anula");
      if (doc.status !== "issued") throw fieldError("CONFLICT", "id", "Solo se anula un documento emitido");
      const [note] = await uniqueOnField(
        queryRows<{ id: number }>(
          tx.db,
          sql`INSERT INTO invoices (company_id, dte_type, order_id, budget_id, referenced_invoice_id, payment_request_ids,
                                    client_id, receiver_rut, receiver_name, receiver_activity, receiver_address,
                                    receiver_email, created_by)
              SELECT company_id, ${NOTA_CREDITO}, order_id, budget_id, id, payment_request_ids, client_id, receiver_rut,
                     receiver_name, receiver_activity, receiver_address, receiver_email, ${ctx.user.id}
              FROM invoices WHERE id = ${doc.id}
              RETURNING id`,
        ),
        "id",
        "Este documento ya tiene una nota de crédito",
      );
      if (!note) throw new Error("credit note insert returned nothing");
      await tx.db.execute(
        sql`INSERT INTO invoice_lines (company_id, invoice_id, position, description, quantity, unit_price, discount, exempt)
            SELECT company_id, ${note.id}, position, description, quantity, unit_price, discount,
                   exempt OR ${doc.dte_type} = 34
            FROM invoice_lines WHERE company_id = ${ctx.companyId} AND invoice_id = ${doc.id}`,
      );
      await tx.emit({ type: "invoice.changed", companyId: ctx.companyId, payload: { ids: [note.id] } });
      return note.id;
    });
    const result = await issueDocument(ctx, noteId);
    return { ...result, credit_note: await loadDetail(ctx.db, ctx, noteId) };
  });
