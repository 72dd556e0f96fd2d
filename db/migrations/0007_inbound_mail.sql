CREATE TABLE "inbound_mail_keys" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"selector" text NOT NULL,
	"verifier_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inbound_mail_keys" ADD CONSTRAINT "inbound_mail_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_mail_keys_selector_idx" ON "inbound_mail_keys" USING btree ("selector");