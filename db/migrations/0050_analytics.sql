-- Edited by hand after generation: everything after the foreign keys (see the comment there).
CREATE TABLE "analytics_days" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"location_key" integer NOT NULL,
	"metric" text NOT NULL,
	"dim" integer NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "analytics_days_company_id_day_location_key_metric_dim_pk" PRIMARY KEY("company_id","day","location_key","metric","dim")
);
--> statement-breakpoint
CREATE TABLE "analytics_months" (
	"company_id" integer NOT NULL,
	"month" date NOT NULL,
	"location_key" integer NOT NULL,
	"metric" text NOT NULL,
	"dim" integer NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "analytics_months_company_id_month_location_key_metric_dim_pk" PRIMARY KEY("company_id","month","location_key","metric","dim")
);
--> statement-breakpoint
ALTER TABLE "analytics_days" ADD CONSTRAINT "analytics_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_months" ADD CONSTRAINT "analytics_months_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Hand-written below: the functions and statement triggers that keep analytics_days and analytics_months, and their
-- backfill.
-- A day is America/Santiago's wall-clock day; a duration is whole minutes, never negative.
CREATE FUNCTION analytics_day(at timestamptz) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT (at AT TIME ZONE 'America/Santiago')::date
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_minutes(since timestamptz, till timestamptz) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT greatest(0, floor(extract(epoch FROM till - since) / 60))::bigint
$$;
--> statement-breakpoint
-- A duration's histogram bucket (percentiles cannot be summed from daily rows, histograms can): an hour wide below a
-- day (0-23), a day wide below two weeks (24-36), a week wide below 13 weeks (37-47), then one bucket (48). Its
-- upper bound is durationBucketEnd() in packages/analytics.
CREATE FUNCTION analytics_bucket(minutes bigint) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN minutes < 1440 THEN minutes / 60
              WHEN minutes < 14 * 1440 THEN 23 + minutes / 1440
              WHEN minutes < 91 * 1440 THEN 35 + minutes / 10080
              ELSE 48 END::integer
$$;
--> statement-breakpoint
-- What one order adds: received on its reception day; finished (completed_at) with its time from reception and
-- whether it met its promised date (the calendar's states: on the day or before is on time); delivered (ended in a
-- finished status other than the cancel one) with its time from reception; cancelled on the day it ended.
CREATE FUNCTION analytics_order_facts(o orders)
  RETURNS TABLE (company_id integer, day date, location_key integer, metric text, dim integer, value bigint)
  LANGUAGE sql STABLE AS $$
  SELECT o.company_id, f.day, coalesce(o.location_id, -1), f.metric, f.dim, f.value
    FROM (SELECT analytics_day(o.completed_at) AS done_day, analytics_minutes(o.check_in_time, o.completed_at) AS done_min,
                 CASE WHEN o.cancel_reason IS NULL THEN analytics_day(o.ended_at) END AS out_day,
                 analytics_minutes(o.check_in_time, o.ended_at) AS out_min) x,
         LATERAL (VALUES
           (analytics_day(o.check_in_time), 'received', -1, 1::bigint),
           (x.done_day, 'finished', -1, 1),
           (x.done_day, 'finish_minutes', -1, x.done_min),
           (x.done_day, 'finish_bucket', analytics_bucket(x.done_min), 1),
           (CASE WHEN o.finish_date IS NOT NULL THEN x.done_day END, 'promised', -1, 1),
           (CASE WHEN x.done_day <= o.finish_date THEN x.done_day END, 'on_time', -1, 1),
           (x.out_day, 'delivered', -1, 1),
           (x.out_day, 'deliver_minutes', -1, x.out_min),
           (x.out_day, 'deliver_bucket', analytics_bucket(x.out_min), 1),
           (CASE WHEN o.cancel_reason IS NOT NULL THEN analytics_day(o.ended_at) END, 'cancelled', -1, 1)
         ) f(day, metric, dim, value)
   WHERE f.day IS NOT NULL
$$;
--> statement-breakpoint
-- A paid payment request (cobro) on the day it was paid, at its order's location: one payment and the amount paid
-- (a paid request always has both, payment_requests_paid_complete).
CREATE FUNCTION analytics_payment_facts(p payment_requests)
  RETURNS TABLE (company_id integer, day date, location_key integer, metric text, dim integer, value bigint)
  LANGUAGE sql STABLE AS $$
  SELECT p.company_id, analytics_day(p.paid_at),
         coalesce((SELECT o.location_id FROM orders o WHERE o.company_id = p.company_id AND o.id = p.order_id), -1),
         f.metric, -1, f.value
    FROM (VALUES ('paid', 1::bigint), ('collected', p.total_paid::bigint)) f(metric, value)
   WHERE p.status = 2
$$;
--> statement-breakpoint
-- A booking on its day, by channel (dim: 1 staff, 2 the client's public page, 3 e-mail, 4 WhatsApp), with its
-- minutes and whether the client did not come; a rescheduled booking counts apart (its new booking is the one held).
CREATE FUNCTION analytics_booking_facts(b bookings)
  RETURNS TABLE (company_id integer, day date, location_key integer, metric text, dim integer, value bigint)
  LANGUAGE sql STABLE AS $$
  SELECT b.company_id, b.booking_date, coalesce(b.location_id, -1), f.metric, f.dim, f.value
    FROM LATERAL (VALUES
           (NOT b.rescheduled, 'bookings',
            CASE b."from" WHEN 'crm-addon' THEN 2 WHEN 'mail' THEN 3 WHEN 'whatsapp' THEN 4 ELSE 1 END, 1::bigint),
           (NOT b.rescheduled, 'booked_minutes', -1, b.duration::bigint),
           (NOT b.rescheduled AND b.non_attendance, 'no_show', -1, 1),
           (b.rescheduled, 'rescheduled', -1, 1)
         ) f(keep, metric, dim, value)
   WHERE b.booking_type = 'booking' AND f.keep
$$;
--> statement-breakpoint
-- A completed work on the day it was completed, per technician (dim: the user), with its minutes from start to
-- completion; at its order's location (works on other documents: -1).
CREATE FUNCTION analytics_work_facts(w works)
  RETURNS TABLE (company_id integer, day date, location_key integer, metric text, dim integer, value bigint)
  LANGUAGE sql STABLE AS $$
  SELECT w.company_id, analytics_day(w.completed_at),
         coalesce((SELECT o.location_id FROM orders o
                    WHERE w.document_type = 'Order' AND o.company_id = w.company_id AND o.id = w.document_id), -1),
         f.metric, w.user_id, f.value
    FROM (VALUES ('works_done', 1::bigint), ('work_minutes', analytics_minutes(w.started_at, w.completed_at))) f(metric, value)
   WHERE w.completed_at IS NOT NULL
$$;
--> statement-breakpoint
-- One statement's net change (TG_ARGV[0] names the table's facts function): the new rows' facts added, the old
-- rows' subtracted, summed per key, so an update that changes no figure writes nothing. Set-based whatever the
-- statement's size; the upserts add to the rows as committed, so concurrent writers never lose each other's counts.
-- The same change goes to the day's row and to its month's, in one statement. Rows of a company being deleted are
-- skipped (its figures go with it).
CREATE FUNCTION analytics_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  facts text := quote_ident(TG_ARGV[0]);
  added text := format('SELECT f.* FROM new_rows n, %s(n) f', facts);
  removed text := format('SELECT f.company_id, f.day, f.location_key, f.metric, f.dim, -f.value FROM old_rows o, %s(o) f', facts);
BEGIN
  EXECUTE format(
    'WITH delta AS (
       SELECT d.company_id, d.day, d.location_key, d.metric, d.dim, sum(d.value) AS value
         FROM (%s) d (company_id, day, location_key, metric, dim, value) JOIN companies c ON c.id = d.company_id
        GROUP BY 1, 2, 3, 4, 5 HAVING sum(d.value) <> 0),
     months AS (
       INSERT INTO analytics_months AS m (company_id, month, location_key, metric, dim, value)
       SELECT company_id, date_trunc(''month'', day)::date, location_key, metric, dim, sum(value) FROM delta
        GROUP BY 1, 2, 3, 4, 5 HAVING sum(value) <> 0 ORDER BY 1, 2, 3, 4, 5
           ON CONFLICT (company_id, month, location_key, metric, dim) DO UPDATE SET value = m.value + excluded.value)
     INSERT INTO analytics_days AS a (company_id, day, location_key, metric, dim, value)
     SELECT * FROM delta ORDER BY 1, 2, 3, 4, 5
         ON CONFLICT (company_id, day, location_key, metric, dim) DO UPDATE SET value = a.value + excluded.value',
    CASE TG_OP WHEN 'INSERT' THEN added WHEN 'DELETE' THEN removed ELSE added || ' UNION ALL ' || removed END);
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO analytics_days (company_id, day, location_key, metric, dim, value)
SELECT f.company_id, f.day, f.location_key, f.metric, f.dim, sum(f.value)
  FROM (SELECT f.* FROM orders o, analytics_order_facts(o) f
        UNION ALL SELECT f.* FROM payment_requests p, analytics_payment_facts(p) f
        UNION ALL SELECT f.* FROM bookings b, analytics_booking_facts(b) f
        UNION ALL SELECT f.* FROM works w, analytics_work_facts(w) f) f
 GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO analytics_months (company_id, month, location_key, metric, dim, value)
SELECT company_id, date_trunc('month', day)::date, location_key, metric, dim, sum(value) FROM analytics_days
 GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
CREATE TRIGGER orders_analytics_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('analytics_order_facts');
--> statement-breakpoint
CREATE TRIGGER orders_analytics_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('analytics_order_facts');
--> statement-breakpoint
CREATE TRIGGER orders_analytics_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('analytics_order_facts');
--> statement-breakpoint
CREATE TRIGGER payment_requests_analytics_insert AFTER INSERT ON payment_requests REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('analytics_payment_facts');
--> statement-breakpoint
CREATE TRIGGER payment_requests_analytics_update AFTER UPDATE ON payment_requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('analytics_payment_facts');
--> statement-breakpoint
CREATE TRIGGER payment_requests_analytics_delete AFTER DELETE ON payment_requests REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('analytics_payment_facts');
--> statement-breakpoint
CREATE TRIGGER bookings_analytics_insert AFTER INSERT ON bookings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('analytics_booking_facts');
--> statement-breakpoint
CREATE TRIGGER bookings_analytics_update AFTER UPDATE ON bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('analytics_booking_facts');
--> statement-breakpoint
CREATE TRIGGER bookings_analytics_delete AFTER DELETE ON bookings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('analytics_booking_facts');
--> statement-breakpoint
CREATE TRIGGER works_analytics_insert AFTER INSERT ON works REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('analytics_work_facts');
--> statement-breakpoint
CREATE TRIGGER works_analytics_update AFTER UPDATE ON works REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('analytics_work_facts');
--> statement-breakpoint
CREATE TRIGGER works_analytics_delete AFTER DELETE ON works REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('analytics_work_facts');
