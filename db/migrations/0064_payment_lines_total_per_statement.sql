-- A payment request's total is its lines' sum, kept per statement instead of per line: a request created with twelve
-- lines was updated twelve times (each update firing the requests' own triggers), now once. The rules stay: lines of
-- a request with a checkout (the provider holds its amount) or a paid one cannot change, and a line never moves to
-- another request.
DROP TRIGGER payment_request_lines_total ON payment_request_lines;
--> statement-breakpoint
DROP FUNCTION payment_request_lines_total();
--> statement-breakpoint
CREATE FUNCTION payment_request_lines_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  fixed integer;
BEGIN
  -- Each statement apart: a transition table an operation does not have cannot be named (PL/pgSQL plans a
  -- statement when it first runs it).
  IF TG_OP = 'UPDATE' THEN
    IF EXISTS (SELECT 1 FROM old_lines o JOIN new_lines n ON n.id = o.id
                WHERE o.payment_request_id <> n.payment_request_id) THEN
      RAISE EXCEPTION 'a line cannot move to another payment request' USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  IF TG_OP = 'INSERT' THEN
    ids := ARRAY(SELECT DISTINCT payment_request_id FROM new_lines ORDER BY 1);
  ELSE
    ids := ARRAY(SELECT DISTINCT payment_request_id FROM old_lines ORDER BY 1);
  END IF;
  -- In id order, so two statements over the same requests lock them alike.
  SELECT min(id) INTO fixed FROM (
    SELECT id, preference_id IS NOT NULL OR status = 2 AS locked FROM payment_requests
     WHERE id = ANY (ids) ORDER BY id FOR UPDATE) r
   WHERE r.locked;
  IF fixed IS NOT NULL THEN
    RAISE EXCEPTION 'payment request % already has a checkout: its lines are fixed', fixed USING ERRCODE = 'check_violation';
  END IF;
  UPDATE payment_requests p SET total = coalesce(s.total, 0)
    FROM (SELECT r.id, (SELECT sum(l.quantity::bigint * l.unit_price) FROM payment_request_lines l
                         WHERE l.payment_request_id = r.id) AS total
            FROM unnest(ids) AS r(id)) s
   WHERE p.id = s.id AND p.total IS DISTINCT FROM coalesce(s.total, 0);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payment_request_lines_totals_insert AFTER INSERT ON payment_request_lines
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION payment_request_lines_totals();
--> statement-breakpoint
CREATE TRIGGER payment_request_lines_totals_update AFTER UPDATE ON payment_request_lines
  REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION payment_request_lines_totals();
--> statement-breakpoint
CREATE TRIGGER payment_request_lines_totals_delete AFTER DELETE ON payment_request_lines
  REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION payment_request_lines_totals();
