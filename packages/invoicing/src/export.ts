// 'Exportar': the filtered list as an .xlsx (the shared builder in @taller/trpc), newest first, at most
// EXPORT_MAX_ROWS rows; `left_out` says how many more matched. One export per user at a time, as the other lists.
import { dteTypeName, EXPORT_MAX_ROWS, invoiceStatusName, wallClockDate } from "@taller/core";
import { loadCompanyTerms } from "@taller/db";
import { can, oneJobAtATime, spreadsheetDownload, staffProcedure, type Spreadsheet } from "@taller/trpc";
import { z } from "zod";
import { countInvoices } from "./counts";
import { filtersInput, invoiceFilters } from "./filters";
import { findPage, type InvoiceListRow } from "./list";

export const INVOICES_EXPORT_TITLE = "Facturación";
const PESOS_FORMAT = '"$"#,##0';
const DATE_FORMAT = "dd-mm-yy";

/** The sheet: one row per document; amounts in pesos, the day as Chile's wall-clock date. */
export function invoicesSpreadsheet(rows: readonly InvoiceListRow[], orderTerm: string): Spreadsheet {
  return {
    sheet: "Documentos",
    headers: ["Tipo", "Folio", "Estado", "RUT", "Receptor", orderTerm, "Neto", "Exento", "IVA", "Total", "Fecha"],
    formats: new Map([
      [6, PESOS_FORMAT],
      [7, PESOS_FORMAT],
      [8, PESOS_FORMAT],
      [9, PESOS_FORMAT],
      [10, DATE_FORMAT],
    ]),
    rows: rows.map((r) => [
      dteTypeName(r.dte_type),
      r.folio,
      invoiceStatusName(r.status),
      r.receiver_rut,
      r.receiver_name,
      r.order_correlative === null ? null : `#${r.order_correlative}`,
      r.net,
      r.exempt,
      r.iva,
      r.total,
      wallClockDate(r.issued_at ?? r.created_at),
    ]),
  };
}

export const exportInvoices = staffProcedure
  .use(can("read", "invoice"))
  .input(z.object(filtersInput))
  .mutation(async ({ ctx, input }) => {
    const filters = invoiceFilters(ctx, input);
    const terms = await loadCompanyTerms(ctx.db, ctx.companyId);
    return oneJobAtATime(ctx.db, "invoices_export", ctx.user.id, async (db) => {
      const picked = await findPage(db, filters, null, EXPORT_MAX_ROWS + 1);
      // Only a file that could not hold every match asks how many more there are (the list's count: stored or capped).
      const matched =
        picked.length <= EXPORT_MAX_ROWS ? { total: picked.length, capped: false } : await countInvoices(db, filters);
      const rows = picked.slice(0, EXPORT_MAX_ROWS);
      return {
        ...(await spreadsheetDownload(INVOICES_EXPORT_TITLE, invoicesSpreadsheet(rows, terms.order.one))),
        rows: rows.length,
        /** Documents that matched but did not fit in the file (a lower bound when `left_out_capped`). */
        left_out: matched.total - rows.length,
        left_out_capped: matched.capped,
      };
    });
  });
