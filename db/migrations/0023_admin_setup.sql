ALTER TABLE "sessions" ADD COLUMN "workpoint_token_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_workpoint_token_id_workpoint_tokens_id_fk" FOREIGN KEY ("workpoint_token_id") REFERENCES "public"."workpoint_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_workpoint_token_idx" ON "sessions" USING btree ("workpoint_token_id");--> statement-breakpoint
CREATE UNIQUE INDEX "requirements_company_name_idx" ON "requirements" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "statuses_company_type_name_idx" ON "statuses" USING btree ("company_id","type","name");