-- The list pipeline (@taller/trpc list/): location totals, own-records and vehicles indexes, short-term search,
-- and the shared key that signs list cursors.

-- The words' one- and two-character prefixes of a search text ("#123 ABC" -> {#, #1, 1, 12, A, AB}): terms under
-- three characters have no trigram, so they match a word's start through a GIN index over these.
CREATE FUNCTION search_prefixes(t text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT p ORDER BY p), '{}')
    FROM (SELECT w FROM unnest(string_to_array(t, ' ')) AS w UNION SELECT ltrim(w, '#') FROM unnest(string_to_array(t, ' ')) AS w) words,
         LATERAL (VALUES (left(w, 1)), (left(w, 2))) AS prefix(p)
   WHERE p <> ''
$$;
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL
);
--> statement-breakpoint
-- 244 random bits (gen_random_uuid draws from the server's strong random source), shared by every server process.
INSERT INTO "server_secrets" ("name", "secret") VALUES ('list_cursor', gen_random_uuid()::text || gen_random_uuid()::text);
--> statement-breakpoint
DROP INDEX "orders_list_correlative_idx";--> statement-breakpoint
DROP INDEX "orders_vehicle_idx";--> statement-breakpoint
CREATE INDEX "orders_vehicle_idx" ON "orders" USING btree ("vehicle_id","status_id","company_id","location_id");--> statement-breakpoint
DROP INDEX "orders_list_check_in_idx";--> statement-breakpoint
ALTER TABLE "order_status_counts" DROP CONSTRAINT "order_status_counts_company_id_status_id_budget_status_key_pk";--> statement-breakpoint
ALTER TABLE "order_status_counts" ADD COLUMN "location_key" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_status_counts" ADD CONSTRAINT "order_status_counts_company_id_status_id_budget_status_key_location_key_pk" PRIMARY KEY("company_id","status_id","budget_status_key","location_key");--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "search_prefixes" text[] GENERATED ALWAYS AS (search_prefixes(search_text)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search_prefixes" text[] GENERATED ALWAYS AS (search_prefixes(search_text)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "vehicles_search_prefixes_idx" ON "vehicles" USING gin ("search_prefixes");--> statement-breakpoint
CREATE INDEX "bookings_user_idx" ON "bookings" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "orders_search_prefixes_idx" ON "orders" USING gin ("search_prefixes");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "orders_assignee_idx" ON "orders" USING btree ("company_id","assignee_id");--> statement-breakpoint
CREATE INDEX "orders_status_vehicle_idx" ON "orders" USING btree ("company_id","status_id","vehicle_id","location_id");--> statement-breakpoint
CREATE INDEX "orders_list_correlative_idx" ON "orders" USING btree ("company_id","status_id","budget_status_key","correlative_id","location_id");--> statement-breakpoint
CREATE INDEX "orders_list_check_in_idx" ON "orders" USING btree ("company_id","status_id","budget_status_key","check_in_time","correlative_id","location_id");--> statement-breakpoint
-- Counts per (status, budget status, location): as 0003_order_triggers' function with the location added.
CREATE OR REPLACE FUNCTION orders_count_statuses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_status_counts AS c (company_id, status_id, budget_status_key, location_key, count)
    SELECT n.company_id, n.status_id, n.budget_status_key, coalesce(n.location_id, -1), count(*)
      FROM new_orders n JOIN companies ON companies.id = n.company_id
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
        ON CONFLICT (company_id, status_id, budget_status_key, location_key) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE order_status_counts c SET count = c.count - d.n
      FROM (SELECT company_id, status_id, budget_status_key, coalesce(location_id, -1) AS location_key, count(*) AS n
              FROM old_orders GROUP BY 1, 2, 3, 4) d
     WHERE (c.company_id, c.status_id, c.budget_status_key, c.location_key)
         = (d.company_id, d.status_id, d.budget_status_key, d.location_key);
  ELSE
    INSERT INTO order_status_counts AS c (company_id, status_id, budget_status_key, location_key, count)
    SELECT d.company_id, d.status_id, d.budget_status_key, d.location_key, sum(d.delta)
      FROM (SELECT company_id, status_id, budget_status_key, coalesce(location_id, -1) AS location_key, 1 AS delta FROM new_orders
            UNION ALL
            SELECT company_id, status_id, budget_status_key, coalesce(location_id, -1), -1 FROM old_orders) d
      JOIN companies ON companies.id = d.company_id
     GROUP BY 1, 2, 3, 4 HAVING sum(d.delta) <> 0 ORDER BY 1, 2, 3, 4
        ON CONFLICT (company_id, status_id, budget_status_key, location_key) DO UPDATE SET count = c.count + excluded.count;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TABLE "vehicle_counts" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vehicle_counts" ADD CONSTRAINT "vehicle_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Vehicles per company: the statement's net change, companies being deleted (cascades) skipped.
CREATE FUNCTION vehicles_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO vehicle_counts AS c (company_id, count)
    SELECT n.company_id, count(*) FROM new_vehicles n JOIN companies ON companies.id = n.company_id GROUP BY 1 ORDER BY 1
        ON CONFLICT (company_id) DO UPDATE SET count = c.count + excluded.count;
  ELSE
    UPDATE vehicle_counts c SET count = c.count - d.n
      FROM (SELECT company_id, count(*) AS n FROM old_vehicles GROUP BY 1) d WHERE c.company_id = d.company_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO vehicle_counts (company_id, count) SELECT company_id, count(*) FROM vehicles GROUP BY 1;
--> statement-breakpoint
CREATE TRIGGER vehicles_counted_insert AFTER INSERT ON vehicles REFERENCING NEW TABLE AS new_vehicles
  FOR EACH STATEMENT EXECUTE FUNCTION vehicles_count();
--> statement-breakpoint
CREATE TRIGGER vehicles_counted_delete AFTER DELETE ON vehicles REFERENCING OLD TABLE AS old_vehicles
  FOR EACH STATEMENT EXECUTE FUNCTION vehicles_count();
--> statement-breakpoint
-- Existing counts recounted with their locations.
DELETE FROM order_status_counts;
--> statement-breakpoint
INSERT INTO order_status_counts (company_id, status_id, budget_status_key, location_key, count)
SELECT company_id, status_id, budget_status_key, coalesce(location_id, -1), count(*) FROM orders GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- Lists are short OLTP queries whose worst-case cost estimates (every vehicle, every order) cross JIT's thresholds:
-- compiling them costs 10-40 ms for a query that runs in 2. New sessions of this database run without JIT (a role
-- that may not alter the database keeps the server's setting: set jit = off there).
DO $$ BEGIN
  EXECUTE format('ALTER DATABASE %I SET jit = off', current_database());
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'jit stays as configured: % may not alter the database', current_user;
END $$;
