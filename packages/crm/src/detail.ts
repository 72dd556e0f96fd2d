// A management with everything its detail shows (seed 001 'CRM management detail'), read by crm.get and answered
// by every action. Access: read crm, and with an own-only grant only the user's managements (else FORBIDDEN with
// the spec's no-access text: the detail shows its 403 panel).
import {
  CRM_FOLLOW_UP_DAYS,
  CRM_TEXTS,
  crmBookingAction,
  crmReminderText,
  type CrmCategory,
  type CrmKind,
  type Instant,
  type MessageStatus,
  idSchema,
} from "@taller/core";
import {
  displayedCustomFields,
  instantText,
  loadCompanyTerms,
  loadCustomFieldDefinitions,
  queryRows,
  type Db,
} from "@taller/db";
import { crmOwnCondition } from "./own-condition";
import { TRPCError, type ScopeContext } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";

export const crmIdSchema = z.object({ id: idSchema });

interface DetailRow {
  id: number;
  correlative_id: number;
  kind: CrmKind;
  status_id: number | null;
  status_name: string | null;
  status_color: string | null;
  status_category: CrmCategory | null;
  category: CrmCategory;
  on_hold: boolean;
  comment: string | null;
  created_at: Instant;
  generated_by_id: number | null;
  generated_by_name: string | null;
  scheduled_for: string | null;
  estimated_amount: number;
  recovered_amount: number;
  last_contacted_at: Instant | null;
  requirement_id: number | null;
  requirement_name: string | null;
  from_requirement_id: number | null;
  from_requirement_name: string | null;
  location_id: number | null;
  location_name: string | null;
  user_id: number | null;
  user_name: string | null;
  user_phone: string | null;
  client_id: number | null;
  client_name: string | null;
  client_rut: string | null;
  client_email: string | null;
  client_phone: string | null;
  client_address: string | null;
  client_city: string | null;
  client_rating: number | null;
  vehicle_id: number | null;
  identifier: string | null;
  brand_name: string | null;
  brand_model_name: string | null;
  chassis: string | null;
  color: string | null;
  kms: number | null;
  vehicle_custom_fields: Record<string, unknown> | null;
  booking_id: number | null;
  booking_date: string | null;
  booking_time: string | null;
  booking_start_at: Instant | null;
  booking_created_at: Instant | null;
  booking_confirmed: boolean | null;
  booking_non_attendance: boolean | null;
  booking_rescheduled: boolean | null;
  booking_check_in_time: Instant | null;
  booking_order_id: number | null;
  booking_comment: string | null;
  last_order_id: number | null;
  last_order_correlative_id: number | null;
  last_order_requirement_name: string | null;
  last_order_finish_date: string | null;
  last_order_completed_at: Instant | null;
  last_order_comment: string | null;
  reminder_status: MessageStatus | null;
  whatsapp_plan: boolean;
  follow_up_template: boolean;
  recent: boolean;
}

type DetailContext = ScopeContext & { can(action: "read" | "update", resource: "client" | "crm"): boolean };

/** The management or NOT_FOUND / FORBIDDEN; `action` is the grant whose own-only restriction applies. */
export async function loadDetail(db: Db, ctx: DetailContext, id: number, action: "read" | "update" = "read") {
  const ownerId = ctx.ownOnly(action, "crm") ? ctx.user.id : null;
  const [row] = await queryRows<DetailRow & { owned: boolean }>(
    db,
    sql`SELECT c.id, c.correlative_id, c.kind, s.id AS status_id, s.name AS status_name, s.color AS status_color,
               s.crm_category AS status_category, c.category, c.on_hold, c.comment,
               ${instantText(sql`c.created_at`)} AS created_at, g.id AS generated_by_id, g.name AS generated_by_name,
               c.scheduled_for::text AS scheduled_for, c.estimated_amount, c.recovered_amount,
               ${instantText(sql`c.last_contacted_at`)} AS last_contacted_at,
               r.id AS requirement_id, r.name AS requirement_name, fr.id AS from_requirement_id, fr.name AS from_requirement_name,
               l.id AS location_id, l.name AS location_name, u.id AS user_id, u.name AS user_name, u.phone AS user_phone,
               cl.id AS client_id, cl.name AS client_name, cl.rut AS client_rut, cl.email AS client_email,
               cl.phone AS client_phone, cl.address AS client_address, cl.city AS client_city, cl.rating AS client_rating,
               v.id AS vehicle_id, v.identifier, br.name AS brand_name, bm.name AS brand_model_name, v.chassis, v.color,
               v.kms, v.custom_fields AS vehicle_custom_fields,
               b.id AS booking_id, b.booking_date::text AS booking_date, to_char(b.booking_time, 'HH24:MI') AS booking_time,
               ${instantText(sql`b.start_at`)} AS booking_start_at, ${instantText(sql`b.created_at`)} AS booking_created_at,
               b.confirmed AS booking_confirmed, b.non_attendance AS booking_non_attendance, b.rescheduled AS booking_rescheduled,
               ${instantText(sql`b.check_in_time`)} AS booking_check_in_time, b.order_id AS booking_order_id,
               b.comment AS booking_comment,
               lo.id AS last_order_id, lo.correlative_id AS last_order_correlative_id, lr.name AS last_order_requirement_name,
               lo.finish_date::text AS last_order_finish_date, ${instantText(sql`lo.completed_at`)} AS last_order_completed_at,
               lo.comment AS last_order_comment,
               -- The WhatsApp follow-up (messaging's crm follow-up sweep): what was sent, or what it lacks.
               (SELECT m.status FROM whatsapp_messages m WHERE m.company_id = c.company_id AND m.dedupe_key = 'crm_follow_up:' || c.id) AS reminder_status,
               EXISTS (SELECT 1 FROM whatsapp_configs w WHERE w.company_id = c.company_id AND w.active) AS whatsapp_plan,
               EXISTS (SELECT 1 FROM notification_templates t WHERE t.company_id = c.company_id AND t.notification = 'crm_follow_up'
                       AND t.whatsapp_status = 'approved' AND t.whatsapp_active) AS follow_up_template,
               c.created_at > now() - make_interval(days => ${CRM_FOLLOW_UP_DAYS}) AS recent,
               ${crmOwnCondition(ownerId)} AS owned
        FROM crms c
        LEFT JOIN statuses s ON s.company_id = c.company_id AND s.id = c.status_id
        LEFT JOIN users g ON g.company_id = c.company_id AND g.id = c.generated_by
        LEFT JOIN requirements r ON r.company_id = c.company_id AND r.id = c.requirement_id
        LEFT JOIN requirements fr ON fr.company_id = c.company_id AND fr.id = c.from_requirement_id
        LEFT JOIN locations l ON l.company_id = c.company_id AND l.id = c.location_id
        LEFT JOIN users u ON u.company_id = c.company_id AND u.id = c.user_id
        LEFT JOIN clients cl ON cl.company_id = c.company_id AND cl.id = c.client_id
        LEFT JOIN vehicles v ON v.company_id = c.company_id AND v.id = c.vehicle_id
        LEFT JOIN brands br ON br.company_id = v.company_id AND br.id = v.brand_id
        LEFT JOIN brand_models bm ON bm.company_id = v.company_id AND bm.id = v.brand_model_id
        LEFT JOIN bookings b ON b.company_id = c.company_id AND b.id = c.booking_id
        -- The order the management opened with, else the vehicle's latest.
        LEFT JOIN orders lo ON lo.company_id = c.company_id AND lo.id = coalesce(c.last_order_id,
          (SELECT o.id FROM orders o WHERE o.company_id = c.company_id AND o.vehicle_id = c.vehicle_id
           ORDER BY o.check_in_time DESC, o.id DESC LIMIT 1))
        LEFT JOIN requirements lr ON lr.company_id = lo.company_id AND lr.id = lo.requirement_id
        WHERE c.company_id = ${ctx.companyId} AND c.id = ${id}`,
  );
  if (!row) throw new TRPCError({ code: "NOT_FOUND", message: CRM_TEXTS.notFound });
  if (!row.owned) throw new TRPCError({ code: "FORBIDDEN", message: CRM_TEXTS.forbidden });
  const readClient = ctx.can("read", "client");
  const definitions = row.vehicle_custom_fields ? await loadCustomFieldDefinitions(db, ctx.companyId) : [];
  const named = (id: number | null, name: string | null) => (id === null || name === null ? null : { id, name });
  const booking =
    row.booking_id === null
      ? null
      : {
          id: row.booking_id,
          booking_date: row.booking_date,
          booking_time: row.booking_time,
          start_at: row.booking_start_at,
          created_at: row.booking_created_at,
          confirmed: row.booking_confirmed === true,
          non_attendance: row.booking_non_attendance === true,
          rescheduled: row.booking_rescheduled === true,
          checked_in: row.booking_check_in_time !== null || row.booking_order_id !== null,
          check_in_time: row.booking_check_in_time,
          order_id: row.booking_order_id,
          comment: row.booking_comment,
        };
  return {
    id: row.id,
    correlative_id: row.correlative_id,
    kind: row.kind,
    status:
      row.status_id === null || row.status_name === null || row.status_color === null
        ? null
        : { id: row.status_id, name: row.status_name, color: row.status_color, category: row.status_category },
    category: row.category,
    on_hold: row.on_hold,
    comment: row.comment,
    created_at: row.created_at,
    generated_by: named(row.generated_by_id, row.generated_by_name),
    scheduled_for: row.scheduled_for,
    estimated_amount: row.estimated_amount,
    recovered_amount: row.recovered_amount,
    last_contacted_at: row.last_contacted_at,
    requirement: named(row.requirement_id, row.requirement_name),
    from_requirement: named(row.from_requirement_id, row.from_requirement_name),
    location: named(row.location_id, row.location_name),
    user:
      row.user_id === null || row.user_name === null
        ? null
        : { id: row.user_id, name: row.user_name, phone: row.user_phone },
    client:
      !readClient || row.client_id === null || row.client_name === null
        ? null
        : {
            id: row.client_id,
            name: row.client_name,
            rut: row.client_rut,
            email: row.client_email,
            phone: row.client_phone,
            address: row.client_address,
            city: row.client_city,
            rating: row.client_rating ?? 0,
          },
    client_hidden: !readClient && row.client_id !== null,
    object:
      row.vehicle_id === null || row.identifier === null
        ? null
        : {
            id: row.vehicle_id,
            identifier: row.identifier,
            brand: row.brand_name,
            brand_model: row.brand_model_name,
            chassis: row.chassis,
            color: row.color,
            // The spec shows kilometres only when they are >= 0.
            kms: row.kms !== null && row.kms >= 0 ? row.kms : null,
            custom_fields: displayedCustomFields(row.vehicle_custom_fields ?? {}, definitions),
          },
    booking,
    last_order:
      row.last_order_id === null
        ? null
        : {
            id: row.last_order_id,
            correlative_id: row.last_order_correlative_id,
            requirement_name: row.last_order_requirement_name,
            finish_date: row.last_order_finish_date,
            completed_at: row.last_order_completed_at,
            comment: row.last_order_comment,
          },
    can_update: ctx.can("update", "crm"),
    booking_action: crmBookingAction(booking),
    reminder: crmReminderText(
      {
        category: row.category,
        message: row.reminder_status,
        plan: row.whatsapp_plan,
        template: row.follow_up_template,
        phone: row.client_phone !== null && row.client_phone.trim() !== "",
        recent: row.recent,
      },
      (await loadCompanyTerms(db, ctx.companyId)).client,
    ),
  };
}

export type CrmDetail = Awaited<ReturnType<typeof loadDetail>>;
