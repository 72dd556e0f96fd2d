-- Generated, then edited by hand below the table: the counters seeded from the numbers in use, next_correlative()
-- rewritten over them, and a statement trigger per numbered table (the comment there says why).
CREATE TABLE "document_counters" (
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "document_counters_company_id_kind_pk" PRIMARY KEY("company_id","kind")
);
--> statement-breakpoint
ALTER TABLE "document_counters" ADD CONSTRAINT "document_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- By hand (below): numbering from the counter rows above instead of max() + 1 under an advisory lock. max() was read
-- once per insert, and with no statistics gathered yet (a fresh bulk load) the planner read every row of the company
-- for it. Now the first number of a statement is one `INSERT … ON CONFLICT DO UPDATE … RETURNING` on the counter
-- row, which also locks it to commit (so two transactions numbering one company and kind take turns and get
-- consecutive numbers; a rollback takes its update back, so the next transaction gets the same number). The
-- statement's further numbers count on in a transaction-local setting, and an AFTER INSERT statement trigger writes
-- the highest number the statement inserted back to the row and forgets the setting: a statement inserting 40,000
-- rows updates the row twice, not 40,000 times (each update of one row in one transaction walks the row's earlier
-- versions: quadratic). Rows inserted with their own number (imports, the seed) move the counter past it the same
-- way.
INSERT INTO document_counters (company_id, kind, last_value)
SELECT company_id, 'orders', max(correlative_id) FROM orders GROUP BY company_id
UNION ALL SELECT company_id, 'budgets', max(correlative_id) FROM budgets GROUP BY company_id
UNION ALL SELECT company_id, 'crms', max(correlative_id) FROM crms GROUP BY company_id
UNION ALL SELECT company_id, 'payment_requests', max(correlative_id) FROM payment_requests GROUP BY company_id
UNION ALL SELECT company_id, 'provider_actions:' || kind, max(correlative_id) FROM provider_actions GROUP BY company_id, kind;
--> statement-breakpoint
CREATE FUNCTION correlative_cache(company integer, counter text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$ SELECT 'taller_numbering.c' || md5(company || ':' || counter) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION next_correlative(tbl regclass, company integer, kind text DEFAULT NULL) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  counter text := tbl::text || coalesce(':' || kind, '');
  cache text := correlative_cache(company, counter);
  n integer := nullif(current_setting(cache, true), '')::integer;
BEGIN
  IF n IS NULL THEN
    INSERT INTO document_counters AS d (company_id, kind, last_value) VALUES (company, counter, 1)
      ON CONFLICT ON CONSTRAINT document_counters_company_id_kind_pk DO UPDATE SET last_value = d.last_value + 1
      RETURNING d.last_value INTO n;
  ELSE
    n := n + 1;
  END IF;
  PERFORM set_config(cache, n::text, true);
  RETURN n;
END $$;
--> statement-breakpoint
-- The statement's highest number back to its counter row; TG_ARGV[0] 'kind' for a table numbered per kind.
CREATE FUNCTION document_counters_flush() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO document_counters AS d (company_id, kind, last_value)
    SELECT i.company_id, i.counter, max(i.correlative_id)
    FROM (SELECT company_id, correlative_id,
                 TG_TABLE_NAME || CASE WHEN TG_NARGS > 0 THEN ':' || (to_jsonb(r) ->> TG_ARGV[0]) ELSE '' END AS counter
          FROM inserted r) i
    GROUP BY i.company_id, i.counter
    ON CONFLICT ON CONSTRAINT document_counters_company_id_kind_pk DO UPDATE SET last_value = excluded.last_value
      WHERE d.last_value < excluded.last_value;
  PERFORM set_config(correlative_cache(g.company_id, g.counter), '', true)
    FROM (SELECT DISTINCT company_id,
                 TG_TABLE_NAME || CASE WHEN TG_NARGS > 0 THEN ':' || (to_jsonb(r) ->> TG_ARGV[0]) ELSE '' END AS counter
          FROM inserted r) g;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_numbered AFTER INSERT ON orders REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION document_counters_flush();
--> statement-breakpoint
CREATE TRIGGER budgets_numbered AFTER INSERT ON budgets REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION document_counters_flush();
--> statement-breakpoint
CREATE TRIGGER crms_numbered AFTER INSERT ON crms REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION document_counters_flush();
--> statement-breakpoint
CREATE TRIGGER payment_requests_numbered AFTER INSERT ON payment_requests REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION document_counters_flush();
--> statement-breakpoint
CREATE TRIGGER provider_actions_numbered AFTER INSERT ON provider_actions REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION document_counters_flush('kind');
