import { dayDateSchema, DEFAULT_TZ, EXPORT_MAX_ROWS } from "@taller/core";
import { instantText, intArray, queryRows, type Db } from "@taller/db";
import { can, cappedCount, oneJobAtATime, spreadsheetDownload, staffProcedure } from "@taller/trpc";
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { loadCompanyTerms, loadCustomFieldDefinitions } from "@taller/db";
import { ordersSpreadsheet, type ExportOrder } from "./export-xlsx";
import { filtersInput, orderFilters } from "./filters";
import { countOrders, filterConditions } from "./list-query";
import { ORDER_FROM } from "./order-rows";

const day = dayDateSchema.nullish();
const ranges = [
  ["start_check_in", "end_check_in"],
  ["start_ended_at", "end_ended_at"],
] as const;

const exportInput = z
  .object({
    // Every filter of the list...
    ...filtersInput,
    // ...and 'Filtros Adicionales': Fecha Recepción and Fecha Entrega, days in Chile's time, both ends included.
    start_check_in: day,
    end_check_in: day,
    start_ended_at: day,
    end_ended_at: day,
  })
  .superRefine((input, ctx) => {
    for (const [start, end] of ranges) {
      const from = input[start];
      const to = input[end];
      if (from && to && from > to)
        ctx.addIssue({ code: "custom", path: [end], message: "La fecha final es anterior a la inicial" });
    }
  });

/** Instants from the start of day `from` to the end of day `to` in Chile (either end optional). */
function within(column: string, from: string | null | undefined, to: string | null | undefined): SQL {
  const col = sql.raw(column);
  return sql.join(
    [
      from ? sql`${col} >= (${from}::date)::timestamp AT TIME ZONE ${DEFAULT_TZ}` : sql`true`,
      to ? sql`${col} < (${to}::date + 1)::timestamp AT TIME ZONE ${DEFAULT_TZ}` : sql`true`,
    ],
    sql` AND `,
  );
}

/** The export's rows for these correlative numbers, newest first. */
function loadExportRows(db: Db, companyId: number, correlativeIds: number[]): Promise<ExportOrder[]> {
  if (correlativeIds.length === 0) return Promise.resolve([]);
  return queryRows<ExportOrder>(
    db,
    sql`SELECT o.correlative_id, c.name AS client_name, c.rut AS client_rut, c.email AS client_email, c.phone AS client_phone,
               o."from", a.name AS assignee_name, u.name AS user_name, br.name AS brand_name, bm.name AS brand_model_name,
               v.identifier, v.chassis AS chasis, coalesce(o.kms, v.kms) AS kms, r.name AS requirement_name,
               s.name AS status_name, ${instantText(sql`o.check_in_time`)} AS check_in_time,
               ${instantText(sql`o.ended_at`)} AS ended_at, o.comment, o.assignee_id AS technical_user_id,
               coalesce(v.custom_fields, '{}'::jsonb) || o.custom_fields AS custom_fields
        FROM ${ORDER_FROM}
        WHERE o.company_id = ${companyId} AND o.correlative_id = ANY(${intArray(correlativeIds)})
        ORDER BY o.correlative_id DESC`,
  );
}

/**
 * The filtered orders as an .xlsx, newest first, at most 1000 ('*Máximo 1000 registros'), under every filter of
 * the list (statuses, budget statuses, search, locations, own orders) plus the date ranges. `left_out` says how many
 * more matched. The file comes back in the answer (base64): at most a few hundred kilobytes, no stored copy to clean
 * up and no separately authorized download. One export per user at a time (TOO_MANY_REQUESTS otherwise).
 */
export const exportOrders = staffProcedure
  .use(can("update", "check_in"))
  .input(exportInput)
  .mutation(async ({ ctx, input }) => {
    const filters = await orderFilters(ctx, input);
    const dated = ranges.some(([start, end]) => input[start] || input[end]);
    const where = sql`${filterConditions(filters)}
      AND ${within("check_in_time", input.start_check_in, input.end_check_in)}
      AND ${within("ended_at", input.start_ended_at, input.end_ended_at)}`;
    return oneJobAtATime(ctx.db, "orders_export", ctx.user.id, async (db) => {
      const picked = await queryRows<{ correlative_id: number }>(
        db,
        sql`SELECT correlative_id FROM orders WHERE ${where} ORDER BY correlative_id DESC LIMIT ${EXPORT_MAX_ROWS + 1}`,
      );
      // Counted only when the file cannot hold them all: from the list's counts without date ranges (the counts
      // table when nothing else narrows it), else up to COUNT_CAP; past it `left_out` is a lower bound.
      const matched =
        picked.length <= EXPORT_MAX_ROWS
          ? { total: picked.length, capped: false }
          : dated
            ? await cappedCount(db, sql`orders`, where)
            : await countOrders(db, filters);
      const rows = await loadExportRows(
        db,
        ctx.companyId,
        picked.slice(0, EXPORT_MAX_ROWS).map((r) => r.correlative_id),
      );
      const terms = await loadCompanyTerms(db, ctx.companyId);
      const sheet = ordersSpreadsheet(rows, await loadCustomFieldDefinitions(db, ctx.companyId), terms);
      return {
        // Named with the company's word for its orders: "Reparaciones 21-11-2026 14-30.xlsx".
        ...(await spreadsheetDownload(terms.order.many, sheet)),
        rows: rows.length,
        /** Orders that matched but did not fit in the file (a lower bound when `left_out_capped`). */
        left_out: matched.total - rows.length,
        left_out_capped: matched.capped,
        truncated: matched.total > rows.length,
      };
    });
  });
