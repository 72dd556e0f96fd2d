CREATE TABLE "file_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"content_type" text NOT NULL,
	"name" text NOT NULL,
	"length" integer NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	"chunk_starts" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"file_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_uploads_length_positive" CHECK ("file_uploads"."length" > 0),
	CONSTRAINT "file_uploads_received_within" CHECK ("file_uploads"."received" BETWEEN 0 AND "file_uploads"."length")
);
--> statement-breakpoint
ALTER TABLE "file_uploads" ADD CONSTRAINT "file_uploads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_uploads" ADD CONSTRAINT "file_uploads_user_id_tenant_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_uploads_updated_idx" ON "file_uploads" USING btree ("updated_at");