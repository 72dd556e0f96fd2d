import { DEFAULT_TZ } from "@taller/core";
import { brandModels, brands, clients, intArray, orders, queryRows, requirements, statuses, users, vehicles } from "@taller/db";
import { can, staffProcedure } from "@taller/trpc";
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import { loadCustomFieldDefinitions } from "./custom-fields";
import { buildWorkbook, EXPORT_MAX_ROWS, exportFileName, type ExportOrder } from "./export-xlsx";
import { filtersInput, parseFilters } from "./filters";
import { filterConditions } from "./list-query";

const day = z.iso.date("Fecha inválida (AAAA-MM-DD)").nullish();
const ranges = [
  ["start_check_in", "end_check_in"],
  ["start_ended_at", "end_ended_at"],
] as const;

const exportInput = z
  .object({
    status_id: filtersInput.status_id,
    search: filtersInput.search,
    // 'Filtros Adicionales': Fecha Recepción and Fecha Entrega, days in Chile's time, both ends included.
    start_check_in: day,
    end_check_in: day,
    start_ended_at: day,
    end_ended_at: day,
  })
  .superRefine((input, ctx) => {
    for (const [start, end] of ranges) {
      const from = input[start];
      const to = input[end];
      if (from && to && from > to) ctx.addIssue({ code: "custom", path: [end], message: "La fecha final es anterior a la inicial" });
    }
  });

const assignees = alias(users, "assignees");

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

/**
 * The filtered orders as an .xlsx, newest first, at most 1000 ('*Máximo 1000 registros'). The file comes back in
 * the answer (base64): it is at most a few hundred kilobytes, and this way it needs no stored copy to clean up
 * and no second, separately authorized download.
 */
export const exportOrders = staffProcedure
  .use(can("update", "check_in"))
  .input(exportInput)
  .mutation(async ({ ctx, input }) => {
    const filters = parseFilters(ctx.companyId, input);
    const picked = await queryRows<{ correlative_id: number }>(
      ctx.db,
      sql`SELECT correlative_id FROM orders
          WHERE ${filterConditions(filters)}
            AND ${within("check_in_time", input.start_check_in, input.end_check_in)}
            AND ${within("ended_at", input.start_ended_at, input.end_ended_at)}
          ORDER BY correlative_id DESC LIMIT ${EXPORT_MAX_ROWS + 1}`,
    );
    const correlativeIds = picked.slice(0, EXPORT_MAX_ROWS).map((r) => r.correlative_id);
    const rows: ExportOrder[] = correlativeIds.length
      ? await ctx.db
          .select({
            correlative_id: orders.correlativeId,
            client_name: clients.name,
            client_rut: clients.rut,
            client_email: clients.email,
            client_phone: clients.phone,
            from: orders.from,
            assignee_name: assignees.name,
            user_name: users.name,
            brand_name: brands.name,
            brand_model_name: brandModels.name,
            identifier: vehicles.identifier,
            chasis: vehicles.chassis,
            kms: sql<number | null>`coalesce(${orders.kms}, ${vehicles.kms})`,
            requirement_name: requirements.name,
            status_name: statuses.name,
            check_in_time: orders.checkInTime,
            ended_at: orders.endedAt,
            comment: orders.comment,
            technical_user_id: orders.assigneeId,
            custom_fields: sql<Record<string, unknown>>`coalesce(${vehicles.customFields}, '{}'::jsonb) || ${orders.customFields}`,
          })
          .from(orders)
          .innerJoin(statuses, eq(statuses.id, orders.statusId))
          .leftJoin(requirements, eq(requirements.id, orders.requirementId))
          .leftJoin(clients, eq(clients.id, orders.clientId))
          .leftJoin(vehicles, eq(vehicles.id, orders.vehicleId))
          .leftJoin(brands, eq(brands.id, vehicles.brandId))
          .leftJoin(brandModels, eq(brandModels.id, vehicles.brandModelId))
          .leftJoin(users, eq(users.id, orders.userId))
          .leftJoin(assignees, eq(assignees.id, orders.assigneeId))
          .where(and(eq(orders.companyId, ctx.companyId), sql`${orders.correlativeId} = ANY(${intArray(correlativeIds)})`))
          .orderBy(desc(orders.correlativeId))
      : [];
    const file = await buildWorkbook(rows, await loadCustomFieldDefinitions(ctx.db, ctx.companyId));
    return {
      filename: exportFileName(new Date()),
      content_type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      base64: file.toString("base64"),
      rows: rows.length,
      /** More orders matched than the file holds. */
      truncated: picked.length > EXPORT_MAX_ROWS,
    };
  });
