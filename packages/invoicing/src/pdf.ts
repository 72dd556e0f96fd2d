// A document in the SII's printed layout (the "representación impresa" of a DTE): the issuer with its RUT, giro and
// address; the red box with the issuer's RUT, the document's name, its folio and the SII office; the receiver; the
// lines; neto, exento, IVA and total; and the electronic stamp (TED) as a PDF417 barcode with 'Timbre Electrónico
// SII' and the resolution under it. Drawn with pdfkit as the budget's PDF; the barcode by bwip-js (a maintained port
// of BWIPP, which encodes PDF417 with the error correction level the SII asks for, 5).
import {
  BOLETA,
  DTE_TYPES,
  dteTypeName,
  formatDate,
  formatMoney,
  formatRut,
  FACTURA_EXENTA,
  NOTA_CREDITO,
} from "@taller/core";
import { type PdfColumn, pdfTable } from "@taller/budgets";
import { queryRows, type Db } from "@taller/db";
import type { RenderOptions } from "bwip-js/node";
import { sql } from "drizzle-orm";
import { findDetail, type InvoiceDetail } from "./detail";

export interface InvoiceIssuer {
  rut: string | null;
  name: string;
  activity: string | null;
  address: string | null;
  sii_office: string | null;
  resolution_number: number | null;
  resolution_year: number | null;
}

export interface InvoicePdfSource {
  invoice: InvoiceDetail;
  issuer: InvoiceIssuer;
}

const MARGIN = 40;
const RED = "#c8102e";
const PAGE_WIDTH = 595; // A4
const BOX = { x: 365, width: 190 };
// Description, quantity, unit price, discount, total.
const COLUMNS: readonly PdfColumn[] = [
  { title: "Descripción", x: MARGIN, width: 245, align: "left" },
  { title: "Cant.", x: 290, width: 40, align: "right" },
  { title: "Precio unitario", x: 335, width: 75, align: "right" },
  { title: "Descuento", x: 415, width: 60, align: "right" },
  { title: "Total", x: 480, width: 75, align: "right" },
];
// The SII asks the stamp to be at least 2 × 5 cm; it is placed in 6.5 × 3.2 cm (1 cm = 28.35 pt).
const STAMP = { width: 184, height: 90 };

/** The document's file name: 'Factura_123.pdf', 'Boleta_45.pdf'; a draft 'Borrador_{id}.pdf'. */
export function invoicePdfFileName(invoice: Pick<InvoiceDetail, "id" | "dte_type" | "folio">): string {
  if (invoice.folio === null) return `Borrador_${invoice.id}.pdf`;
  return `${dteTypeName(invoice.dte_type).replace(/\s+/g, "_")}_${invoice.folio}.pdf`;
}

/** The document and its issuer (the company's invoicing configuration, else the company's name), or null. */
export async function loadInvoicePdf(
  db: Db,
  companyId: number,
  id: number,
  ownerId: number | null,
): Promise<InvoicePdfSource | null> {
  const invoice = await findDetail(db, companyId, id, ownerId);
  if (!invoice) return null;
  const [issuer] = await queryRows<InvoiceIssuer>(
    db,
    sql`SELECT coalesce(c.issuer_name, co.name) AS name, c.issuer_rut AS rut, c.issuer_activity AS activity,
               c.issuer_address AS address, c.sii_office, c.resolution_number, c.resolution_year
        FROM companies co LEFT JOIN invoice_configs c ON c.company_id = co.id WHERE co.id = ${companyId}`,
  );
  return issuer ? { invoice, issuer } : null;
}

/** The PDF417 image of the stamp (PNG), as the SII prints it: error correction level 5. */
async function stampImage(ted: string): Promise<Buffer> {
  // BWIPP's PDF417 options (error correction, data columns, row height in modules) are not in bwip-js's typings.
  const options: RenderOptions & { eclevel: number; columns: number; rowmult: number } = {
    bcid: "pdf417",
    text: ted,
    eclevel: 5,
    columns: 12,
    rowmult: 2,
    scale: 2,
  };
  const { default: bwipjs } = await import("bwip-js/node");
  return bwipjs.toBuffer(options);
}

/** The document as a PDF file, titled like its file name. */
export async function invoicePdf({ invoice, issuer }: InvoicePdfSource): Promise<Buffer> {
  const stamp = invoice.stamp ? await stampImage(invoice.stamp) : null;
  const fileName = invoicePdfFileName(invoice);
  // pdfkit and bwip-js load with the first PDF, not at start.
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: { Title: fileName.replace(/\.pdf$/, ""), Author: issuer.name },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const labeled = (label: string, value: string | null, x: number, width: number) => {
    if (!value) return;
    doc.font("Helvetica-Bold").text(`${label}: `, x, doc.y, { continued: true, width }).font("Helvetica").text(value);
  };

  // The issuer, left of the red box.
  const top = MARGIN;
  const issuerWidth = BOX.x - MARGIN - 15;
  doc.font("Helvetica-Bold").fontSize(14).text(issuer.name, MARGIN, top, { width: issuerWidth });
  doc.fontSize(9).moveDown(0.3);
  labeled("Giro", issuer.activity, MARGIN, issuerWidth);
  labeled("Dirección", issuer.address, MARGIN, issuerWidth);
  const issuerBottom = doc.y;

  // The red box: R.U.T., the document's name, its folio; the SII office under it.
  const typeName = DTE_TYPES.find((t) => t.code === invoice.dte_type)?.name ?? dteTypeName(invoice.dte_type);
  const boxLines = [
    `R.U.T.: ${issuer.rut ? formatRut(issuer.rut) : "-"}`,
    typeName.toLocaleUpperCase("es-CL"),
    invoice.folio === null ? "BORRADOR" : `N° ${invoice.folio}`,
  ];
  doc.font("Helvetica-Bold").fontSize(12).fillColor(RED);
  const boxHeight = boxLines.reduce((h, l) => h + doc.heightOfString(l, { width: BOX.width - 20 }) + 4, 16);
  doc.lineWidth(2).strokeColor(RED).rect(BOX.x, top, BOX.width, boxHeight).stroke();
  let y = top + 10;
  for (const line of boxLines) {
    doc.text(line, BOX.x + 10, y, { width: BOX.width - 20, align: "center" });
    y = doc.y + 4;
  }
  doc.fontSize(10).text(issuer.sii_office ? `S.I.I. - ${issuer.sii_office}` : "S.I.I.", BOX.x, top + boxHeight + 6, {
    width: BOX.width,
    align: "center",
  });
  doc.fillColor("black").strokeColor("black").lineWidth(1);

  // The day and the receiver.
  doc.y = Math.max(issuerBottom, top + boxHeight + 24) + 12;
  doc.fontSize(9);
  const full = PAGE_WIDTH - 2 * MARGIN;
  labeled("Fecha de emisión", formatDate(invoice.issued_at ?? invoice.created_at), MARGIN, full);
  if (invoice.folio === null) {
    doc.font("Helvetica-Bold").fillColor(RED).text("Borrador: sin validez tributaria", MARGIN, doc.y);
    doc.fillColor("black");
  }
  doc.moveDown(0.5);
  const boleta =
    invoice.dte_type === BOLETA || (invoice.dte_type === NOTA_CREDITO && invoice.referenced?.dte_type === BOLETA);
  if (!boleta || invoice.receiver_rut || invoice.receiver_name) {
    labeled("Señor(es)", invoice.receiver_name, MARGIN, full);
    labeled("R.U.T.", invoice.receiver_rut ? formatRut(invoice.receiver_rut) : null, MARGIN, full);
    labeled("Giro", invoice.receiver_activity, MARGIN, full);
    labeled("Dirección", invoice.receiver_address, MARGIN, full);
    labeled("Correo", invoice.receiver_email, MARGIN, full);
  }
  if (invoice.referenced) {
    const ref = invoice.referenced;
    labeled(
      "Referencia",
      `${dteTypeName(ref.dte_type)} N° ${ref.folio ?? "-"}: anula documento de referencia`,
      MARGIN,
      full,
    );
  }
  doc.moveDown();

  // The lines.
  pdfTable(
    doc,
    COLUMNS,
    invoice.lines.map((l) => [
      l.exempt && invoice.dte_type !== FACTURA_EXENTA ? `${l.description} (exento)` : l.description,
      String(l.quantity),
      formatMoney(l.unit_price),
      l.discount ? formatMoney(l.discount) : "-",
      formatMoney(l.total),
    ]),
    MARGIN,
  );
  doc.moveDown();

  // The totals on the right, the stamp on the left at the same height.
  const totals: [string, number][] = [
    ["Monto neto", invoice.net],
    ["Monto exento", invoice.exempt],
    ["IVA 19 %", invoice.iva],
    ["Total", invoice.total],
  ];
  if (doc.y + Math.max(STAMP.height + 40, totals.length * 16) > doc.page.height - MARGIN) doc.addPage();
  const blockTop = doc.y;
  let ty = blockTop;
  for (const [label, amount] of totals) {
    const bold = label === "Total";
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(bold ? 11 : 9);
    doc.text(label, 360, ty, { width: 100 });
    doc.text(formatMoney(amount), 460, ty, { width: 95, align: "right" });
    ty += 16;
  }
  if (stamp) {
    // The PNG's size (its header's IHDR) says how tall the barcode is once fitted: the caption goes right under it.
    const [w, h] = [stamp.readUInt32BE(16), stamp.readUInt32BE(20)];
    const scale = Math.min(STAMP.width / w, STAMP.height / h);
    doc.image(stamp, MARGIN, blockTop, { scale });
    const width = Math.max(w * scale, 150);
    doc.font("Helvetica-Bold").fontSize(8);
    doc.text("Timbre Electrónico SII", MARGIN, blockTop + h * scale + 4, { width, align: "center" });
    doc.font("Helvetica").text(stampCaption(issuer), { width, align: "center" });
  }
  doc.end();
  return done;
}

/** 'Res. 80 de 2014 Verifique documento: www.sii.cl' (the resolution only when the configuration has it). */
export function stampCaption(issuer: Pick<InvoiceIssuer, "resolution_number" | "resolution_year">): string {
  const res =
    issuer.resolution_number !== null && issuer.resolution_year !== null
      ? `Res. ${issuer.resolution_number} de ${issuer.resolution_year} `
      : "";
  return `${res}Verifique documento: www.sii.cl`;
}
