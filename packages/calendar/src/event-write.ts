// What creating and updating an event share: the order link check, the columns written, and the answer.
import { type Can, type eventFieldsSchema, zonedInstant } from "@taller/core";
import { type Db, queryRows, termNotFound } from "@taller/db";
import { fieldError, type ScopeContext } from "@taller/trpc";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { orderScopeCondition, orderScopeOf, selectEvents, type CalendarEvent } from "./rows";

type EventFields = z.output<typeof eventFieldsSchema>;

/** The row's columns for the form's values: the start on Chile's clock (00:00 for a whole day), minutes of duration. */
export function eventColumns(input: EventFields) {
  return {
    name: input.name,
    startAt: new Date(zonedInstant(input.date, input.all_day ? "00:00" : (input.time ?? "00:00"))),
    durationMinutes: Math.round(input.duration * 60),
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
