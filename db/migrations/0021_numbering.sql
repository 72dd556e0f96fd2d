DROP TABLE "crm_counters" CASCADE;--> statement-breakpoint
DROP TABLE "budget_counters" CASCADE;--> statement-breakpoint
DROP TABLE "provider_action_counters" CASCADE;--> statement-breakpoint
-- By hand: one numbering rule for budgets, managements, supplier documents and payment requests (orders already
-- number this way in code): an advisory lock per company (and kind) held to commit, then the highest number + 1 read
-- from the unique index. The counter tables it replaces took one row update per insert, and a transaction that
-- inserted many rows walked every earlier version of that row again (quadratic: 40,000 budgets in one statement
-- took 40 s, 500,000 hours).
CREATE FUNCTION next_correlative(tbl regclass, company integer, kind text DEFAULT NULL) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  n integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(tbl::text || ':correlative:' || company || coalesce(':' || kind, ''), 0));
  IF kind IS NULL THEN
    EXECUTE format('SELECT coalesce(max(correlative_id), 0) + 1 FROM %s WHERE company_id = $1', tbl) INTO n USING company;
  ELSE
    EXECUTE format('SELECT coalesce(max(correlative_id), 0) + 1 FROM %s WHERE company_id = $1 AND kind = $2', tbl) INTO n USING company, kind;
  END IF;
  RETURN n;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION budgets_before_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW.correlative_id = 0 THEN
    NEW.correlative_id := next_correlative('budgets', NEW.company_id);
  END IF;
  SELECT search_fold(concat_ws(' ', '#' || NEW.correlative_id, o.search_text)) INTO NEW.search_text
    FROM (SELECT) AS one LEFT JOIN orders o ON o.id = NEW.order_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION provider_actions_number() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.correlative_id = 0 THEN
    NEW.correlative_id := next_correlative('provider_actions', NEW.company_id, NEW.kind);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION crms_before_write() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  status_category text;
BEGIN
  IF TG_OP = 'INSERT' AND NEW.correlative_id = 0 THEN
    NEW.correlative_id := next_correlative('crms', NEW.company_id);
  END IF;
  IF NEW.status_id IS NULL THEN
    SELECT id INTO NEW.status_id FROM statuses
      WHERE company_id = NEW.company_id AND type = 'Crm::Booking' AND crm_category = 'initial'
      ORDER BY position, id LIMIT 1;
  END IF;
  IF NEW.status_id IS NOT NULL THEN
    SELECT crm_category INTO status_category FROM statuses
      WHERE company_id = NEW.company_id AND id = NEW.status_id AND type = 'Crm::Booking';
    IF status_category IS NULL THEN
      RAISE EXCEPTION 'status % is not a Crm::Booking status of company %', NEW.status_id, NEW.company_id
        USING ERRCODE = '23514';
    END IF;
  END IF;
  status_category := coalesce(status_category, 'initial');
  NEW.category := CASE WHEN status_category = 'initial' AND NEW.on_hold THEN 'on_hold' ELSE status_category END;
  IF TG_OP = 'INSERT' OR NEW.client_id IS DISTINCT FROM OLD.client_id OR NEW.vehicle_id IS DISTINCT FROM OLD.vehicle_id THEN
    NEW.search_text := crm_search_text(NEW.company_id, NEW.client_id, NEW.vehicle_id);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payment_requests_before_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW.correlative_id = 0 THEN
    NEW.correlative_id := next_correlative('payment_requests', NEW.company_id);
  END IF;
  IF TG_OP = 'UPDATE' THEN
    -- Never backwards: a paid request stays paid with the payment that paid it (Mercado Pago re-sends old states).
    IF OLD.status = 2 AND (NEW.status <> 2 OR NEW.payment_id IS DISTINCT FROM OLD.payment_id
        OR NEW.paid_at IS DISTINCT FROM OLD.paid_at OR NEW.total_paid IS DISTINCT FROM OLD.total_paid
        OR NEW.installments IS DISTINCT FROM OLD.installments OR NEW.installment_amount IS DISTINCT FROM OLD.installment_amount) THEN
      RAISE EXCEPTION 'payment request % is paid and cannot change its payment', OLD.id USING ERRCODE = 'check_violation';
    END IF;
    IF NEW.total IS DISTINCT FROM OLD.total AND OLD.preference_id IS NOT NULL AND pg_trigger_depth() = 1 THEN
      RAISE EXCEPTION 'payment request % already has a checkout: its total is fixed', OLD.id USING ERRCODE = 'check_violation';
    END IF;
    NEW.updated_at := now();
  END IF;
  NEW.search_text := search_fold(concat_ws(' ', '#' || NEW.correlative_id, NEW.vehicle_identifier, NEW.client_name,
    NEW.requirement_name, NEW.payment_id));
  RETURN NEW;
END $$;
--> statement-breakpoint
-- The per-status counts as each statement's net change (as order_status_counts): a row-level +1 on one counts row
-- was quadratic for a bulk insert in one transaction. Rows are locked in key order so writers cannot deadlock.
DROP TRIGGER payment_requests_count_insert_delete ON payment_requests;
--> statement-breakpoint
DROP TRIGGER payment_requests_count_update ON payment_requests;
--> statement-breakpoint
DROP FUNCTION payment_requests_count();
--> statement-breakpoint
CREATE FUNCTION payment_requests_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO payment_request_counts AS c (company_id, status, count)
    SELECT company_id, status, count(*) FROM new_requests GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (company_id, status) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE payment_request_counts c SET count = c.count - d.n
      FROM (SELECT company_id, status, count(*) AS n FROM old_requests GROUP BY 1, 2) d
     WHERE (c.company_id, c.status) = (d.company_id, d.status);
  ELSE
    INSERT INTO payment_request_counts AS c (company_id, status, count)
    SELECT company_id, status, sum(n) FROM (
      SELECT company_id, status, count(*) AS n FROM new_requests GROUP BY 1, 2
      UNION ALL
      SELECT company_id, status, -count(*) FROM old_requests GROUP BY 1, 2) d
    GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2
      ON CONFLICT (company_id, status) DO UPDATE SET count = c.count + excluded.count;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payment_requests_counted_insert AFTER INSERT ON payment_requests REFERENCING NEW TABLE AS new_requests
  FOR EACH STATEMENT EXECUTE FUNCTION payment_requests_count();
--> statement-breakpoint
CREATE TRIGGER payment_requests_counted_update AFTER UPDATE ON payment_requests
  REFERENCING OLD TABLE AS old_requests NEW TABLE AS new_requests FOR EACH STATEMENT EXECUTE FUNCTION payment_requests_count();
--> statement-breakpoint
CREATE TRIGGER payment_requests_counted_delete AFTER DELETE ON payment_requests REFERENCING OLD TABLE AS old_requests
  FOR EACH STATEMENT EXECUTE FUNCTION payment_requests_count();
