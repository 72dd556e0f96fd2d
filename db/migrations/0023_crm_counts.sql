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
ALTER TABLE "crm_counts" ADD CONSTRAINT "crm_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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
