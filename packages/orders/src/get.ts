import type { Instant } from "@taller/core";
import { instantText, queryRows, termNotFound } from "@taller/db";
import { can, ownedDocument, staffProcedure, TRPCError } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { displayedCustomFields, loadCustomFieldDefinitions } from "@taller/db";
import { ORDER_FROM } from "./order-rows";
import { idSchema } from "@taller/core";

interface DetailRow {
  id: number;
  correlative_id: number;
  status_id: number;
  status_name: string;
  status_color: string;
  status_finish: boolean;
  status_cancel: boolean;
  version: number;
  cancel_reason: string | null;
  requirement_id: number | null;
  requirement_name: string | null;
  client_id: number | null;
  client_name: string | null;
  client_rut: string | null;
  client_email: string | null;
  client_phone: string | null;
  vehicle_id: number | null;
  identifier: string | null;
  chassis: string | null;
  year: number | null;
  color: string | null;
  vehicle_kms: number | null;
  brand_name: string | null;
  brand_model_name: string | null;
  location_id: number | null;
  location_name: string | null;
  user_id: number | null;
  user_name: string | null;
  assignee_id: number | null;
  assignee_name: string | null;
  check_in_time: Instant;
  finish_date: string | null;
  completed_at: Instant | null;
  ended_at: Instant | null;
  kms: number | null;
  comment: string | null;
  from: string | null;
  total: number;
  recall_data: unknown[];
  pictures: { url: string; name?: string; video?: boolean }[];
  custom_fields: Record<string, unknown>;
  budget_id: number | null;
  budget_correlative_id: number | null;
  budget_total: number | null;
  budget_status_id: number | null;
  budget_status_name: string | null;
  budget_status_color: string | null;
}

interface StatusLogRow {
  id: number;
  status_id: number;
  status_name: string;
  status_color: string;
  user_name: string | null;
  reason: string | null;
  created_at: Instant;
}

/**
 * One order with everything its read-only detail shows (page or dialog). Another company's id, and with an "own
 * records only" grant an order the user neither received nor is assigned, is NOT_FOUND.
 */
export const get = staffProcedure
  .use(can("read", "check_in"))
  .input(z.object({ id: idSchema }))
  .query(async ({ ctx, input }) => {
    const ownerId = ctx.ownOnly("read", "check_in") ? ctx.user.id : null;
    const [row] = await queryRows<DetailRow>(
      ctx.db,
      sql`SELECT o.id, o.correlative_id, s.id AS status_id, s.name AS status_name, s.color AS status_color,
                 s.finish AS status_finish, s.cancel AS status_cancel, o.version, o.cancel_reason,
                 o.requirement_id, r.name AS requirement_name,
                 c.id AS client_id, c.name AS client_name, c.rut AS client_rut, c.email AS client_email, c.phone AS client_phone,
                 v.id AS vehicle_id, v.identifier, v.chassis, v.year, v.color, v.kms AS vehicle_kms,
                 br.name AS brand_name, bm.name AS brand_model_name, o.location_id, l.name AS location_name,
                 o.user_id, u.name AS user_name, o.assignee_id, a.name AS assignee_name,
                 ${instantText(sql`o.check_in_time`)} AS check_in_time, o.finish_date::text AS finish_date,
                 ${instantText(sql`o.completed_at`)} AS completed_at, ${instantText(sql`o.ended_at`)} AS ended_at,
                 o.kms, o.comment, o."from", o.total, o.recall_data, o.pictures,
                 coalesce(v.custom_fields, '{}'::jsonb) || o.custom_fields AS custom_fields,
                 lb.id AS budget_id, lb.correlative_id AS budget_correlative_id, lb.total AS budget_total,
                 bs.id AS budget_status_id, bs.name AS budget_status_name, bs.color AS budget_status_color
          FROM ${ORDER_FROM}
          WHERE o.id = ${input.id} AND o.company_id = ${ctx.companyId}
            AND ${ownedDocument("Order", ownerId)}`,
      // Eleven joins take longer to plan than to run: the plan is kept per connection.
      { prepare: true },
    );
    if (!row) throw new TRPCError({ code: "NOT_FOUND", message: await termNotFound(ctx.db, ctx.companyId, "order") });
    const definitions = await loadCustomFieldDefinitions(ctx.db, ctx.companyId);
    const statusLogs = await queryRows<StatusLogRow>(
      ctx.db,
      sql`SELECT l.id, l.status_id, s.name AS status_name, s.color AS status_color, u.name AS user_name, l.reason,
                 ${instantText(sql`l.created_at`)} AS created_at
          FROM order_status_logs l
          JOIN statuses s ON s.company_id = l.company_id AND s.id = l.status_id
          LEFT JOIN users u ON u.company_id = l.company_id AND u.id = l.user_id
          WHERE l.company_id = ${ctx.companyId} AND l.order_id = ${row.id}
          ORDER BY l.id`,
    );
    const named = (id: number | null, name: string | null) => (id === null || name === null ? null : { id, name });
    return {
      id: row.id,
      correlative_id: row.correlative_id,
      status: {
        id: row.status_id,
        name: row.status_name,
        color: row.status_color,
        finish: row.status_finish,
        cancel: row.status_cancel,
      },
      // What the order's writes send back (orders.changeStatus, update, deliver, cancel): stale means someone else
      // changed it meanwhile.
      version: row.version,
      cancel_reason: row.cancel_reason,
      // The spec's status_logs: every status it entered, who moved it and when, oldest first.
      status_logs: statusLogs,
      requirement: named(row.requirement_id, row.requirement_name),
      client:
        row.client_id === null || row.client_name === null
          ? null
          : {
              id: row.client_id,
              name: row.client_name,
              rut: row.client_rut,
              email: row.client_email,
              phone: row.client_phone,
            },
      object:
        row.vehicle_id === null || row.identifier === null
          ? null
          : {
              id: row.vehicle_id,
              identifier: row.identifier,
              brand_name: row.brand_name,
              brand_model_name: row.brand_model_name,
              chasis: row.chassis,
              year: row.year,
              color: row.color,
              kms: row.vehicle_kms,
            },
      location: named(row.location_id, row.location_name),
      user: named(row.user_id, row.user_name),
      assignee: named(row.assignee_id, row.assignee_name),
      check_in_time: row.check_in_time,
      finish_date: row.finish_date,
      completed_at: row.completed_at,
      ended_at: row.ended_at,
      kms: row.kms,
      comment: row.comment,
      from: row.from,
      total: row.total,
      recall_data: row.recall_data,
      pictures: row.pictures,
      custom_fields: displayedCustomFields(row.custom_fields, definitions),
      last_budget:
        row.budget_id === null || row.budget_status_id === null
          ? null
          : {
              id: row.budget_id,
              correlative_id: row.budget_correlative_id,
              total: row.budget_total,
              status: { id: row.budget_status_id, name: row.budget_status_name, color: row.budget_status_color },
            },
    };
  });
