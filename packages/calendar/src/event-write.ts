// What creating and updating an event share: the form's values as the write module takes them, the order link
// check, and the answer.
import { type Can, type eventFieldsSchema } from "@taller/core";
import { queryRows, termNotFound, type Db } from "@taller/db";
import { fieldError, type ScopeContext } from "@taller/trpc";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { orderScopeCondition, orderScopeOf, selectEvents, type CalendarEvent } from "./rows";
import type { EventWrite } from "./write/events";

type EventFields = z.output<typeof eventFieldsSchema>;

/** The form's values as an event write: the start on Santiago's clock, the duration in hours. */
export function formEvent(input: EventFields): EventWrite {
  return {
    name: input.name,
    start: { date: input.date, time: input.time ?? null },
    durationHours: input.duration,
    allDay: input.all_day,
    orderId: input.order_id ?? null,
  };
}

/**
 * An event may be attached only to an order the user can read (the tenant-bound key refuses another company's;
 * this also refuses one outside the user's own-only scope). A missing one is a field error, not a 500.
 */
export async function checkOrderLink(
  db: Db,
  ctx: ScopeContext & { can: Can },
  orderId: number | null | undefined,
): Promise<void> {
  if (orderId === null || orderId === undefined) return;
  const scope = orderScopeOf(ctx, null);
  const found = scope
    ? await queryRows<{ id: number }>(
        db,
        sql`SELECT o.id FROM orders o WHERE o.company_id = ${ctx.companyId} AND o.id = ${orderId} AND ${orderScopeCondition(scope)}`,
      )
    : [];
  if (found.length === 0) throw fieldError("NOT_FOUND", "order_id", await termNotFound(db, ctx.companyId, "order"));
}

/** One event as the calendar answers it, read through `db` (the transaction's, right after the write). */
export async function answerEvent(db: Db, ctx: ScopeContext & { can: Can }, id: number): Promise<CalendarEvent> {
  const [event] = await selectEvents(db, ctx.companyId, orderScopeOf(ctx, null), sql`e.id = ${id}`, { limit: 1 });
  if (!event) throw new Error(`event ${id} vanished inside its own transaction`);
  return event;
}
