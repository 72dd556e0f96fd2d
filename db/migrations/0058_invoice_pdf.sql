ALTER TABLE "invoice_configs" ADD COLUMN "sii_office" text;--> statement-breakpoint
ALTER TABLE "invoice_configs" ADD COLUMN "resolution_number" integer;--> statement-breakpoint
ALTER TABLE "invoice_configs" ADD COLUMN "resolution_year" integer;--> statement-breakpoint
ALTER TABLE "invoice_configs" ADD CONSTRAINT "invoice_configs_resolution" CHECK ("invoice_configs"."resolution_number" >= 0 AND "invoice_configs"."resolution_year" BETWEEN 2003 AND 2100);