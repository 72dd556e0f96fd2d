CREATE TABLE "order_status_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"status_id" integer NOT NULL,
	"user_id" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_status_logs_reason_length" CHECK (char_length("order_status_logs"."reason") <= 500)
);
--> statement-breakpoint
ALTER TABLE "statuses" ADD COLUMN "cancel" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "order_status_logs" ADD CONSTRAINT "order_status_logs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_logs" ADD CONSTRAINT "order_status_logs_order_id_tenant_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_logs" ADD CONSTRAINT "order_status_logs_status_id_tenant_fk" FOREIGN KEY ("company_id","status_id") REFERENCES "public"."statuses"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_logs" ADD CONSTRAINT "order_status_logs_user_id_tenant_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE set null (user_id) ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_status_logs_order_idx" ON "order_status_logs" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "statuses_company_cancel_idx" ON "statuses" USING btree ("company_id") WHERE "statuses"."cancel";--> statement-breakpoint
ALTER TABLE "statuses" ADD CONSTRAINT "statuses_cancel_order_finish" CHECK (NOT "statuses"."cancel" OR ("statuses"."type" = 'Order' AND "statuses"."finish"));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cancel_reason_length" CHECK (char_length("orders"."cancel_reason") <= 500);--> statement-breakpoint
-- Hand-written: a company's finished order status named as a cancellation is its cancel status, and every existing
-- order starts its history with the status it holds, at its check-in.
UPDATE "statuses" s SET "cancel" = true
WHERE s."type" = 'Order' AND s."finish" AND lower(s."name") IN ('anulado', 'anulada', 'cancelado', 'cancelada')
  AND s."id" = (SELECT min(x."id") FROM "statuses" x WHERE x."company_id" = s."company_id" AND x."type" = 'Order'
                AND x."finish" AND lower(x."name") IN ('anulado', 'anulada', 'cancelado', 'cancelada'));--> statement-breakpoint
INSERT INTO "order_status_logs" ("company_id", "order_id", "status_id", "user_id", "created_at")
SELECT "company_id", "id", "status_id", "user_id", "check_in_time" FROM "orders";
