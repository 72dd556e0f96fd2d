DROP INDEX "bookings_company_start_idx";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancelled_by" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancelled_by_tenant_fk" FOREIGN KEY ("company_id","cancelled_by") REFERENCES "public"."users"("company_id","id") ON DELETE set null (cancelled_by) ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_company_start_idx" ON "bookings" USING btree ("company_id","start_at","end_at","user_id","location_id") WHERE NOT "bookings"."rescheduled" AND "bookings"."cancelled_at" IS NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancel_reason" CHECK (("bookings"."cancelled_at" IS NULL) = ("bookings"."cancel_reason" IS NULL) AND length("bookings"."cancel_reason") BETWEEN 1 AND 500);--> statement-breakpoint
-- A cancelled booking holds no place: the professional's exclusion constraint (migration 0007) leaves it out, as it
-- leaves out a rescheduled one, so the professional can be booked again at that hour (capacity is counted by
-- placeBooking from the index above, which leaves it out too).
ALTER TABLE bookings DROP CONSTRAINT bookings_professional_no_overlap;--> statement-breakpoint
ALTER TABLE bookings ADD CONSTRAINT bookings_professional_no_overlap
  EXCLUDE USING gist (company_id WITH =, user_id WITH =, tstzrange(start_at, end_at) WITH &&)
  WHERE (user_id IS NOT NULL AND NOT rescheduled AND cancelled_at IS NULL);--> statement-breakpoint
-- The dashboard's agenda (migration 0050): a cancelled booking is no longer a booking of its day (nor its minutes or
-- a no-show) but a cancellation on that day. No booking is cancelled before this migration, so the stored
-- aggregates already agree with the new function and need no recount.
CREATE OR REPLACE FUNCTION analytics_booking_facts(b bookings)
  RETURNS TABLE (company_id integer, day date, location_key integer, metric text, dim integer, value bigint)
  LANGUAGE sql STABLE AS $$
  SELECT b.company_id, b.booking_date, coalesce(b.location_id, -1), f.metric, f.dim, f.value
    FROM LATERAL (VALUES
           (NOT b.rescheduled AND b.cancelled_at IS NULL, 'bookings',
            CASE b."from" WHEN 'crm-addon' THEN 2 WHEN 'mail' THEN 3 WHEN 'whatsapp' THEN 4 ELSE 1 END, 1::bigint),
           (NOT b.rescheduled AND b.cancelled_at IS NULL, 'booked_minutes', -1, b.duration::bigint),
           (NOT b.rescheduled AND b.cancelled_at IS NULL AND b.non_attendance, 'no_show', -1, 1),
           (b.rescheduled, 'rescheduled', -1, 1),
           (b.cancelled_at IS NOT NULL, 'cancelled_bookings', -1, 1)
         ) f(keep, metric, dim, value)
   WHERE b.booking_type = 'booking' AND f.keep
$$;--> statement-breakpoint
-- A vehicle's latest booking (its 'Agendado' state, migrations 0039 and 0055) is its latest booking not cancelled.
CREATE OR REPLACE FUNCTION refresh_vehicle_states(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO vehicle_states (vehicle_id, company_id)
  SELECT v.id, v.company_id FROM vehicles v JOIN (SELECT DISTINCT unnest(ids) AS id) a ON a.id = v.id
   ORDER BY v.id ON CONFLICT DO NOTHING;
  PERFORM 1 FROM vehicle_states s JOIN (SELECT DISTINCT unnest(ids) AS id) a ON a.id = s.vehicle_id
    ORDER BY s.vehicle_id FOR UPDATE OF s;
  WITH affected AS MATERIALIZED (SELECT DISTINCT unnest(ids) AS id),
  open_orders AS (
    SELECT o.vehicle_id, o.company_id, count(*)::int AS n
      FROM affected a JOIN orders o ON o.vehicle_id = a.id JOIN statuses st ON st.id = o.status_id
     WHERE NOT st.finish GROUP BY 1, 2),
  last_bookings AS (
    SELECT b.vehicle_id, b.company_id, max(b.booking_date) AS day
      FROM affected a JOIN bookings b ON b.vehicle_id = a.id WHERE b.cancelled_at IS NULL GROUP BY 1, 2)
  UPDATE vehicle_states s SET open_orders = x.open_orders, last_booking_date = x.last_booking_date
    FROM (SELECT v.id, coalesce(o.n, 0) AS open_orders, b.day AS last_booking_date
            FROM affected a JOIN vehicles v ON v.id = a.id
            LEFT JOIN open_orders o ON o.vehicle_id = v.id AND o.company_id = v.company_id
            LEFT JOIN last_bookings b ON b.vehicle_id = v.id AND b.company_id = v.company_id) x
   WHERE s.vehicle_id = x.id
     AND (s.open_orders, s.last_booking_date) IS DISTINCT FROM (x.open_orders, x.last_booking_date);
END $$;--> statement-breakpoint
-- The update trigger's arguments are every column that decides the state (a booking's date and its cancellation).
CREATE OR REPLACE FUNCTION rows_vehicle_states() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_vehicle_states(ARRAY(SELECT DISTINCT vehicle_id FROM new_rows WHERE vehicle_id IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_vehicle_states(ARRAY(SELECT DISTINCT vehicle_id FROM old_rows WHERE vehicle_id IS NOT NULL));
  ELSE
    PERFORM refresh_vehicle_states(ARRAY(
      SELECT unnest(ARRAY[o.vehicle_id, n.vehicle_id]) FROM old_rows o JOIN new_rows n ON n.id = o.id
       WHERE o.vehicle_id IS DISTINCT FROM n.vehicle_id
          OR EXISTS (SELECT 1 FROM unnest(TG_ARGV) k WHERE to_jsonb(o) -> k IS DISTINCT FROM to_jsonb(n) -> k)));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER bookings_vehicle_states_update ON bookings;--> statement-breakpoint
CREATE TRIGGER bookings_vehicle_states_update AFTER UPDATE ON bookings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION rows_vehicle_states('booking_date', 'cancelled_at');
