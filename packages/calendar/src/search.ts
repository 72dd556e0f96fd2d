import { CALENDAR_SEARCH_LIMIT, CALENDAR_SEARCH_MIN_CHARS, CALENDAR_TYPES } from "@taller/core";
import { containsPattern, queryRows, searchCondition, searchTerm } from "@taller/db";
import { can, listScope, locationIdsInput, staffProcedure } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import {
  DELIVERY_COLUMNS,
  DELIVERY_JOINS,
  eventScopeCondition,
  orderScopeCondition,
  orderScopeOf,
  selectEvents,
  type Delivery,
} from "./rows";

export const searchInput = z.object({
  query: z
    .string()
    .trim()
    .min(CALENDAR_SEARCH_MIN_CHARS, `Escribe al menos ${CALENDAR_SEARCH_MIN_CHARS} caracteres`)
    .max(100, "La búsqueda admite hasta 100 caracteres"),
  /** Absent: both calendars. */
  type: z.enum(CALENDAR_TYPES).nullish(),
  location_ids: locationIdsInput,
});

/**
 * The floating search (seed 000 section 2.4): deliveries by the orders' search text (number, plate, brand, model,
 * client, RUT: the lists' trigram indexes), events by name (folded like the lists' search; a
 * company's events are few, read through its index). Newest first, at most CALENDAR_SEARCH_LIMIT of each, under the
 * same scope as the window.
 */
export const search = staffProcedure
  .use(can("read", "event"))
  .input(searchInput)
  .query(async ({ ctx, input }) => {
    const scope = await listScope(ctx, { action: "read", resource: "event", locationIds: input.location_ids });
    const orders = orderScopeOf(ctx, scope.locationIds);
    const wants = (type: (typeof CALENDAR_TYPES)[number]) => !input.type || input.type === type;

    const deliveries =
      wants("deliveries") && orders
        ? await queryRows<Delivery>(
            ctx.db,
            sql`SELECT ${DELIVERY_COLUMNS}
                FROM orders o ${DELIVERY_JOINS}
                WHERE o.company_id = ${ctx.companyId} AND ${searchCondition(searchTerm(input.query), "o.")}
                  AND (o.finish_date IS NOT NULL OR o.completed_at IS NOT NULL OR o.ended_at IS NOT NULL)
                  AND ${orderScopeCondition(orders)}
                ORDER BY o.id DESC
                LIMIT ${CALENDAR_SEARCH_LIMIT}`,
          )
        : [];

    const events = wants("events")
      ? await selectEvents(
          ctx.db,
          ctx.companyId,
          orders,
          sql`search_fold(e.name) LIKE ${containsPattern(input.query)} AND ${eventScopeCondition(scope)}`,
          { limit: CALENDAR_SEARCH_LIMIT, newestFirst: true },
        )
      : [];
    return { deliveries, events };
  });
