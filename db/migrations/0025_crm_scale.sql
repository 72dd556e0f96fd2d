CREATE TABLE "client_rating_counts" (
	"company_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "client_rating_counts_company_id_rating_pk" PRIMARY KEY("company_id","rating")
);
--> statement-breakpoint
CREATE TABLE "crm_counts" (
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"category" text NOT NULL,
	"location_key" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"estimated" bigint DEFAULT 0 NOT NULL,
	"recovered" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "crm_counts_company_id_kind_category_location_key_pk" PRIMARY KEY("company_id","kind","category","location_key")
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "search_prefixes" text[] GENERATED ALWAYS AS (search_prefixes(search_text)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "client_rating_counts" ADD CONSTRAINT "client_rating_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_counts" ADD CONSTRAINT "crm_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clients_search_idx" ON "clients" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_search_prefixes_idx" ON "clients" USING gin ("search_prefixes");--> statement-breakpoint
CREATE INDEX "clients_rating_idx" ON "clients" USING btree ("company_id","rating","id");
--> statement-breakpoint
-- By hand: the counts as each statement's net change (as order_status_counts and payment_request_counts; a row-level
-- +1 on one counts row is quadratic for a bulk insert in one transaction). Rows are locked in key order so writers
-- cannot deadlock; inserts join companies so a company being deleted (its rows cascade) writes nothing back.
CREATE FUNCTION crms_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO crm_counts AS c (company_id, kind, category, location_key, count, estimated, recovered)
    SELECT n.company_id, n.kind, n.category, coalesce(n.location_id, -1), count(*), sum(n.estimated_amount), sum(n.recovered_amount)
      FROM new_crms n JOIN companies ON companies.id = n.company_id
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
        ON CONFLICT (company_id, kind, category, location_key) DO UPDATE
       SET count = c.count + excluded.count, estimated = c.estimated + excluded.estimated, recovered = c.recovered + excluded.recovered;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE crm_counts c SET count = c.count - d.n, estimated = c.estimated - d.e, recovered = c.recovered - d.r
      FROM (SELECT company_id, kind, category, coalesce(location_id, -1) AS location_key, count(*) AS n,
                   sum(estimated_amount) AS e, sum(recovered_amount) AS r
              FROM old_crms GROUP BY 1, 2, 3, 4) d
     WHERE (c.company_id, c.kind, c.category, c.location_key) = (d.company_id, d.kind, d.category, d.location_key);
  ELSE
    INSERT INTO crm_counts AS c (company_id, kind, category, location_key, count, estimated, recovered)
    SELECT d.company_id, d.kind, d.category, d.location_key, sum(d.n), sum(d.e), sum(d.r)
      FROM (SELECT company_id, kind, category, coalesce(location_id, -1) AS location_key, 1 AS n, estimated_amount AS e,
                   recovered_amount AS r FROM new_crms
            UNION ALL
            SELECT company_id, kind, category, coalesce(location_id, -1), -1, -estimated_amount, -recovered_amount FROM old_crms) d
      JOIN companies ON companies.id = d.company_id
     GROUP BY 1, 2, 3, 4 HAVING sum(d.n) <> 0 OR sum(d.e) <> 0 OR sum(d.r) <> 0 ORDER BY 1, 2, 3, 4
        ON CONFLICT (company_id, kind, category, location_key) DO UPDATE
       SET count = c.count + excluded.count, estimated = c.estimated + excluded.estimated, recovered = c.recovered + excluded.recovered;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER crms_counted_insert AFTER INSERT ON crms REFERENCING NEW TABLE AS new_crms
  FOR EACH STATEMENT EXECUTE FUNCTION crms_count();
--> statement-breakpoint
CREATE TRIGGER crms_counted_update AFTER UPDATE ON crms REFERENCING OLD TABLE AS old_crms NEW TABLE AS new_crms
  FOR EACH STATEMENT EXECUTE FUNCTION crms_count();
--> statement-breakpoint
CREATE TRIGGER crms_counted_delete AFTER DELETE ON crms REFERENCING OLD TABLE AS old_crms
  FOR EACH STATEMENT EXECUTE FUNCTION crms_count();
--> statement-breakpoint
INSERT INTO crm_counts (company_id, kind, category, location_key, count, estimated, recovered)
SELECT company_id, kind, category, coalesce(location_id, -1), count(*), sum(estimated_amount), sum(recovered_amount)
  FROM crms GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- By hand. The clients table's search: "name rut rut-digits e-mail phone" folded, written by a trigger from the row
-- itself (a generated column cannot: search_prefixes is generated from it), searched through the trigram and prefix
-- indexes like every list instead of folding each of a company's clients per query.
CREATE FUNCTION client_search_text(p_name text, p_rut text, p_email text, p_phone text)
RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT search_fold(concat_ws(' ', p_name, p_rut, regexp_replace(p_rut, '[^0-9kK]', '', 'g'), p_email, p_phone))
$$;
--> statement-breakpoint
CREATE FUNCTION clients_fill_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := client_search_text(NEW.name, NEW.rut, NEW.email, NEW.phone);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_search_text BEFORE INSERT OR UPDATE OF name, rut, email, phone ON clients
  FOR EACH ROW EXECUTE FUNCTION clients_fill_search_text();
--> statement-breakpoint
UPDATE clients SET search_text = client_search_text(name, rut, email, phone);
--> statement-breakpoint
-- The rating toggles' counts as each statement's net change (as crm_counts): one function for the tables counted
-- per company and one column, the counts table and the column given by the trigger (client_rating_counts by
-- rating; payment_request_counts by status, whose own copy of it goes).
CREATE FUNCTION count_per_group() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  counts text := quote_ident(TG_ARGV[0]);
  grp text := quote_ident(TG_ARGV[1]);
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('INSERT INTO %1$s AS c (company_id, %2$s, count)
                    SELECT n.company_id, n.%2$s, count(*) FROM new_rows n JOIN companies ON companies.id = n.company_id
                     GROUP BY 1, 2 ORDER BY 1, 2
                        ON CONFLICT (company_id, %2$s) DO UPDATE SET count = c.count + excluded.count', counts, grp);
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format('UPDATE %1$s c SET count = c.count - d.n
                      FROM (SELECT company_id, %2$s AS grp, count(*) AS n FROM old_rows GROUP BY 1, 2) d
                     WHERE (c.company_id, c.%2$s) = (d.company_id, d.grp)', counts, grp);
  ELSE
    EXECUTE format('INSERT INTO %1$s AS c (company_id, %2$s, count)
                    SELECT d.company_id, d.grp, sum(d.n) FROM (
                      SELECT company_id, %2$s AS grp, 1 AS n FROM new_rows
                      UNION ALL
                      SELECT company_id, %2$s, -1 FROM old_rows) d
                      JOIN companies ON companies.id = d.company_id
                     GROUP BY 1, 2 HAVING sum(d.n) <> 0 ORDER BY 1, 2
                        ON CONFLICT (company_id, %2$s) DO UPDATE SET count = c.count + excluded.count', counts, grp);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_counted_insert AFTER INSERT ON clients REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_per_group('client_rating_counts', 'rating');
--> statement-breakpoint
CREATE TRIGGER clients_counted_update AFTER UPDATE ON clients REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_per_group('client_rating_counts', 'rating');
--> statement-breakpoint
CREATE TRIGGER clients_counted_delete AFTER DELETE ON clients REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_per_group('client_rating_counts', 'rating');
--> statement-breakpoint
INSERT INTO client_rating_counts (company_id, rating, count) SELECT company_id, rating, count(*) FROM clients GROUP BY 1, 2;
--> statement-breakpoint
DROP TRIGGER payment_requests_counted_insert ON payment_requests;
--> statement-breakpoint
DROP TRIGGER payment_requests_counted_update ON payment_requests;
--> statement-breakpoint
DROP TRIGGER payment_requests_counted_delete ON payment_requests;
--> statement-breakpoint
DROP FUNCTION payment_requests_count();
--> statement-breakpoint
CREATE TRIGGER payment_requests_counted_insert AFTER INSERT ON payment_requests REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_per_group('payment_request_counts', 'status');
--> statement-breakpoint
CREATE TRIGGER payment_requests_counted_update AFTER UPDATE ON payment_requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_per_group('payment_request_counts', 'status');
--> statement-breakpoint
CREATE TRIGGER payment_requests_counted_delete AFTER DELETE ON payment_requests REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_per_group('payment_request_counts', 'status');
