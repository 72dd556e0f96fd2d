import type { Db } from "@taller/db";
import { invoicePdf, invoicePdfFileName, loadInvoicePdf } from "@taller/invoicing";
import { createClientPdfRoute, createStaffPdfRoute, type LoadDocumentPdf } from "./document-pdf";

/** The path of an electronic document's PDF: GET /invoices/{id}/pdf. */
export const INVOICE_PDF_PATH = /^\/invoices\/([1-9]\d{0,9})\/pdf$/;

const NOT_FOUND = "Documento no encontrado";

const loadPdf: LoadDocumentPdf = async (db, companyId, id, ownerId) => {
  const source = await loadInvoicePdf(db, companyId, id, ownerId);
  return source ? { pdf: await invoicePdf(source), fileName: invoicePdfFileName(source.invoice) } : null;
};

/** GET /invoices/{id}/pdf: the document in the SII's layout, inline, 'Factura_{folio}.pdf' (read invoice). */
export function createInvoicePdfRoute({ db, trustProxy }: { db: Db; trustProxy: number }) {
  return createStaffPdfRoute({ db, trustProxy, load: loadPdf, notFound: NOT_FOUND, resource: "invoice" });
}

/** GET /client/invoice?token=: the link 'Enviar por WhatsApp' and 'Enviar por correo' give the client (30 days). */
export function createClientInvoicePdfRoute({ db, trustProxy }: { db: Db; trustProxy: number }) {
  return createClientPdfRoute({
    db,
    trustProxy,
    load: loadPdf,
    notFound: "Enlace inválido o expirado",
    kind: "invoice_token",
    documentType: "Invoice",
  });
}
