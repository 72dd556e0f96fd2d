CREATE TABLE "custom_works" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"requirement_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_works_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "custom_works_name_length" CHECK (char_length("custom_works"."name") BETWEEN 1 AND 120)
);
--> statement-breakpoint
CREATE TABLE "works" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"custom_work_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"requested_by" integer,
	"document_type" text NOT NULL,
	"document_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "works_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "works_document_type_known" CHECK ("works"."document_type" IN ('Order', 'Budget', 'Crm', 'Booking')),
	CONSTRAINT "works_document_id_positive" CHECK ("works"."document_id" > 0),
	CONSTRAINT "works_completed_after_start" CHECK ("works"."completed_at" IS NULL OR ("works"."started_at" IS NOT NULL AND "works"."completed_at" >= "works"."started_at"))
);
--> statement-breakpoint
ALTER TABLE "custom_works" ADD CONSTRAINT "custom_works_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_works" ADD CONSTRAINT "custom_works_requirement_id_tenant_fk" FOREIGN KEY ("company_id","requirement_id") REFERENCES "public"."requirements"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "works" ADD CONSTRAINT "works_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "works" ADD CONSTRAINT "works_custom_work_id_tenant_fk" FOREIGN KEY ("company_id","custom_work_id") REFERENCES "public"."custom_works"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "works" ADD CONSTRAINT "works_user_id_tenant_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "works" ADD CONSTRAINT "works_requested_by_tenant_fk" FOREIGN KEY ("company_id","requested_by") REFERENCES "public"."users"("company_id","id") ON DELETE set null (requested_by) ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_works_company_idx" ON "custom_works" USING btree ("company_id","requirement_id");--> statement-breakpoint
CREATE INDEX "works_own_idx" ON "works" USING btree ("company_id","user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "works"."completed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "works_user_idx" ON "works" USING btree ("company_id","user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "works_document_idx" ON "works" USING btree ("company_id","document_type","document_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "works_open_unique_idx" ON "works" USING btree ("company_id","document_type","document_id","custom_work_id","user_id") WHERE "works"."completed_at" IS NULL;