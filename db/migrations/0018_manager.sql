CREATE TABLE "database_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"manager_database_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"batch_id" text,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "database_connections_database_company_key" UNIQUE("manager_database_id","company_id"),
	CONSTRAINT "database_connections_status" CHECK ("database_connections"."status" IN ('pending', 'connecting', 'connected', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "import_created" (
	"batch_id" text NOT NULL,
	"company_id" integer NOT NULL,
	"entity" text NOT NULL,
	"record_id" integer NOT NULL,
	CONSTRAINT "import_created_batch_id_entity_record_id_pk" PRIMARY KEY("batch_id","entity","record_id")
);
--> statement-breakpoint
CREATE TABLE "manager_databases" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"db_type" text DEFAULT 'tables' NOT NULL,
	"sheet" text NOT NULL,
	"keys" jsonb NOT NULL,
	"file_key" text NOT NULL,
	"row_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "manager_databases_name_length" CHECK (char_length("manager_databases"."name") BETWEEN 1 AND 120)
);
--> statement-breakpoint
ALTER TABLE "database_connections" ADD CONSTRAINT "database_connections_manager_database_id_manager_databases_id_fk" FOREIGN KEY ("manager_database_id") REFERENCES "public"."manager_databases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "database_connections" ADD CONSTRAINT "database_connections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_created" ADD CONSTRAINT "import_created_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "database_connections_company_idx" ON "database_connections" USING btree ("company_id");