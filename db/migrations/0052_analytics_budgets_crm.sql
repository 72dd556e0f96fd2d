-- Budgets and the CRM's retentions and absences in the dashboard's aggregates (analytics_days / analytics_months,
-- migration 0050), kept by the same statement triggers (analytics_count) and backfilled from the same functions.
-- Both count a row on the day it was created, by its present state: a budget's later answer or a management's later
-- progress moves it within its creation day (a cohort), so the figures of a period say what became of what it
-- produced, and a row never counts twice however often its status changes.
--
-- A budget on its creation day, at its order's location, per status (dim: the status id). Which statuses are
-- 'sent' and which finished ones the company reads as approval is decided when the dashboard reads them: statuses
-- are the company's own and may be renamed or reordered, the stored counts stay right.
CREATE FUNCTION analytics_budget_facts(b budgets)
  RETURNS TABLE (company_id integer, day date, location_key integer, metric text, dim integer, value bigint)
  LANGUAGE sql STABLE AS $$
  SELECT b.company_id, analytics_day(b.created_at),
         coalesce((SELECT o.location_id FROM orders o WHERE o.company_id = b.company_id AND o.id = b.order_id), -1),
         'budgets', b.status_id, 1::bigint
$$;
--> statement-breakpoint
-- A retention (dim 1) or absence (dim 2) on the day it was raised, at its location: raised; contacted (someone set
-- its status, put it on the waiting list or marked it lost: last_contacted_at); booked (a booking took it up);
-- recovered (that booking was checked in: the client came back); lost (a 'failed' status).
CREATE FUNCTION analytics_crm_facts(c crms)
  RETURNS TABLE (company_id integer, day date, location_key integer, metric text, dim integer, value bigint)
  LANGUAGE sql STABLE AS $$
  SELECT c.company_id, analytics_day(c.created_at), coalesce(c.location_id, -1), f.metric,
         CASE c.kind WHEN 'retention' THEN 1 ELSE 2 END, 1::bigint
    FROM (VALUES ('crm_raised', true),
                 ('crm_contacted', c.last_contacted_at IS NOT NULL),
                 ('crm_booked', c.booking_id IS NOT NULL),
                 ('crm_recovered', c.booking_state = 'checked_in'),
                 ('crm_lost', c.category = 'failed')) f(metric, keep)
   WHERE c.kind IN ('retention', 'absence') AND f.keep
$$;
--> statement-breakpoint
INSERT INTO analytics_days AS a (company_id, day, location_key, metric, dim, value)
SELECT f.company_id, f.day, f.location_key, f.metric, f.dim, sum(f.value)
  FROM (SELECT f.* FROM budgets b, analytics_budget_facts(b) f
        UNION ALL SELECT f.* FROM crms c, analytics_crm_facts(c) f) f
 GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (company_id, day, location_key, metric, dim) DO UPDATE SET value = a.value + excluded.value;
--> statement-breakpoint
INSERT INTO analytics_months AS m (company_id, month, location_key, metric, dim, value)
SELECT f.company_id, date_trunc('month', f.day)::date, f.location_key, f.metric, f.dim, sum(f.value)
  FROM (SELECT f.* FROM budgets b, analytics_budget_facts(b) f
        UNION ALL SELECT f.* FROM crms c, analytics_crm_facts(c) f) f
 GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (company_id, month, location_key, metric, dim) DO UPDATE SET value = m.value + excluded.value;
--> statement-breakpoint
CREATE TRIGGER budgets_analytics_insert AFTER INSERT ON budgets REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('analytics_budget_facts');
--> statement-breakpoint
CREATE TRIGGER budgets_analytics_update AFTER UPDATE ON budgets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('analytics_budget_facts');
--> statement-breakpoint
CREATE TRIGGER budgets_analytics_delete AFTER DELETE ON budgets REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('analytics_budget_facts');
--> statement-breakpoint
CREATE TRIGGER crms_analytics_insert AFTER INSERT ON crms REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('analytics_crm_facts');
--> statement-breakpoint
CREATE TRIGGER crms_analytics_update AFTER UPDATE ON crms REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('analytics_crm_facts');
--> statement-breakpoint
CREATE TRIGGER crms_analytics_delete AFTER DELETE ON crms REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('analytics_crm_facts');
