// The orders spreadsheet (seed 002 sections 3.4 and 9): sheet 'Data', one row per order with the export row's
// fields in the spec's order under Spanish headers, then the shown custom fields. Dates are real date cells (Chile's
// wall-clock time) shown in the es-CL short format, so a spreadsheet sorts and filters them as dates.
import { orderShort, EXPORT_MAX_ROWS, type Instant, type TermKey, type TermWords, wallClockDate } from "@taller/core";
import { customFieldColumns, customFieldText, type CustomFieldColumn, type CustomFieldDefinition } from "@taller/db";
import type { Cell, Spreadsheet } from "@taller/trpc";

export { EXPORT_MAX_ROWS };

/** es-CL short date, as formatShortDateCL writes it ("04-04-26"). */
export const SHORT_DATE_FORMAT = "dd-mm-yy";

/** The export row's fields (seed 002 section 3.4) in order, each with the header a person reads. */
export const EXPORT_COLUMNS = [
  // Both headed in the company's words by exportHeaders.
  // eslint-disable-next-line taller/fixed-term -- replaced by exportHeaders
  ["correlative_id", "N° Orden"],
  // eslint-disable-next-line taller/fixed-term -- replaced by exportHeaders
  ["client_name", "Cliente"],
  ["client_rut", "RUT"],
  ["client_email", "Correo"],
  ["client_phone", "Teléfono"],
  ["from", "Origen"],
  ["assignee_name", "Técnico Asignado"],
  ["user_name", "Recepcionado Por"],
  ["brand_name", "Marca"],
  ["brand_model_name", "Modelo"],
  ["identifier", "Patente"],
  ["chasis", "Chasis"],
  ["kms", "Kilometraje"],
  ["requirement_name", "Requerimiento"],
  ["status_name", "Estado"],
  ["check_in_time", "Fecha Recepción"],
  ["ended_at", "Fecha Entrega"],
  ["comment", "Comentario"],
  ["technical_user_id", "ID Técnico"],
] as const;

type ExportColumn = (typeof EXPORT_COLUMNS)[number][0];

/**
 * The headers in the company's words: its term for the client names that column, and a renamed order its number
 * ('N° Reparación'); the default order keeps the spec's short 'N° Orden'.
 */
export function exportHeaders(terms: Pick<Record<TermKey, TermWords>, "client" | "order">): string[] {
  return EXPORT_COLUMNS.map(([key, header]) => {
    if (key === "client_name") return terms.client.one;
    if (key === "correlative_id") return `N° ${orderShort(terms.order)}`;
    return header;
  });
}
type DateColumn = "check_in_time" | "ended_at";
type NumberColumn = "correlative_id" | "kms" | "technical_user_id";
const DATE_COLUMNS: readonly ExportColumn[] = ["check_in_time", "ended_at"];

/** One order as the export reads it; custom fields are the vehicle's merged under the order's own. */
export type ExportOrder = { [K in Exclude<ExportColumn, DateColumn | NumberColumn>]: string | null } & {
  correlative_id: number;
  kms: number | null;
  technical_user_id: number | null;
  check_in_time: Instant;
  ended_at: Instant | null;
  custom_fields: Record<string, unknown>;
};

/** A row's cells in header order: the fixed fields (dates as Chile's wall-clock time), then one per custom column. */
export function exportRow(order: ExportOrder, columns: readonly CustomFieldColumn[]): Cell[] {
  return [
    ...EXPORT_COLUMNS.map(([key]): Cell => {
      if (key === "check_in_time" || key === "ended_at") {
        const instant = order[key];
        return instant === null ? null : wallClockDate(instant);
      }
      return order[key];
    }),
    ...columns.map((c) => customFieldText(order.custom_fields[c.key], c.definition) || null),
  ];
}

/** The sheet 'Data': the headers in the company's words, the custom columns any exported order fills, date formats. */
export function ordersSpreadsheet(
  orders: readonly ExportOrder[],
  definitions: readonly CustomFieldDefinition[],
  terms: Pick<Record<TermKey, TermWords>, "client" | "order">,
): Spreadsheet {
  const columns = customFieldColumns(
    definitions,
    orders.map((o) => o.custom_fields),
  );
  return {
    sheet: "Data",
    headers: [...exportHeaders(terms), ...columns.map((c) => c.label)],
    formats: new Map(
      EXPORT_COLUMNS.flatMap(([key], i) => (DATE_COLUMNS.includes(key) ? [[i, SHORT_DATE_FORMAT] as const] : [])),
    ),
    rows: orders.map((order) => exportRow(order, columns)),
  };
}
