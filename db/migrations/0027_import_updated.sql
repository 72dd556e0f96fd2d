CREATE TABLE "import_updated" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" text NOT NULL,
	"company_id" integer NOT NULL,
	"entity" text NOT NULL,
	"record_id" integer NOT NULL,
	"previous" jsonb NOT NULL,
	"written" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_updated" ADD CONSTRAINT "import_updated_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_updated_batch_idx" ON "import_updated" USING btree ("batch_id","company_id");