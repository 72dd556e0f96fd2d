CREATE TABLE "invoice_status_totals" (
	"company_id" integer NOT NULL,
	"dte_type" integer NOT NULL,
	"status" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_status_totals_company_id_dte_type_status_pk" PRIMARY KEY("company_id","dte_type","status")
);
--> statement-breakpoint
ALTER TABLE "invoice_status_totals" ADD CONSTRAINT "invoice_status_totals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- By hand: 'Facturación' without a search reads its status boxes and their pesos from these rows instead of summing
-- every document of the company on each first page. Written as each statement's net change (as crm_counts: a bulk
-- insert stays linear), rows locked in key order so writers cannot deadlock; inserts join companies so a company
-- being deleted (its rows cascade) writes nothing back. An amount changes while a draft's lines change
-- (invoices_recompute updates the document), so updates count amounts as well as statuses.
CREATE FUNCTION invoices_status_total() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO invoice_status_totals AS t (company_id, dte_type, status, count, amount)
    SELECT n.company_id, n.dte_type, n.status, count(*), sum(n.total)
      FROM new_rows n JOIN companies ON companies.id = n.company_id
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
        ON CONFLICT (company_id, dte_type, status) DO UPDATE
       SET count = t.count + excluded.count, amount = t.amount + excluded.amount;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE invoice_status_totals t SET count = t.count - d.n, amount = t.amount - d.a
      FROM (SELECT company_id, dte_type, status, count(*) AS n, sum(total) AS a FROM old_rows GROUP BY 1, 2, 3) d
     WHERE (t.company_id, t.dte_type, t.status) = (d.company_id, d.dte_type, d.status);
  ELSE
    INSERT INTO invoice_status_totals AS t (company_id, dte_type, status, count, amount)
    SELECT d.company_id, d.dte_type, d.status, sum(d.n), sum(d.a)
      FROM (SELECT company_id, dte_type, status, 1 AS n, total::bigint AS a FROM new_rows
            UNION ALL
            SELECT company_id, dte_type, status, -1, -total::bigint FROM old_rows) d
      JOIN companies ON companies.id = d.company_id
     GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0 OR sum(d.a) <> 0 ORDER BY 1, 2, 3
        ON CONFLICT (company_id, dte_type, status) DO UPDATE
       SET count = t.count + excluded.count, amount = t.amount + excluded.amount;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_status_total_insert AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION invoices_status_total();
--> statement-breakpoint
CREATE TRIGGER invoices_status_total_update AFTER UPDATE ON invoices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoices_status_total();
--> statement-breakpoint
CREATE TRIGGER invoices_status_total_delete AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION invoices_status_total();
--> statement-breakpoint
INSERT INTO invoice_status_totals (company_id, dte_type, status, count, amount)
SELECT company_id, dte_type, status, count(*), sum(total) FROM invoices GROUP BY 1, 2, 3;
