CREATE TABLE "notification_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"notification" text NOT NULL,
	"name" text NOT NULL,
	"text" text NOT NULL,
	"answer_type" text DEFAULT '' NOT NULL,
	"show_order" boolean DEFAULT false NOT NULL,
	"show_budget" boolean DEFAULT false NOT NULL,
	"whatsapp_active" boolean DEFAULT false NOT NULL,
	"fills" text[] DEFAULT '{}'::text[] NOT NULL,
	"provider_template_id" text,
	"whatsapp_status" text,
	"status_reason" text,
	"paused_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_templates_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "notification_templates_answer_type_known" CHECK ("notification_templates"."answer_type" IN ('', 'text', 'date', 'datetime', 'boolean')),
	CONSTRAINT "notification_templates_status_known" CHECK ("notification_templates"."whatsapp_status" IS NULL OR "notification_templates"."whatsapp_status" IN ('submitted', 'approved', 'rejected', 'paused', 'disabled')),
	CONSTRAINT "notification_templates_lengths" CHECK (char_length("notification_templates"."name") <= 180 AND char_length("notification_templates"."text") <= 1024)
);
--> statement-breakpoint
CREATE TABLE "whatsapp_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"gupshup_app_id" text NOT NULL,
	"account_id" text NOT NULL,
	"phone_id" text NOT NULL,
	"verified_name" text DEFAULT '' NOT NULL,
	"display_number" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"webhook_selector" text NOT NULL,
	"webhook_verifier_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_configs_company_id_unique" UNIQUE("company_id"),
	CONSTRAINT "whatsapp_configs_company_id_id_key" UNIQUE("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"phone" text NOT NULL,
	"client_id" integer,
	"last_inbound_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_contacts_company_id_id_key" UNIQUE("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_inbound" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"wamid" text NOT NULL,
	"contact_id" integer NOT NULL,
	"body" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"comment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_inbound_company_id_id_key" UNIQUE("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"kind" text NOT NULL,
	"template_id" integer,
	"body" text NOT NULL,
	"variables" text[] DEFAULT '{}'::text[] NOT NULL,
	"document_type" text,
	"document_id" integer,
	"chat_id" integer,
	"sent_by" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"provider_message_id" text,
	"error" text,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_messages_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "whatsapp_messages_kind_known" CHECK ("whatsapp_messages"."kind" IN ('text', 'template')),
	CONSTRAINT "whatsapp_messages_status_known" CHECK ("whatsapp_messages"."status" IN ('queued', 'recorded', 'sent', 'delivered', 'read', 'failed')),
	CONSTRAINT "whatsapp_messages_body_length" CHECK (char_length("whatsapp_messages"."body") <= 4096)
);
--> statement-breakpoint
ALTER TABLE "notification_templates" ADD CONSTRAINT "notification_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_configs" ADD CONSTRAINT "whatsapp_configs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_contacts" ADD CONSTRAINT "whatsapp_contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_contacts" ADD CONSTRAINT "whatsapp_contacts_client_id_tenant_fk" FOREIGN KEY ("company_id","client_id") REFERENCES "public"."clients"("company_id","id") ON DELETE set null (client_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_inbound" ADD CONSTRAINT "whatsapp_inbound_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_inbound" ADD CONSTRAINT "whatsapp_inbound_contact_id_tenant_fk" FOREIGN KEY ("company_id","contact_id") REFERENCES "public"."whatsapp_contacts"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_contact_id_tenant_fk" FOREIGN KEY ("company_id","contact_id") REFERENCES "public"."whatsapp_contacts"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_template_id_tenant_fk" FOREIGN KEY ("company_id","template_id") REFERENCES "public"."notification_templates"("company_id","id") ON DELETE set null (template_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_chat_id_tenant_fk" FOREIGN KEY ("company_id","chat_id") REFERENCES "public"."chats"("company_id","id") ON DELETE set null (chat_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_sent_by_tenant_fk" FOREIGN KEY ("company_id","sent_by") REFERENCES "public"."users"("company_id","id") ON DELETE set null (sent_by) ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_templates_notification_idx" ON "notification_templates" USING btree ("company_id","notification");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_templates_provider_idx" ON "notification_templates" USING btree ("provider_template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_configs_selector_idx" ON "whatsapp_configs" USING btree ("webhook_selector");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_configs_app_idx" ON "whatsapp_configs" USING btree ("gupshup_app_id");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_contacts_phone_idx" ON "whatsapp_contacts" USING btree ("company_id","phone");--> statement-breakpoint
CREATE INDEX "whatsapp_contacts_client_idx" ON "whatsapp_contacts" USING btree ("company_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_inbound_wamid_idx" ON "whatsapp_inbound" USING btree ("company_id","wamid");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_provider_idx" ON "whatsapp_messages" USING btree ("provider_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_dedupe_idx" ON "whatsapp_messages" USING btree ("company_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_contact_idx" ON "whatsapp_messages" USING btree ("company_id","contact_id","id");