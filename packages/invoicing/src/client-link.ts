// The client's link to an issued document's PDF (`/client/invoice?token=`): an HMAC of the document under the server's
// link secret (as the budget's and the payment's links), opened only while its hash is registered in document_tokens
// with an expiry. Sharing it again (by WhatsApp, by e-mail or copied) moves the expiry to INVOICE_LINK_DAYS from now,
// so the link a client already holds keeps working and a link nobody shared for a month stops.
import { CLIENT_INVOICE_PATH, INVOICE_LINK_DAYS, trimEndOf, type Instant } from "@taller/core";
import { documentTokens, invoiceClientToken, queryRows, type Db } from "@taller/db";
import { fieldError, sha256 } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { ownedInvoice } from "./scope";

let publicUrl = "http://localhost:3000";

/** Where clients open links (PUBLIC_URL, else the server's local address): set once at start. */
export function configureInvoiceLinks(opts: { publicUrl: string }): void {
  publicUrl = trimEndOf(opts.publicUrl, "/");
}

export interface SharedInvoice {
  id: number;
  dte_type: number;
  folio: number;
  total: number;
  client_id: number | null;
  client_name: string | null;
  receiver_name: string | null;
  receiver_email: string | null;
  /** Who issued it: the invoicing configuration's razón social, else the company's name. */
  issuer_name: string;
  /** The order the document bills (directly, through its budget or its payment requests): its chat gets answers. */
  order_id: number | null;
}

/**
 * Registers (or renews) the link of an issued or cancelled document of the company (made by `ownerId` when not
 * null) and answers it with its expiry. A draft, a document still sending or a rejected one has no legal PDF to
 * share: CONFLICT. Another company's id: NOT_FOUND.
 */
export async function shareInvoice(
  db: Db,
  companyId: number,
  id: number,
  ownerId: number | null,
): Promise<{ invoice: SharedInvoice; url: string; expires_at: Instant }> {
  const [invoice] = await queryRows<SharedInvoice & { status: string; folio: number | null }>(
    db,
    sql`SELECT i.id, i.dte_type, i.folio, i.total, i.status, i.client_id, c.name AS client_name, i.receiver_name,
               i.receiver_email, coalesce(i.order_id, b.order_id, pr.order_id) AS order_id,
               coalesce(cfg.issuer_name, co.name) AS issuer_name
        FROM invoices i
        JOIN companies co ON co.id = i.company_id
        LEFT JOIN invoice_configs cfg ON cfg.company_id = i.company_id
        LEFT JOIN clients c ON c.company_id = i.company_id AND c.id = i.client_id
        LEFT JOIN budgets b ON b.company_id = i.company_id AND b.id = i.budget_id
        LEFT JOIN LATERAL (SELECT p.order_id FROM payment_requests p
                           WHERE p.company_id = i.company_id AND p.id = ANY (i.payment_request_ids)
                           ORDER BY p.id LIMIT 1) pr ON true
        WHERE i.company_id = ${companyId} AND i.id = ${id} AND ${ownedInvoice(ownerId)}`,
  );
  if (!invoice) throw fieldError("NOT_FOUND", "id", "Documento no encontrado");
  if ((invoice.status !== "issued" && invoice.status !== "cancelled") || invoice.folio === null)
    throw fieldError("CONFLICT", "id", "Solo un documento emitido se puede compartir");
  const token = await invoiceClientToken(db, companyId, id);
  const expiresAt = new Date(Date.now() + INVOICE_LINK_DAYS * 86_400_000);
  await db
    .insert(documentTokens)
    .values({
      companyId,
      kind: "invoice_token",
      tokenHash: sha256(token),
      documentType: "Invoice",
      documentId: id,
      expiresAt,
    })
    .onConflictDoUpdate({ target: documentTokens.tokenHash, set: { expiresAt } });
  return {
    invoice: { ...invoice, folio: invoice.folio },
    url: `${publicUrl}${CLIENT_INVOICE_PATH}?token=${token}`,
    expires_at: expiresAt.toISOString() as Instant,
  };
}
