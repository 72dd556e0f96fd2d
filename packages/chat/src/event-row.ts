// An event message's calendar event: written by the chat in the message's transaction into the calendar's own
// `events` table (docs/domains/calendar.md), so the calendar's 'Eventos' shows it; attached to the order of an
// Order chat. Open calendars hear `calendar.event.changed`.
import { present } from "@taller/core";
import type { z } from "zod";
import type { chatEventInput } from "@taller/core";
import { queryRows } from "@taller/db";
import type { Transaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import type { ChatAccess } from "./access";

type EventFields = z.output<typeof chatEventInput>;

/** Creates the event (eventId null) or updates it; answers its id. */
export async function writeEvent(
  tx: Transaction,
  ctx: { companyId: number; user: { id: number } },
  chat: ChatAccess,
  event: EventFields,
  eventId: number | null,
): Promise<number> {
  const minutes = Math.round(event.duration * 60);
  const orderId = chat.document_type === "Order" ? chat.document_id : null;
  const [row] =
    eventId === null
      ? await queryRows<{ id: number }>(
          tx.db,
          sql`INSERT INTO events (company_id, name, start_at, duration_minutes, all_day, order_id, created_by)
              VALUES (${ctx.companyId}, ${event.name}, ${event.start}::timestamptz, ${minutes}, false, ${orderId}, ${ctx.user.id})
              RETURNING id`,
        )
      : await queryRows<{ id: number }>(
          tx.db,
          sql`UPDATE events SET name = ${event.name}, start_at = ${event.start}::timestamptz, duration_minutes = ${minutes}, updated_at = now()
              WHERE company_id = ${ctx.companyId} AND id = ${eventId} RETURNING id`,
        );
  const id = present(row, "written event").id;
  await tx.emit({ type: "calendar.event.changed", companyId: ctx.companyId, payload: { id } });
  return id;
}
