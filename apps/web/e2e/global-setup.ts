import { todayIn } from "@taller/core";
import type { Db } from "@taller/db";
import { E2E_SCALE_ORDERS, startServer } from "./server";

/**
 * The demo books no Sundays or holidays; when today has no booking reception could receive, the run adds one for a
 * demo vehicle (a copy of a future one, at 10:00), so that "booking of today" is tested whatever the day.
 */
async function bookTodayIfNone(db: Db) {
  const today = todayIn("America/Santiago");
  await db.execute(`
    INSERT INTO bookings (company_id, vehicle_id, client_id, location_id, user_id, requirement_id, booking_date,
                          booking_time, duration, "from", booking_type)
    SELECT b.company_id, b.vehicle_id, b.client_id, b.location_id, b.user_id, b.requirement_id, '${today}'::date,
           '10:00', 60, 'agenda', 'booking'
    FROM bookings b JOIN companies c ON c.id = b.company_id
    WHERE c.domain = 'taller.demo' AND b.booking_date > '${today}'::date AND b.vehicle_id IS NOT NULL
      AND b.order_id IS NULL AND NOT b.rescheduled
      AND b.cancelled_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM bookings t WHERE t.company_id = c.id AND t.booking_date = '${today}'::date
                        AND t.vehicle_id IS NOT NULL AND t.order_id IS NULL AND NOT t.rescheduled
                        AND NOT t.non_attendance AND t.cancelled_at IS NULL)
    ORDER BY b.booking_date, b.id
    LIMIT 1`);
}

/** One server for the whole run; tests read its address from E2E_BASE_URL (see playwright.config.ts). */
export default async function globalSetup() {
  const server = await startServer({ scaleOrders: E2E_SCALE_ORDERS, prepare: bookTodayIfNone });
  process.env.E2E_BASE_URL = server.url;
  return () => server.dispose();
}
