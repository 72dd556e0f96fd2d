-- Edited by hand: the workpoint_tokens (company_id, id) key moved before the foreign key that needs it.
ALTER TABLE "workpoint_tokens" ADD CONSTRAINT "workpoint_tokens_company_id_id_key" UNIQUE("company_id","id");--> statement-breakpoint
ALTER TABLE "user_devices" ADD COLUMN "workpoint_token_id" integer;--> statement-breakpoint
ALTER TABLE "user_devices" ADD CONSTRAINT "user_devices_workpoint_token_id_tenant_fk" FOREIGN KEY ("company_id","workpoint_token_id") REFERENCES "public"."workpoint_tokens"("company_id","id") ON DELETE set null (workpoint_token_id) ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_devices_workpoint_token_idx" ON "user_devices" USING btree ("workpoint_token_id");--> statement-breakpoint
CREATE UNIQUE INDEX "requirements_company_name_idx" ON "requirements" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "statuses_company_type_name_idx" ON "statuses" USING btree ("company_id","type","name");