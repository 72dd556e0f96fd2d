// The budget PDF ('Presupuesto_{correlative}', seed 002 section 7.1), drawn with pdfkit: a maintained library that
// lays out text (wrapping, the standard fonts' metrics with Spanish accents) and streams the file, where pdf-lib
// would have us measure and wrap every cell by hand. es-CL money ('$1.234.567') and dates (dd-mm-yyyy, Santiago).
import { formatDate, formatMoney, pdfFileName, type TermKey, type TermWords } from "@taller/core";
import type { BudgetDetail } from "./detail";
import { type PdfColumn, pdfTable } from "./pdf-table";

const MARGIN = 50;
// Column x positions and widths on an A4 page (595 pt wide): description, quantity, unit price, discount, total.
const COLUMNS: readonly PdfColumn[] = [
  { title: "Descripción", x: MARGIN, width: 215, align: "left" },
  { title: "Cant.", x: 270, width: 40, align: "right" },
  { title: "Precio unitario", x: 315, width: 80, align: "right" },
  { title: "Descuento", x: 400, width: 65, align: "right" },
  { title: "Total", x: 470, width: 75, align: "right" },
];

/**
 * The budget as a PDF file (its title in the document's metadata is 'Presupuesto_{correlative}'); the order, the
 * client and the vehicle are named in the company's terms.
 */
export async function budgetPdf(budget: BudgetDetail, terms: Record<TermKey, TermWords>): Promise<Buffer> {
  // Loaded with the first PDF, not at start (pdfkit and its fonts' metrics weigh on every process).
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: { Title: pdfFileName(budget.correlative_id).replace(/\.pdf$/, ""), Author: budget.company_name },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  doc.font("Helvetica-Bold").fontSize(18).text(budget.company_name);
  doc.moveDown(0.3).fontSize(14).text(`Presupuesto Nº ${budget.correlative_id}`);
  doc
    .font("Helvetica")
    .fontSize(10)
    .text(`Fecha: ${formatDate(budget.created_at)}`);
  doc.text(`Estado: ${budget.status.name}`);
  doc.moveDown();
  const o = budget.order;
  const vehicle = [o.brand_name, o.brand_model_name, o.identifier].filter(Boolean).join(" ");
  const facts: [string, string | null][] = [
    [terms.order.one, `#${o.correlative_id}${o.requirement_name ? ` - ${o.requirement_name}` : ""}`],
    [terms.client.one, o.client_name],
    ["RUT", o.client_rut],
    ["Correo", o.client_email],
    ["Teléfono", o.client_phone],
    [terms.object.one, vehicle || null],
  ];
  for (const [label, value] of facts)
    if (value) doc.font("Helvetica-Bold").text(`${label}: `, { continued: true }).font("Helvetica").text(value);
  doc.moveDown();

  pdfTable(
    doc,
    COLUMNS,
    budget.lines.map((l) => [
      l.product_code ? `${l.description} (${l.product_code})` : l.description,
      String(l.quantity),
      formatMoney(l.unit_price),
      l.discount ? formatMoney(l.discount) : "-",
      formatMoney(l.total),
    ]),
    MARGIN,
  );
  doc
    .moveDown(0.5)
    .font("Helvetica-Bold")
    .fontSize(12)
    .text(`Total: ${formatMoney(budget.total)}`, MARGIN, doc.y, { align: "right", width: doc.page.width - 2 * MARGIN });
  if (budget.notes) {
    doc.moveDown().font("Helvetica-Bold").fontSize(10).text("Notas", MARGIN);
    doc.font("Helvetica").text(budget.notes);
  }
  doc.end();
  return done;
}
