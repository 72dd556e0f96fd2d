import {
  NOTIFICATION_KINDS,
  type AnswerType,
  type Instant,
  type NotificationKind,
  type TemplateStatus,
} from "@taller/core";
import { instantText, queryRows } from "@taller/db";
import { managerProcedure } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { companyInput } from "./config";

export interface NotificationRow {
  notification: NotificationKind;
  label: string;
  template: {
    id: number;
    name: string;
    text: string;
    answer_type: AnswerType;
    show_order: boolean;
    show_budget: boolean;
    whatsapp_active: boolean;
    fills: string[];
    whatsapp_status: TemplateStatus | null;
    status_reason: string | null;
    paused_until: Instant | null;
  } | null;
}

/** 'Notificaciones de la empresa': every notification the product sends, with the company's template if it has one. */
export const notifications = managerProcedure
  .input(companyInput)
  .query(async ({ ctx, input }): Promise<NotificationRow[]> => {
    const rows = await queryRows<NonNullable<NotificationRow["template"]> & { notification: NotificationKind }>(
      ctx.db,
      sql`SELECT id, notification, name, text, answer_type, show_order, show_budget, whatsapp_active, fills,
               whatsapp_status, status_reason, ${instantText(sql`paused_until`)} AS paused_until
        FROM notification_templates WHERE company_id = ${input.company_id}`,
    );
    const byKind = new Map(rows.map(({ notification, ...t }) => [notification, t]));
    return (Object.keys(NOTIFICATION_KINDS) as NotificationKind[]).map((kind) => ({
      notification: kind,
      label: NOTIFICATION_KINDS[kind],
      template: byKind.get(kind) ?? null,
    }));
  });
