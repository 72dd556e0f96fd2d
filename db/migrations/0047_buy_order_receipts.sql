CREATE TABLE "provider_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"action_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"key" uuid NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_receipts_company_id_id_key" UNIQUE("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "provider_action_products" ADD COLUMN "received_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_receipts" ADD CONSTRAINT "provider_receipts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_receipts" ADD CONSTRAINT "provider_receipts_action_id_tenant_fk" FOREIGN KEY ("company_id","action_id") REFERENCES "public"."provider_actions"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_receipts" ADD CONSTRAINT "provider_receipts_warehouse_id_tenant_fk" FOREIGN KEY ("company_id","warehouse_id") REFERENCES "public"."warehouses"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_receipts" ADD CONSTRAINT "provider_receipts_user_id_tenant_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE set null (user_id) ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_receipts_key_idx" ON "provider_receipts" USING btree ("company_id","key");--> statement-breakpoint
CREATE INDEX "provider_receipts_action_idx" ON "provider_receipts" USING btree ("company_id","action_id");--> statement-breakpoint
ALTER TABLE "provider_action_products" ADD CONSTRAINT "provider_action_products_received_range" CHECK ("provider_action_products"."received_quantity" BETWEEN 0 AND "provider_action_products"."quantity");