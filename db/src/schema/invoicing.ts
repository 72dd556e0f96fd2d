// Electronic invoicing (issue 26 section 2): invoices, boletas and credit notes made from an order, a budget or paid
// payment requests, their lines, the folio ranges the SII authorized (CAF files) and each company's provider
// configuration. Money is integer pesos. Hand-written in migration invoicing: the totals kept from the lines, the
// immutability of an issued document, and the ranges' non-overlap (docs/domains/invoicing.md).
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { companyId, createdAt, searchColumns, searchIndex, tenantKey, tenantRef, updatedAt } from "./_columns";
import { users } from "./access";
import { clients } from "./clients";
import { companies } from "./companies";
import { budgets, orders } from "./orders";

export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    // The SII's code: 33 factura, 34 factura exenta, 39 boleta, 61 nota de crédito.
    dteType: integer("dte_type").notNull(),
    // draft, sending, issued, rejected, cancelled (INVOICE_STATUSES in core).
    status: text("status").notNull().default("draft"),
    // Taken from the company's CAF ranges when the document is first sent; unique per company and type.
    folio: integer("folio"),
    orderId: integer("order_id"),
    budgetId: integer("budget_id"),
    // The document a credit note voids.
    referencedInvoiceId: integer("referenced_invoice_id"),
    // The payment requests a document was made from (their ids; the requests keep their own history).
    paymentRequestIds: integer("payment_request_ids")
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    clientId: integer("client_id"),
    receiverRut: text("receiver_rut"),
    receiverName: text("receiver_name"),
    receiverActivity: text("receiver_activity"),
    receiverAddress: text("receiver_address"),
    receiverEmail: text("receiver_email"),
    // Written only by the lines' trigger (invoiceAmounts in core says the rule).
    net: integer("net").notNull().default(0),
    exempt: integer("exempt").notNull().default(0),
    iva: integer("iva").notNull().default(0),
    total: integer("total").notNull().default(0),
    // The key every attempt to send this document carries to the provider: a retried timeout is issued once. A new
    // one only after a rejection (the provider would replay the rejection for the old key).
    idempotencyKey: uuid("idempotency_key").notNull().defaultRandom(),
    trackId: text("track_id"),
    // The electronic stamp (TED) the provider returns, drawn as a PDF417 barcode.
    stamp: text("stamp"),
    rejectionReason: text("rejection_reason"),
    issuedAt: timestamp("issued_at", { withTimezone: true }),
    createdBy: integer("created_by"),
    // Written only by the trigger: type, folio, receiver's name and RUT, the order's number, folded.
    ...searchColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey(t),
    // A folio is never used twice: the database refuses it whatever the code does.
    uniqueIndex("invoices_folio_idx")
      .on(t.companyId, t.dteType, t.folio)
      .where(sql`folio IS NOT NULL`),
    // One credit note per document (it voids the whole document).
    uniqueIndex("invoices_credit_note_idx")
      .on(t.companyId, t.referencedInvoiceId)
      .where(sql`referenced_invoice_id IS NOT NULL`),
    check("invoices_dte_type_known", sql`${t.dteType} IN (33, 34, 39, 61)`),
    check("invoices_status_known", sql`${t.status} IN ('draft', 'sending', 'issued', 'rejected', 'cancelled')`),
    check("invoices_folio_when_sent", sql`(${t.status} = 'draft') = (${t.folio} IS NULL)`),
    check("invoices_credit_note_reference", sql`(${t.dteType} = 61) = (${t.referencedInvoiceId} IS NOT NULL)`),
    check("invoices_money", sql`${t.net} >= 0 AND ${t.exempt} >= 0 AND ${t.iva} >= 0 AND ${t.total} >= 0`),
    check("invoices_exenta_no_iva", sql`${t.dteType} <> 34 OR (${t.net} = 0 AND ${t.iva} = 0)`),
    tenantRef(t, t.orderId, orders, "set null"),
    tenantRef(t, t.budgetId, budgets, "set null"),
    tenantRef(t, t.referencedInvoiceId, t, "no action"),
    tenantRef(t, t.clientId, clients, "set null"),
    tenantRef(t, t.createdBy, users, "set null"),
    index("invoices_order_idx").on(t.companyId, t.orderId),
    searchIndex(t),
  ],
);

/** A document's line: quantity × unit price − discount, IVA included unless exempt. Frozen once sent (trigger). */
export const invoiceLines = pgTable(
  "invoice_lines",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    invoiceId: integer("invoice_id").notNull(),
    position: integer("position").notNull(),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull().default(1),
    unitPrice: integer("unit_price").notNull(),
    discount: integer("discount").notNull().default(0),
    exempt: boolean("exempt").notNull().default(false),
    total: integer("total")
      .notNull()
      .generatedAlwaysAs(sql`quantity * unit_price - discount`),
  },
  (t) => [
    tenantRef(t, t.invoiceId, invoices, "cascade"),
    uniqueIndex("invoice_lines_position_idx").on(t.invoiceId, t.position),
    check("invoice_lines_description_length", sql`char_length(${t.description}) BETWEEN 1 AND 500`),
    check("invoice_lines_quantity_range", sql`${t.quantity} BETWEEN 1 AND 10000`),
    check(
      "invoice_lines_amount_range",
      sql`${t.unitPrice} >= 0 AND ${t.quantity}::bigint * ${t.unitPrice} <= 1000000000`,
    ),
    check(
      "invoice_lines_discount_range",
      sql`${t.discount} >= 0 AND ${t.discount} <= ${t.quantity}::bigint * ${t.unitPrice}`,
    ),
  ],
);

/**
 * A range of folios the SII authorized the company to use for one document type (a CAF file, kept whole: the
 * provider signs with it). `next_folio` is the next one to give; last_folio + 1 means used up. Ranges of one company
 * and type never overlap (exclusion constraint, hand-written).
 */
export const invoiceFolioRanges = pgTable(
  "invoice_folio_ranges",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    dteType: integer("dte_type").notNull(),
    firstFolio: integer("first_folio").notNull(),
    lastFolio: integer("last_folio").notNull(),
    nextFolio: integer("next_folio").notNull(),
    // The issuer's RUT the CAF was granted to, and its authorization day.
    issuerRut: text("issuer_rut").notNull(),
    authorizedOn: date("authorized_on"),
    cafXml: text("caf_xml").notNull(),
    createdBy: integer("created_by"),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t),
    tenantRef(t, t.createdBy, users, "set null"),
    check("invoice_folio_ranges_dte_type_known", sql`${t.dteType} IN (33, 34, 39, 61)`),
    check(
      "invoice_folio_ranges_bounds",
      sql`${t.firstFolio} >= 1 AND ${t.firstFolio} <= ${t.lastFolio} AND ${t.nextFolio} BETWEEN ${t.firstFolio} AND ${t.lastFolio} + 1`,
    ),
    index("invoice_folio_ranges_company_idx").on(t.companyId, t.dteType, t.firstFolio),
  ],
);

/**
 * The company's electronic-invoicing provider (one per company): its API's address and key, and the issuer's data
 * printed on every document. Without a row, documents stay drafts.
 */
export const invoiceConfigs = pgTable(
  "invoice_configs",
  {
    companyId: integer("company_id")
      .primaryKey()
      .references(() => companies.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    apiKey: text("api_key").notNull(),
    issuerRut: text("issuer_rut").notNull(),
    issuerName: text("issuer_name").notNull(),
    issuerActivity: text("issuer_activity").notNull(),
    issuerAddress: text("issuer_address").notNull(),
    // What the document's legal layout prints: the SII office of the issuer's address ('S.I.I. - Santiago Centro')
    // and the resolution that authorizes it to issue ('Res. 80 de 2014'). Optional: the provider issues without them.
    siiOffice: text("sii_office"),
    resolutionNumber: integer("resolution_number"),
    resolutionYear: integer("resolution_year"),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("invoice_configs_endpoint", sql`${t.endpoint} ~ '^https?://'`),
    check("invoice_configs_resolution", sql`${t.resolutionNumber} >= 0 AND ${t.resolutionYear} BETWEEN 2003 AND 2100`),
  ],
);

/**
 * Documents and their pesos per (company, type, status), kept by statement triggers on invoices (migration
 * invoice_status_totals): 'Facturación' without a search reads at most twenty rows instead of summing every document.
 */
export const invoiceStatusTotals = pgTable(
  "invoice_status_totals",
  {
    companyId: companyId(),
    dteType: integer("dte_type").notNull(),
    status: text("status").notNull(),
    count: integer("count").notNull().default(0),
    amount: bigint("amount", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.dteType, t.status] })],
);
