// Sending a document to the SII through the company's provider, in three steps:
//   1. one transaction locks the document, takes its folio (a draft) and marks it 'sending' (COMMIT);
//   2. the provider is called, outside any transaction, with the document's idempotency key;
//   3. a second transaction records the answer, only if the document is still 'sending' under that key.
// Why the provider is not called inside the folio's transaction: a timeout does not say the SII did not get the
// document. Rolling the folio back then would hand it to the next document while the SII may hold it for this one,
// and holding the range lock over a network call would make every issuer of the company wait for the slowest. So a
// folio, once taken, belongs to its document for good: a timeout leaves it 'sending' and a retry sends the same folio
// with the same key (the provider answers its first result, never issues twice); a rejection keeps the folio with the
// document, which can be sent again (a fresh key: the provider would replay the rejection for the old one). The only
// rollback that gives a folio back is one of step 1, before anything left the machine. No gaps, no reuse.
import {
  BOLETA,
  INVOICE_NOT_SENT_TEXT,
  missingReceiverFields,
  NOTA_CREDITO,
  todayIn,
  type InvoiceStatus,
} from "@taller/core";
import { queryRows, type Db } from "@taller/db";
import { fieldError, TRPCError, withTransaction, type DocumentReader, type EventBus } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { loadDetail } from "./detail";
import { cafOf, takeFolio } from "./folios";
import { httpDteProvider, loadDteConfig, type DteConfig, type DteDocument } from "./provider";
import { invoiceOwner, ownedInvoice } from "./scope";

export interface IssueContext extends DocumentReader {
  db: Db;
  bus: EventBus;
  companyId: number;
}

export type IssueOutcome = "not_configured" | "accepted" | "duplicate" | "rejected" | "unanswered" | "already_issued";

export interface IssueResult {
  outcome: IssueOutcome;
  /** What the screen says, in Spanish. */
  message: string;
}

interface Locked {
  id: number;
  dte_type: number;
  status: InvoiceStatus;
  folio: number | null;
  total: number;
  receiver_rut: string | null;
  receiver_name: string | null;
  receiver_activity: string | null;
  receiver_address: string | null;
  referenced_type: number | null;
}

/** Sends the document (or retries it) and records the provider's answer. */
export async function issueDocument(ctx: IssueContext, id: number): Promise<IssueResult> {
  const config = await loadDteConfig(ctx.db, ctx.companyId);
  const owner = invoiceOwner(ctx, "update");
  const started = await withTransaction(ctx, async (tx) => {
    const [doc] = await queryRows<Locked>(
      tx.db,
      sql`SELECT i.id, i.dte_type, i.status, i.folio, i.total, i.receiver_rut, i.receiver_name, i.receiver_activity,
                 i.receiver_address,
                 (SELECT r.dte_type FROM invoices r
                  WHERE r.company_id = i.company_id AND r.id = i.referenced_invoice_id) AS referenced_type
          FROM invoices i WHERE i.company_id = ${ctx.companyId} AND i.id = ${id} AND ${ownedInvoice(owner)}
          FOR UPDATE`,
    );
    if (!doc) throw fieldError("NOT_FOUND", "id", "Documento no encontrado");
    if (doc.status === "issued" || doc.status === "cancelled") return null;
    // Without a provider nothing leaves the machine and no folio is spent: the draft stays a draft.
    if (!config) return "not_configured" as const;
    if (doc.status === "draft") {
      const missing = Object.entries(missingReceiverFields(doc.dte_type, doc, doc.referenced_type));
      if (missing[0]) throw fieldError("BAD_REQUEST", missing[0][0], missing[0][1]);
      if (doc.total <= 0)
        throw new TRPCError({ code: "BAD_REQUEST", message: "El documento debe tener un total mayor a $0" });
      const { folio } = await takeFolio(tx.db, ctx.companyId, doc.dte_type);
      await tx.db.execute(
        sql`UPDATE invoices SET status = 'sending', folio = ${folio}, updated_at = now() WHERE id = ${doc.id}`,
      );
    } else if (doc.status === "rejected") {
      await tx.db.execute(
        sql`UPDATE invoices SET status = 'sending', idempotency_key = gen_random_uuid(), rejection_reason = null,
                                updated_at = now()
            WHERE id = ${doc.id}`,
      );
    }
    await tx.emit({ type: "invoice.changed", companyId: ctx.companyId, payload: { ids: [doc.id] } });
    return "sending" as const;
  });
  if (started === null) return { outcome: "already_issued", message: "El documento ya estaba emitido" };
  if (started === "not_configured" || !config) return { outcome: "not_configured", message: INVOICE_NOT_SENT_TEXT };

  const { document, key } = await dteDocument(ctx.db, ctx, id, config);
  const answer = await httpDteProvider(config).send(document, key);

  return withTransaction(ctx, async (tx): Promise<IssueResult> => {
    const still = sql`company_id = ${ctx.companyId} AND id = ${id} AND status = 'sending' AND idempotency_key = ${key}`;
    if (answer.kind === "accepted" || answer.kind === "duplicate") {
      const [done] = await queryRows<{ id: number; referenced_invoice_id: number | null }>(
        tx.db,
        sql`UPDATE invoices SET status = 'issued', track_id = ${answer.trackId}, stamp = ${answer.stamp},
                                issued_at = now(), updated_at = now()
            WHERE ${still} RETURNING id, referenced_invoice_id`,
      );
      const ids = [id];
      // A credit note issued voids the document it references.
      if (done?.referenced_invoice_id) {
        await tx.db.execute(
          sql`UPDATE invoices SET status = 'cancelled', updated_at = now()
              WHERE company_id = ${ctx.companyId} AND id = ${done.referenced_invoice_id} AND status = 'issued'`,
        );
        ids.push(done.referenced_invoice_id);
      }
      await tx.emit({ type: "invoice.changed", companyId: ctx.companyId, payload: { ids } });
      return {
        outcome: answer.kind,
        message: `Emitido con folio ${document.folio}`,
      };
    }
    if (answer.kind === "rejected") {
      await tx.db.execute(
        sql`UPDATE invoices SET status = 'rejected', rejection_reason = ${answer.reason}, updated_at = now() WHERE ${still}`,
      );
      await tx.emit({ type: "invoice.changed", companyId: ctx.companyId, payload: { ids: [id] } });
      return { outcome: "rejected", message: `El SII rechazó el documento: ${answer.reason}` };
    }
    return {
      outcome: "unanswered",
      message: `${answer.reason}. El documento quedó enviándose con el folio ${document.folio}: reintenta para confirmarlo (no se emitirá dos veces).`,
    };
  });
}

/** The document as the provider receives it, and the key its attempts carry. */
async function dteDocument(
  db: Db,
  ctx: IssueContext,
  id: number,
  config: DteConfig,
): Promise<{ document: DteDocument; key: string }> {
  const doc = await loadDetail(db, ctx, id);
  const [row] = await queryRows<{ idempotency_key: string }>(
    db,
    sql`SELECT idempotency_key FROM invoices WHERE company_id = ${ctx.companyId} AND id = ${id}`,
  );
  if (doc.folio === null || !row) throw new Error("a document being sent has a folio and a key");
  const receiver =
    doc.receiver_rut || (doc.dte_type !== BOLETA && doc.referenced?.dte_type !== BOLETA)
      ? {
          rut: doc.receiver_rut ?? "",
          name: doc.receiver_name ?? "",
          activity: doc.receiver_activity,
          address: doc.receiver_address,
        }
      : null;
  return {
    key: row.idempotency_key,
    document: {
      type: doc.dte_type,
      folio: doc.folio,
      date: todayIn(),
      issuer: config.issuer,
      receiver,
      lines: doc.lines.map(({ description, quantity, unit_price, discount, exempt }) => ({
        description,
        quantity,
        unit_price,
        discount,
        exempt,
      })),
      totals: { net: doc.net, exempt: doc.exempt, iva: doc.iva, total: doc.total },
      reference:
        doc.dte_type === NOTA_CREDITO && doc.referenced && doc.referenced.folio !== null
          ? { type: doc.referenced.dte_type, folio: doc.referenced.folio, reason: "Anula documento de referencia" }
          : null,
      caf: await cafOf(db, ctx.companyId, doc.dte_type, doc.folio),
    },
  };
}
