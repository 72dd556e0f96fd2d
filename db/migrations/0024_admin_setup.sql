DROP INDEX "holidays_company_date_idx";--> statement-breakpoint
DROP INDEX "locations_company_idx";--> statement-breakpoint
DROP INDEX "roles_company_name_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "locations_company_name_idx" ON "locations" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "roles_company_name_idx" ON "roles" USING btree ("company_id",lower("name"));--> statement-breakpoint
ALTER TABLE "holidays" ADD CONSTRAINT "holidays_company_date_location_key" UNIQUE NULLS NOT DISTINCT("company_id","date","location_id");