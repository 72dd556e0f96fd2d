// Checks that the trigger-derived columns agree with their sources (shared by the tests that write data).
import { queryRows, type Db } from "@taller/db";
import { sql } from "drizzle-orm";

/** (company, status, budget status, location) groups whose order_status_counts row differs from counting the orders. */
export function countsDrift(db: Db) {
  return queryRows<{ company_id: number; status_id: number; budget_status_key: number; location_key: number }>(
    db,
    sql`SELECT company_id, status_id, budget_status_key, location_key FROM
          (SELECT company_id, status_id, budget_status_key, coalesce(location_id, -1) AS location_key, count(*)::int AS n
             FROM orders GROUP BY 1, 2, 3, 4) a
          FULL JOIN (SELECT company_id, status_id, budget_status_key, location_key, count AS n FROM order_status_counts WHERE count <> 0) b
          USING (company_id, status_id, budget_status_key, location_key)
        WHERE a.n IS DISTINCT FROM b.n`,
  );
}

/** Orders whose last-budget columns do not name their latest budget. */
export function lastBudgetDrift(db: Db) {
  return queryRows<{ id: number }>(
    db,
    sql`SELECT o.id FROM orders o
        LEFT JOIN LATERAL (SELECT id, status_id FROM budgets b WHERE b.order_id = o.id ORDER BY id DESC LIMIT 1) lb ON true
        WHERE o.last_budget_id IS DISTINCT FROM lb.id OR o.last_budget_status_id IS DISTINCT FROM lb.status_id`,
  );
}

/** Orders and vehicles whose search text is not what their fill trigger would compose from their current values. */
export function searchTextDrift(db: Db) {
  return queryRows<{ kind: string; id: number }>(
    db,
    sql`SELECT 'order' AS kind, o.id FROM orders o
          LEFT JOIN vehicles v ON v.id = o.vehicle_id LEFT JOIN brands b ON b.id = v.brand_id
          LEFT JOIN brand_models m ON m.id = v.brand_model_id LEFT JOIN clients c ON c.id = o.client_id
        WHERE o.search_text IS DISTINCT FROM order_search_text(o.correlative_id, v.identifier, b.name, m.name, c.name, c.rut)
        UNION ALL
        SELECT 'vehicle', v.id FROM vehicles v
          LEFT JOIN brands b ON b.id = v.brand_id LEFT JOIN brand_models m ON m.id = v.brand_model_id
          LEFT JOIN clients c ON c.id = v.client_id
        WHERE v.search_text IS DISTINCT FROM vehicle_search_text(v.identifier, v.chassis, b.name, m.name, c.name, c.rut)`,
  );
}

/**
 * Vehicles whose vehicle_states row (open orders, last booking day) differs from their orders and bookings (a
 * cancelled booking is none).
 */
export function vehicleStatesDrift(db: Db) {
  return queryRows<{ id: number }>(
    db,
    sql`SELECT v.id FROM vehicles v
        LEFT JOIN vehicle_states s ON s.vehicle_id = v.id
        LEFT JOIN LATERAL (SELECT count(*)::int AS n FROM orders o JOIN statuses st ON st.id = o.status_id
                            WHERE o.vehicle_id = v.id AND NOT st.finish) o ON true
        LEFT JOIN LATERAL (SELECT max(booking_date) AS last FROM bookings b
                            WHERE b.vehicle_id = v.id AND b.cancelled_at IS NULL) b ON true
        WHERE coalesce(s.open_orders, 0) <> o.n OR s.last_booking_date IS DISTINCT FROM b.last`,
  );
}
