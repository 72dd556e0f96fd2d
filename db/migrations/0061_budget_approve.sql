-- Which finished budget status means the client accepted the budget (the reports' approvals, inventory's suggested
-- lines). Existing companies get it on their finished budget statuses named like 'Aprobado' (the demo's and the
-- default setup's word); an administrator moves it at /admin/statuses.
ALTER TABLE "statuses" ADD COLUMN "approve" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "statuses" ADD CONSTRAINT "statuses_approve_budget_finish" CHECK (NOT "statuses"."approve" OR ("statuses"."type" = 'Budget' AND "statuses"."finish"));--> statement-breakpoint
UPDATE "statuses" SET "approve" = true WHERE "type" = 'Budget' AND "finish" AND lower("name") LIKE 'aprobad%';
