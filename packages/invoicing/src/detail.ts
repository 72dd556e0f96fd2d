// One document as its page shows it: the document, its lines, what it voids or what voided it, and whether the
// company can send it (a provider configured, the receiver complete).
import { idSchema, missingReceiverFields, type Instant, type InvoiceStatus } from "@taller/core";
import { instantText, queryRows, type Db } from "@taller/db";
import { fieldError, type DocumentReader } from "@taller/trpc";
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { invoiceOwner, ownedInvoice } from "./scope";

export const invoiceIdSchema = z.object({ id: idSchema });

export interface InvoiceLine {
  id: number;
  description: string;
  quantity: number;
  unit_price: number;
  discount: number;
  exempt: boolean;
  total: number;
}

export interface InvoiceDetail {
  id: number;
  dte_type: number;
  status: InvoiceStatus;
  folio: number | null;
  order_id: number | null;
  order_correlative: number | null;
  budget_id: number | null;
  payment_request_ids: number[];
  referenced: { id: number; dte_type: number; folio: number | null } | null;
  credit_note: { id: number; status: InvoiceStatus; folio: number | null } | null;
  receiver_rut: string | null;
  receiver_name: string | null;
  receiver_activity: string | null;
  receiver_address: string | null;
  receiver_email: string | null;
  net: number;
  exempt: number;
  iva: number;
  total: number;
  track_id: string | null;
  stamp: string | null;
  rejection_reason: string | null;
  issued_at: Instant | null;
  created_at: Instant;
  lines: InvoiceLine[];
  /** Whether the company has a provider: without one a draft is kept, not sent. */
  configured: boolean;
  /** The receiver's fields the document still needs before it can be sent: field -> message. */
  missing: Record<string, string>;
}

type Row = Omit<InvoiceDetail, "lines" | "missing" | "referenced" | "credit_note"> & {
  ref_id: number | null;
  ref_type: number | null;
  ref_folio: number | null;
  cn_id: number | null;
  cn_status: InvoiceStatus | null;
  cn_folio: number | null;
};

/** The document of this company (and of this user, with an own-records grant), or NOT_FOUND. */
export async function loadDetail(
  db: Db,
  ctx: DocumentReader & { companyId: number },
  id: number,
): Promise<InvoiceDetail> {
  const doc = await findDetail(db, ctx.companyId, id, invoiceOwner(ctx, "read"));
  if (!doc) throw fieldError("NOT_FOUND", "id", "Documento no encontrado");
  return doc;
}

/** The document of this company (made by `ownerId` when not null), or null. */
export async function findDetail(
  db: Db,
  companyId: number,
  id: number,
  ownerId: number | null,
): Promise<InvoiceDetail | null> {
  const [row] = await queryRows<Row>(
    db,
    sql`SELECT i.id, i.dte_type, i.status, i.folio, i.order_id, o.correlative_id AS order_correlative, i.budget_id,
               i.payment_request_ids, i.receiver_rut, i.receiver_name, i.receiver_activity, i.receiver_address,
               i.receiver_email, i.net, i.exempt, i.iva, i.total, i.track_id, i.stamp, i.rejection_reason,
               ${instantText(sql`i.issued_at`)} AS issued_at, ${instantText(sql`i.created_at`)} AS created_at,
               r.id AS ref_id, r.dte_type AS ref_type, r.folio AS ref_folio,
               cn.id AS cn_id, cn.status AS cn_status, cn.folio AS cn_folio,
               EXISTS (SELECT 1 FROM invoice_configs c WHERE c.company_id = i.company_id) AS configured
        FROM invoices i
        LEFT JOIN orders o ON o.company_id = i.company_id AND o.id = i.order_id
        LEFT JOIN invoices r ON r.company_id = i.company_id AND r.id = i.referenced_invoice_id
        LEFT JOIN invoices cn ON cn.company_id = i.company_id AND cn.referenced_invoice_id = i.id
        WHERE i.company_id = ${companyId} AND i.id = ${id} AND ${ownedInvoice(ownerId)}`,
  );
  if (!row) return null;
  const lines = await queryRows<InvoiceLine>(
    db,
    sql`SELECT id, description, quantity, unit_price, discount, exempt, total FROM invoice_lines
        WHERE company_id = ${companyId} AND invoice_id = ${id} ORDER BY position`,
  );
  const { ref_id, ref_type, ref_folio, cn_id, cn_status, cn_folio, ...doc } = row;
  return {
    ...doc,
    referenced: ref_id !== null && ref_type !== null ? { id: ref_id, dte_type: ref_type, folio: ref_folio } : null,
    credit_note: cn_id !== null && cn_status !== null ? { id: cn_id, status: cn_status, folio: cn_folio } : null,
    lines,
    missing: missingReceiverFields(row.dte_type, row, ref_type),
  };
}

/** An int[] parameter list for `= ANY(...)`. */
export function intArray(ids: readonly number[]): SQL {
  return sql`ARRAY[${sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  )}]::int[]`;
}
