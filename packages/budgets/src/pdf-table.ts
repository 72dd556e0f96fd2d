// A table of lines on a pdfkit page, shared by the documents the product prints (a budget, an invoice).

export interface PdfColumn {
  title: string;
  x: number;
  width: number;
  align: "left" | "right";
}

/**
 * Draws a bold header row, a rule under it, each row (a row that does not fit starts a new page; its height is its
 * tallest cell's) and a rule after the last, from the current position, `margin` from both page edges.
 */
export function pdfTable(
  doc: PDFKit.PDFDocument,
  columns: readonly PdfColumn[],
  rows: readonly (readonly string[])[],
  margin: number,
): void {
  const row = (cells: readonly string[], bold: boolean) => {
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(9);
    const height = Math.max(...columns.map((c, i) => doc.heightOfString(cells[i] ?? "", { width: c.width })));
    if (doc.y + height > doc.page.height - margin) doc.addPage();
    const top = doc.y;
    columns.forEach((c, i) => doc.text(cells[i] ?? "", c.x, top, { width: c.width, align: c.align }));
    doc.x = margin;
    doc.y = top + height + 4;
  };
  const rule = (y: number) =>
    doc
      .moveTo(margin, y)
      .lineTo(doc.page.width - margin, y)
      .stroke();
  row(
    columns.map((c) => c.title),
    true,
  );
  rule(doc.y - 2);
  for (const cells of rows) row(cells, false);
  rule(doc.y);
}
