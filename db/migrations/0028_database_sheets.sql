-- Hand-edited after drizzle-kit generate: a database made before this lists the one sheet it knows (its workbook is
-- read again when 'ACTUALIZAR' or another sheet is saved).
ALTER TABLE "manager_databases" ADD COLUMN "sheets" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
UPDATE "manager_databases" SET "sheets" = ARRAY["sheet"];
