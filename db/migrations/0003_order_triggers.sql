-- Derived columns of orders and vehicles, kept by triggers so that every writer (check-in, budgets, chat, kiosk,
-- spreadsheet imports) keeps them right without knowing they exist:
--   orders.search_text / vehicles.search_text  one folded string per row for the lists' trigram contains-search
--   orders.last_budget_id / last_budget_status_id  the latest budget, for the list's column and budget filter
--     (budget_status_key, generated from the latter, is what the list's indexes and filter read)
--   order_status_counts  orders per (status, last budget status), for totals without counting a million rows

-- Upper-cases ASCII and drops Spanish accents by a fixed table, independent of the server's locale (upper() is
-- not). @taller/db search.ts folds search terms with the same table.
CREATE FUNCTION search_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(t, 'abcdefghijklmnopqrstuvwxyzáéíóúüñÁÉÍÓÚÜÑ', 'ABCDEFGHIJKLMNOPQRSTUVWXYZAEIOUUNAEIOUUN')
$$;
--> statement-breakpoint
-- The one composition of each search text, from values already looked up: "#correlative identifier brand model
-- client-name rut rut-digits" for an order, "identifier chassis brand model client-name rut rut-digits" for a
-- vehicle. A RUT is kept as written ("12.345.678-5") and as bare digits ("123456785"). No lookups inside (and
-- STABLE like concat_ws), so the planner inlines them; the fill triggers below and bulk loaders (db/src/seed/scale.ts)
-- both call them.
CREATE FUNCTION order_search_text(p_correlative integer, p_identifier text, p_brand text, p_model text, p_client text, p_rut text)
RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT search_fold(concat_ws(' ', '#' || p_correlative, p_identifier, p_brand, p_model, p_client, p_rut,
                               regexp_replace(p_rut, '[^0-9kK]', '', 'g')))
$$;
--> statement-breakpoint
CREATE FUNCTION vehicle_search_text(p_identifier text, p_chassis text, p_brand text, p_model text, p_client text, p_rut text)
RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT search_fold(concat_ws(' ', p_identifier, p_chassis, p_brand, p_model, p_client, p_rut,
                               regexp_replace(p_rut, '[^0-9kK]', '', 'g')))
$$;
--> statement-breakpoint
-- One cached query per written row.
CREATE FUNCTION orders_fill_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT order_search_text(NEW.correlative_id, v.identifier, b.name, m.name, c.name, c.rut) INTO NEW.search_text
    FROM (SELECT) AS one
    LEFT JOIN vehicles v ON v.id = NEW.vehicle_id
    LEFT JOIN brands b ON b.id = v.brand_id
    LEFT JOIN brand_models m ON m.id = v.brand_model_id
    LEFT JOIN clients c ON c.id = NEW.client_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE FUNCTION vehicles_fill_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT vehicle_search_text(NEW.identifier, NEW.chassis, b.name, m.name, c.name, c.rut) INTO NEW.search_text
    FROM (SELECT) AS one
    LEFT JOIN brands b ON b.id = NEW.brand_id
    LEFT JOIN brand_models m ON m.id = NEW.brand_model_id
    LEFT JOIN clients c ON c.id = NEW.client_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- The triggers below refresh dependent rows by "touching" the column their fill trigger watches (SET x = x): the
-- fill triggers stay the one place that looks a row's values up.
-- A vehicle's plate, brand or model appear in its orders' text.
CREATE FUNCTION vehicles_refresh_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders SET vehicle_id = vehicle_id WHERE vehicle_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A client's name and RUT appear in the text of their orders and vehicles.
CREATE FUNCTION clients_refresh_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders SET client_id = client_id WHERE client_id = NEW.id;
  UPDATE vehicles SET client_id = client_id WHERE client_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A renamed brand or model: rare, and it rewrites every vehicle and order of it.
CREATE FUNCTION brands_refresh_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'brands' THEN
    UPDATE vehicles SET brand_id = brand_id WHERE brand_id = NEW.id;
    UPDATE orders SET vehicle_id = vehicle_id WHERE vehicle_id IN (SELECT id FROM vehicles WHERE brand_id = NEW.id);
  ELSE
    UPDATE vehicles SET brand_model_id = brand_model_id WHERE brand_model_id = NEW.id;
    UPDATE orders SET vehicle_id = vehicle_id WHERE vehicle_id IN (SELECT id FROM vehicles WHERE brand_model_id = NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Points each given order at its latest budget (highest id); writes only orders whose pointer changes, so a bulk
-- load that already set the pointers costs one index probe per order.
CREATE FUNCTION refresh_last_budget(order_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE orders o SET last_budget_id = lb.id, last_budget_status_id = lb.status_id
    FROM (SELECT t.order_id, b.id, b.status_id
            FROM unnest(order_ids) AS t(order_id)
            LEFT JOIN LATERAL (
              SELECT id, status_id FROM budgets WHERE budgets.order_id = t.order_id ORDER BY id DESC LIMIT 1
            ) b ON true) lb
   WHERE o.id = lb.order_id
     AND (o.last_budget_id IS DISTINCT FROM lb.id OR o.last_budget_status_id IS DISTINCT FROM lb.status_id)
$$;
--> statement-breakpoint
-- Statement-level with transition tables: a bulk write of budgets refreshes its orders in one set-based update.
CREATE FUNCTION budgets_refresh_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_last_budget(ARRAY(SELECT DISTINCT order_id FROM new_budgets));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_last_budget(ARRAY(SELECT DISTINCT order_id FROM old_budgets));
  ELSE
    PERFORM refresh_last_budget(ARRAY(SELECT order_id FROM new_budgets UNION SELECT order_id FROM old_budgets));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Adds the statement's net change per (company, status, budget status). Rows are locked in key order so that
-- concurrent writers cannot deadlock; companies being deleted (cascades) are skipped.
CREATE FUNCTION orders_count_statuses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_status_counts AS c (company_id, status_id, budget_status_key, count)
    SELECT n.company_id, n.status_id, n.budget_status_key, count(*)
      FROM new_orders n JOIN companies ON companies.id = n.company_id
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
        ON CONFLICT (company_id, status_id, budget_status_key) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE order_status_counts c SET count = c.count - d.n
      FROM (SELECT company_id, status_id, budget_status_key, count(*) AS n FROM old_orders GROUP BY 1, 2, 3) d
     WHERE (c.company_id, c.status_id, c.budget_status_key) = (d.company_id, d.status_id, d.budget_status_key);
  ELSE
    INSERT INTO order_status_counts AS c (company_id, status_id, budget_status_key, count)
    SELECT d.company_id, d.status_id, d.budget_status_key, sum(d.delta)
      FROM (SELECT company_id, status_id, budget_status_key, 1 AS delta FROM new_orders
            UNION ALL
            SELECT company_id, status_id, budget_status_key, -1 FROM old_orders) d
      JOIN companies ON companies.id = d.company_id
     GROUP BY 1, 2, 3 HAVING sum(d.delta) <> 0 ORDER BY 1, 2, 3
        ON CONFLICT (company_id, status_id, budget_status_key) DO UPDATE SET count = c.count + excluded.count;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_search_text BEFORE INSERT OR UPDATE OF correlative_id, vehicle_id, client_id ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_fill_search_text();
--> statement-breakpoint
CREATE TRIGGER vehicles_search_text BEFORE INSERT OR UPDATE OF identifier, chassis, brand_id, brand_model_id, client_id
  ON vehicles FOR EACH ROW EXECUTE FUNCTION vehicles_fill_search_text();
--> statement-breakpoint
CREATE TRIGGER vehicles_refresh_orders AFTER UPDATE OF identifier, brand_id, brand_model_id ON vehicles FOR EACH ROW
  WHEN (OLD.identifier IS DISTINCT FROM NEW.identifier OR OLD.brand_id IS DISTINCT FROM NEW.brand_id
        OR OLD.brand_model_id IS DISTINCT FROM NEW.brand_model_id)
  EXECUTE FUNCTION vehicles_refresh_orders();
--> statement-breakpoint
CREATE TRIGGER clients_refresh_search_text AFTER UPDATE OF name, rut ON clients FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.rut IS DISTINCT FROM NEW.rut)
  EXECUTE FUNCTION clients_refresh_search_text();
--> statement-breakpoint
CREATE TRIGGER brands_refresh_search_text AFTER UPDATE OF name ON brands FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION brands_refresh_search_text();
--> statement-breakpoint
CREATE TRIGGER brand_models_refresh_search_text AFTER UPDATE OF name ON brand_models FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION brands_refresh_search_text();
--> statement-breakpoint
-- Rows that existed before this migration: touched so the fill triggers compose their text, then pointed at their
-- latest budget and counted (the budget and count triggers are created after, so they see only later changes).
UPDATE vehicles SET identifier = identifier;
--> statement-breakpoint
UPDATE orders SET correlative_id = correlative_id;
--> statement-breakpoint
SELECT refresh_last_budget(ARRAY(SELECT DISTINCT order_id FROM budgets));
--> statement-breakpoint
INSERT INTO order_status_counts (company_id, status_id, budget_status_key, count)
SELECT company_id, status_id, budget_status_key, count(*) FROM orders GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE TRIGGER budgets_inserted AFTER INSERT ON budgets REFERENCING NEW TABLE AS new_budgets
  FOR EACH STATEMENT EXECUTE FUNCTION budgets_refresh_orders();
--> statement-breakpoint
CREATE TRIGGER budgets_updated AFTER UPDATE ON budgets REFERENCING OLD TABLE AS old_budgets NEW TABLE AS new_budgets
  FOR EACH STATEMENT EXECUTE FUNCTION budgets_refresh_orders();
--> statement-breakpoint
CREATE TRIGGER budgets_deleted AFTER DELETE ON budgets REFERENCING OLD TABLE AS old_budgets
  FOR EACH STATEMENT EXECUTE FUNCTION budgets_refresh_orders();
--> statement-breakpoint
CREATE TRIGGER orders_counted_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION orders_count_statuses();
--> statement-breakpoint
CREATE TRIGGER orders_counted_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION orders_count_statuses();
--> statement-breakpoint
CREATE TRIGGER orders_counted_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_orders
  FOR EACH STATEMENT EXECUTE FUNCTION orders_count_statuses();
