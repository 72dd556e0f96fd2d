-- Hand-edited: the notification_token type change carries `USING ...::jsonb` (PostgreSQL does not cast text to jsonb
-- on its own; the column held nothing before web push).
CREATE TABLE "push_deliveries" (
	"event_id" bigint PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"removed" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "push_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"event_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"devices" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_devices" ALTER COLUMN "notification_token" SET DATA TYPE jsonb USING "notification_token"::jsonb;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_user_id_tenant_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_deliveries_claimed_idx" ON "push_deliveries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "push_outbox_user_idx" ON "push_outbox" USING btree ("company_id","user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_devices_push_endpoint_idx" ON "user_devices" USING btree (("notification_token" ->> 'endpoint'));