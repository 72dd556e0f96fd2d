CREATE TABLE "client_rating_counts" (
	"company_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "client_rating_counts_company_id_rating_pk" PRIMARY KEY("company_id","rating")
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "search_prefixes" text[] GENERATED ALWAYS AS (search_prefixes(search_text)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "client_rating_counts" ADD CONSTRAINT "client_rating_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clients_search_idx" ON "clients" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_search_prefixes_idx" ON "clients" USING gin ("search_prefixes");--> statement-breakpoint
CREATE INDEX "clients_rating_idx" ON "clients" USING btree ("company_id","rating","id");--> statement-breakpoint
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
-- The rating toggles' counts as each statement's net change (as crm_counts).
CREATE FUNCTION clients_count_ratings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO client_rating_counts AS c (company_id, rating, count)
    SELECT n.company_id, n.rating, count(*) FROM new_clients n JOIN companies ON companies.id = n.company_id
     GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (company_id, rating) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE client_rating_counts c SET count = c.count - d.n
      FROM (SELECT company_id, rating, count(*) AS n FROM old_clients GROUP BY 1, 2) d
     WHERE (c.company_id, c.rating) = (d.company_id, d.rating);
  ELSE
    INSERT INTO client_rating_counts AS c (company_id, rating, count)
    SELECT d.company_id, d.rating, sum(d.n) FROM (
      SELECT company_id, rating, 1 AS n FROM new_clients
      UNION ALL
      SELECT company_id, rating, -1 FROM old_clients) d
      JOIN companies ON companies.id = d.company_id
     GROUP BY 1, 2 HAVING sum(d.n) <> 0 ORDER BY 1, 2
        ON CONFLICT (company_id, rating) DO UPDATE SET count = c.count + excluded.count;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_counted_insert AFTER INSERT ON clients REFERENCING NEW TABLE AS new_clients
  FOR EACH STATEMENT EXECUTE FUNCTION clients_count_ratings();
--> statement-breakpoint
CREATE TRIGGER clients_counted_update AFTER UPDATE ON clients REFERENCING OLD TABLE AS old_clients NEW TABLE AS new_clients
  FOR EACH STATEMENT EXECUTE FUNCTION clients_count_ratings();
--> statement-breakpoint
CREATE TRIGGER clients_counted_delete AFTER DELETE ON clients REFERENCING OLD TABLE AS old_clients
  FOR EACH STATEMENT EXECUTE FUNCTION clients_count_ratings();
--> statement-breakpoint
INSERT INTO client_rating_counts (company_id, rating, count) SELECT company_id, rating, count(*) FROM clients GROUP BY 1, 2;
