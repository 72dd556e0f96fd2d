// What calendar.range and calendar.month share: the input, the window's checks and instants, who sees what, and the
// orders a window places (the three rules of core's deliveryDisplay as three disjoint index range scans).
import {
  addDays,
  CALENDAR_MAX_WINDOW_DAYS,
  CALENDAR_TYPES,
  calendarDaySchema,
  zonedInstant,
  type Can,
} from "@taller/core";
import { fieldError, listScope, locationIdsInput, type ListScope, type ScopeContext } from "@taller/trpc";
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { orderScopeOf, type OrderScope } from "./rows";

export const rangeInput = z.object({
  from: calendarDaySchema,
  to: calendarDaySchema,
  /** Absent: both calendars. */
  type: z.enum(CALENDAR_TYPES).nullish(),
  location_ids: locationIdsInput,
});

/** A window runs forward and lasts at most CALENDAR_MAX_WINDOW_DAYS days (both ends are real days already). */
export function checkWindow(from: string, to: string): void {
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86400_000 + 1;
  if (days < 1) throw fieldError("BAD_REQUEST", "to", "La fecha final no puede ser anterior a la inicial");
  if (days > CALENDAR_MAX_WINDOW_DAYS)
    throw fieldError("BAD_REQUEST", "to", `El rango no puede superar ${CALENDAR_MAX_WINDOW_DAYS} días`);
}

/** A window's days, and the instants it spans on Chile's clock: from `from` 00:00 to the day after `to`, 00:00. */
export interface Window {
  from: string;
  to: string;
  start: string;
  end: string;
}

export interface WindowRequest {
  scope: ListScope;
  /** Null when the user may not read orders (no deliveries). */
  orders: OrderScope | null;
  wants(type: (typeof CALENDAR_TYPES)[number]): boolean;
  window: Window;
}

/**
 * The window asked for, checked, and the caller's scope: the shell's selected locations and "own records only"
 * grants (deliveries are orders, read on check_in; events are read on event).
 */
export async function windowRequest(
  ctx: ScopeContext & { can: Can },
  input: z.infer<typeof rangeInput>,
): Promise<WindowRequest> {
  checkWindow(input.from, input.to);
  const scope = await listScope(ctx, { action: "read", resource: "event", locationIds: input.location_ids });
  return {
    scope,
    orders: orderScopeOf(ctx, scope.locationIds),
    wants: (type) => !input.type || input.type === type,
    window: {
      from: input.from,
      to: input.to,
      start: zonedInstant(input.from, "00:00"),
      end: zonedInstant(addDays(input.to, 1), "00:00"),
    },
  };
}

/**
 * The company's orders whose delivery day (core's deliveryDisplay) is in the window, as a subquery of `fields`: the
 * three rules as three disjoint index range scans (orders_calendar_*_idx), so a window costs what its deliveries
 * cost, not the table.
 */
export function windowOrders(companyId: number, window: Window, fields: SQL): SQL {
  const { from, to, start, end } = window;
  return sql`(
    SELECT ${fields} FROM orders WHERE company_id = ${companyId} AND completed_at IS NULL AND finish_date IS NOT NULL
                           AND finish_date BETWEEN ${from}::date AND ${to}::date
    UNION ALL
    SELECT ${fields} FROM orders WHERE company_id = ${companyId} AND completed_at IS NOT NULL
                           AND completed_at >= ${start}::timestamptz AND completed_at < ${end}::timestamptz
    UNION ALL
    SELECT ${fields} FROM orders WHERE company_id = ${companyId} AND completed_at IS NULL AND finish_date IS NULL AND ended_at IS NOT NULL
                           AND ended_at >= ${start}::timestamptz AND ended_at < ${end}::timestamptz
  )`;
}
