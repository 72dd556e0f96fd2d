import { queryRows } from "@taller/db";
import { can, staffProcedure } from "@taller/trpc";
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { orderScopeCondition, orderScopeOf } from "./rows";

/** Orders an event dialog offers at most. */
export const ORDER_OPTIONS_LIMIT = 10;

export const orderOptionsInput = z.object({
  // '208' or '#208': the order's number as people say it.
  query: z
    .string()
    .trim()
    .max(12, "Escribe un número, como 208 o #208")
    .regex(/^#?\d{1,10}$/, "Escribe un número, como 208 o #208"),
});

export interface OrderOption {
  id: number;
  correlative_id: number;
  identifier: string | null;
  status_name: string;
  status_color: string;
  order_total: number;
}

/**
 * The event dialog's order picker: the orders whose number starts with the digits typed, newest first, among the
 * orders the user may read (read on check_in and its own-only scope; none without it), so an event can only be
 * attached to an order the user sees. The number's prefix range is an index range over (company_id, correlative).
 */
export const orderOptions = staffProcedure
  .use(can("read", "event"))
  .input(orderOptionsInput)
  .query(async ({ ctx, input }): Promise<OrderOption[]> => {
    const scope = orderScopeOf(ctx, null);
    if (!scope) return [];
    const digits = input.query.replace(/^#/, "");
    // Order numbers start at 1 and have no leading zeros.
    if (digits.startsWith("0")) return [];
    // Numbers starting with these digits: n itself, then n0-n9, n00-n99, … up to ten digits, as ranges.
    const ranges: SQL[] = [];
    for (let width = 0; digits.length + width <= 10; width++) {
      const low = Number(digits) * 10 ** width;
      const high = (Number(digits) + 1) * 10 ** width;
      if (low > 2_147_483_647) break;
      ranges.push(sql`(o.correlative_id >= ${low} AND o.correlative_id < ${Math.min(high, 2_147_483_648)})`);
    }
    if (ranges.length === 0) return [];
    return queryRows<OrderOption>(
      ctx.db,
      sql`SELECT o.id, o.correlative_id, v.identifier, s.name AS status_name, s.color AS status_color, o.total AS order_total
          FROM orders o
          JOIN statuses s ON s.company_id = o.company_id AND s.id = o.status_id
          LEFT JOIN vehicles v ON v.company_id = o.company_id AND v.id = o.vehicle_id
          WHERE o.company_id = ${ctx.companyId} AND (${sql.join(ranges, sql` OR `)}) AND ${orderScopeCondition(scope)}
          ORDER BY o.correlative_id = ${Number(digits)} DESC, o.correlative_id DESC
          LIMIT ${ORDER_OPTIONS_LIMIT}`,
    );
  });
