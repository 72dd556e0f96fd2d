-- refresh_vehicle_states (migration 0039) counted each vehicle's open orders and latest booking with correlated
-- subqueries: planned once for the statement, on a table whose statistics still said "small" (a large INSERT not yet
-- analyzed) each one read every order, once per vehicle. The same states, set-based: the affected vehicles as one
-- set, their open orders and latest bookings each one grouped aggregate over a join with that set (an index probe
-- per vehicle, or one pass over the table and a hash: linear either way). Locking is unchanged: rows created if
-- missing and locked in id order before the recount.
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
      FROM affected a JOIN bookings b ON b.vehicle_id = a.id GROUP BY 1, 2)
  UPDATE vehicle_states s SET open_orders = x.open_orders, last_booking_date = x.last_booking_date
    FROM (SELECT v.id, coalesce(o.n, 0) AS open_orders, b.day AS last_booking_date
            FROM affected a JOIN vehicles v ON v.id = a.id
            LEFT JOIN open_orders o ON o.vehicle_id = v.id AND o.company_id = v.company_id
            LEFT JOIN last_bookings b ON b.vehicle_id = v.id AND b.company_id = v.company_id) x
   WHERE s.vehicle_id = x.id
     AND (s.open_orders, s.last_booking_date) IS DISTINCT FROM (x.open_orders, x.last_booking_date);
END $$;
