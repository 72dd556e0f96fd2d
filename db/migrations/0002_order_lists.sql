CREATE TABLE "custom_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"entity" text NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'text' NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_transitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"from_status_id" integer NOT NULL,
	"to_status_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_status_counts" (
	"company_id" integer NOT NULL,
	"status_id" integer NOT NULL,
	"budget_status_key" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_status_counts_company_id_status_id_budget_status_key_pk" PRIMARY KEY("company_id","status_id","budget_status_key")
);
--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "last_budget_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "last_budget_status_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "budget_status_key" integer GENERATED ALWAYS AS (coalesce(last_budget_status_id, -1)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_transitions" ADD CONSTRAINT "status_transitions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_transitions" ADD CONSTRAINT "status_transitions_from_status_id_statuses_id_fk" FOREIGN KEY ("from_status_id") REFERENCES "public"."statuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_transitions" ADD CONSTRAINT "status_transitions_to_status_id_statuses_id_fk" FOREIGN KEY ("to_status_id") REFERENCES "public"."statuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_counts" ADD CONSTRAINT "order_status_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_counts" ADD CONSTRAINT "order_status_counts_status_id_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."statuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_fields_company_key_idx" ON "custom_fields" USING btree ("company_id","entity","key");--> statement-breakpoint
CREATE UNIQUE INDEX "status_transitions_unique_idx" ON "status_transitions" USING btree ("company_id","from_status_id","to_status_id");--> statement-breakpoint
CREATE INDEX "vehicles_client_idx" ON "vehicles" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "vehicles_search_idx" ON "vehicles" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bookings_company_date_idx" ON "bookings" USING btree ("company_id","booking_date");--> statement-breakpoint
CREATE INDEX "orders_client_idx" ON "orders" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "orders_list_correlative_idx" ON "orders" USING btree ("company_id","status_id","budget_status_key","correlative_id");--> statement-breakpoint
CREATE INDEX "orders_list_check_in_idx" ON "orders" USING btree ("company_id","status_id","budget_status_key","check_in_time","correlative_id");--> statement-breakpoint
CREATE INDEX "orders_search_idx" ON "orders" USING gin ("search_text" gin_trgm_ops);