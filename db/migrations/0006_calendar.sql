CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	"order_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "events_duration_range" CHECK ("events"."duration_minutes" BETWEEN 1 AND 44640),
	CONSTRAINT "events_name_length" CHECK (char_length("events"."name") BETWEEN 1 AND 200)
);
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_order_id_tenant_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE set null (order_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_tenant_fk" FOREIGN KEY ("company_id","created_by") REFERENCES "public"."users"("company_id","id") ON DELETE set null (created_by) ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_company_start_idx" ON "events" USING btree ("company_id","start_at");--> statement-breakpoint
CREATE INDEX "events_order_idx" ON "events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "events_created_by_idx" ON "events" USING btree ("company_id","created_by");--> statement-breakpoint
CREATE INDEX "orders_calendar_finish_idx" ON "orders" USING btree ("company_id","finish_date") WHERE completed_at IS NULL AND finish_date IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_calendar_completed_idx" ON "orders" USING btree ("company_id","completed_at") WHERE completed_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_calendar_ended_idx" ON "orders" USING btree ("company_id","ended_at") WHERE completed_at IS NULL AND finish_date IS NULL AND ended_at IS NOT NULL;