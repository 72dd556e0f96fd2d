CREATE TABLE "vehicle_state_counts" (
	"company_id" integer NOT NULL,
	"open" boolean NOT NULL,
	"last_booking_date" date,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vehicle_state_counts_key" UNIQUE NULLS NOT DISTINCT("company_id","open","last_booking_date")
);
--> statement-breakpoint
CREATE TABLE "vehicle_states" (
	"vehicle_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"open_orders" integer DEFAULT 0 NOT NULL,
	"last_booking_date" date
);
--> statement-breakpoint
ALTER TABLE "vehicle_state_counts" ADD CONSTRAINT "vehicle_state_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_states" ADD CONSTRAINT "vehicle_states_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_states" ADD CONSTRAINT "vehicle_states_vehicle_id_tenant_fk" FOREIGN KEY ("company_id","vehicle_id") REFERENCES "public"."vehicles"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vehicle_states_open_idx" ON "vehicle_states" USING btree ("company_id","vehicle_id") WHERE "vehicle_states"."open_orders" > 0;--> statement-breakpoint
-- A statement's net change of vehicle_states, per (company, open, last booking day): a vehicle with an open order
-- counts once as open whatever its bookings; one without counts under its latest booking day, if it has one.
CREATE FUNCTION vehicle_states_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO vehicle_state_counts AS c (company_id, open, last_booking_date, count)
    SELECT n.company_id, n.open_orders > 0, CASE WHEN n.open_orders = 0 THEN n.last_booking_date END, count(*)
      FROM new_states n JOIN companies ON companies.id = n.company_id
     WHERE n.open_orders > 0 OR n.last_booking_date IS NOT NULL
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
        ON CONFLICT ON CONSTRAINT vehicle_state_counts_key DO UPDATE SET count = c.count + excluded.count;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE vehicle_state_counts c SET count = c.count - d.n
      FROM (SELECT o.company_id, o.open_orders > 0 AS open, CASE WHEN o.open_orders = 0 THEN o.last_booking_date END AS day,
                   count(*) AS n
              FROM old_states o WHERE o.open_orders > 0 OR o.last_booking_date IS NOT NULL GROUP BY 1, 2, 3) d
     WHERE c.company_id = d.company_id AND c.open = d.open AND c.last_booking_date IS NOT DISTINCT FROM d.day;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER vehicle_states_counted_insert AFTER INSERT ON vehicle_states REFERENCING NEW TABLE AS new_states
  FOR EACH STATEMENT EXECUTE FUNCTION vehicle_states_count();
--> statement-breakpoint
CREATE TRIGGER vehicle_states_counted_update AFTER UPDATE ON vehicle_states
  REFERENCING OLD TABLE AS old_states NEW TABLE AS new_states FOR EACH STATEMENT EXECUTE FUNCTION vehicle_states_count();
--> statement-breakpoint
CREATE TRIGGER vehicle_states_counted_delete AFTER DELETE ON vehicle_states REFERENCING OLD TABLE AS old_states
  FOR EACH STATEMENT EXECUTE FUNCTION vehicle_states_count();
--> statement-breakpoint
-- Recomputes the state of the given vehicles from their orders (orders_vehicle_idx) and bookings
-- (bookings_vehicle_date_idx). Their rows are locked first (created if missing), in id order: a concurrent writer of
-- the same vehicle waits for this transaction to end, and the recount, a later statement with its own snapshot, sees
-- what committed before it, so two transactions never both write a count that misses the other's change.
CREATE FUNCTION refresh_vehicle_states(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO vehicle_states (vehicle_id, company_id)
  SELECT v.id, v.company_id FROM vehicles v WHERE v.id = ANY(ids) ORDER BY v.id ON CONFLICT DO NOTHING;
  PERFORM 1 FROM vehicle_states WHERE vehicle_id = ANY(ids) ORDER BY vehicle_id FOR UPDATE;
  UPDATE vehicle_states s SET open_orders = x.open_orders, last_booking_date = x.last_booking_date
    FROM (SELECT v.id,
                 (SELECT count(*)::int FROM orders o JOIN statuses st ON st.id = o.status_id
                   WHERE o.vehicle_id = v.id AND o.company_id = v.company_id AND NOT st.finish) AS open_orders,
                 (SELECT max(b.booking_date) FROM bookings b
                   WHERE b.vehicle_id = v.id AND b.company_id = v.company_id) AS last_booking_date
            FROM vehicles v WHERE v.id = ANY(ids)) x
   WHERE s.vehicle_id = x.id
     AND (s.open_orders, s.last_booking_date) IS DISTINCT FROM (x.open_orders, x.last_booking_date);
END $$;
--> statement-breakpoint
-- Orders and bookings: the vehicles a row is inserted on or deleted from, or an update moved to another vehicle or
-- changed what decides the state (TG_ARGV[0]: an order's status_id, a booking's booking_date).
CREATE FUNCTION rows_vehicle_states() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_vehicle_states(ARRAY(SELECT DISTINCT vehicle_id FROM new_rows WHERE vehicle_id IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_vehicle_states(ARRAY(SELECT DISTINCT vehicle_id FROM old_rows WHERE vehicle_id IS NOT NULL));
  ELSE
    PERFORM refresh_vehicle_states(ARRAY(
      SELECT unnest(ARRAY[o.vehicle_id, n.vehicle_id]) FROM old_rows o JOIN new_rows n ON n.id = o.id
       WHERE o.vehicle_id IS DISTINCT FROM n.vehicle_id OR to_jsonb(o) -> TG_ARGV[0] IS DISTINCT FROM to_jsonb(n) -> TG_ARGV[0]));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_vehicle_states_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION rows_vehicle_states('status_id');
--> statement-breakpoint
CREATE TRIGGER orders_vehicle_states_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rows_vehicle_states('status_id');
--> statement-breakpoint
CREATE TRIGGER orders_vehicle_states_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION rows_vehicle_states('status_id');
--> statement-breakpoint
CREATE TRIGGER bookings_vehicle_states_insert AFTER INSERT ON bookings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION rows_vehicle_states('booking_date');
--> statement-breakpoint
CREATE TRIGGER bookings_vehicle_states_update AFTER UPDATE ON bookings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rows_vehicle_states('booking_date');
--> statement-breakpoint
CREATE TRIGGER bookings_vehicle_states_delete AFTER DELETE ON bookings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION rows_vehicle_states('booking_date');
--> statement-breakpoint
-- A status that becomes (or stops being) finish opens or closes every order in it.
CREATE FUNCTION statuses_vehicle_states() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_vehicle_states(ARRAY(
    SELECT DISTINCT o.vehicle_id FROM old_statuses os JOIN new_statuses ns ON ns.id = os.id
      JOIN orders o ON o.company_id = ns.company_id AND o.status_id = ns.id
     WHERE os.finish IS DISTINCT FROM ns.finish AND o.vehicle_id IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER statuses_vehicle_states AFTER UPDATE ON statuses
  REFERENCING OLD TABLE AS old_statuses NEW TABLE AS new_statuses FOR EACH STATEMENT EXECUTE FUNCTION statuses_vehicle_states();
--> statement-breakpoint
SELECT refresh_vehicle_states(ARRAY(
  SELECT vehicle_id FROM orders WHERE vehicle_id IS NOT NULL UNION SELECT vehicle_id FROM bookings WHERE vehicle_id IS NOT NULL));
--> statement-breakpoint
ANALYZE vehicle_states;
