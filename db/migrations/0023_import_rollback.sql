-- Hand-edited after drizzle-kit generate:
-- * import_created's existing rows each become a one-id array (record_ids is added nullable, filled, then NOT NULL),
--   so a rollback of an earlier import still finds them.
-- * The vehicles' search text: the per-row fill trigger now runs only when the writer brings no text (an INSERT
--   with the default '', an UPDATE that leaves search_text as it was). The spreadsheet import computes the text of
--   the vehicles it inserts set-based, with the same vehicle_search_text(), in its INSERT ... SELECT; every other
--   writer is unchanged. One trigger per event, since a WHEN clause cannot read OLD on INSERT.
ALTER TABLE "database_connections" DROP CONSTRAINT "database_connections_status";--> statement-breakpoint
DROP INDEX "database_connections_runnable_idx";--> statement-breakpoint
ALTER TABLE "import_created" DROP CONSTRAINT "import_created_batch_id_entity_record_id_pk";--> statement-breakpoint
ALTER TABLE "database_connections" ADD COLUMN "rollback" jsonb;--> statement-breakpoint
ALTER TABLE "import_created" ADD COLUMN "id" serial PRIMARY KEY NOT NULL;--> statement-breakpoint
ALTER TABLE "import_created" ADD COLUMN "record_ids" integer[];--> statement-breakpoint
UPDATE "import_created" SET "record_ids" = ARRAY["record_id"];--> statement-breakpoint
ALTER TABLE "import_created" ALTER COLUMN "record_ids" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "import_created_batch_idx" ON "import_created" USING btree ("batch_id","company_id");--> statement-breakpoint
CREATE INDEX "database_connections_runnable_idx" ON "database_connections" USING btree ("status") WHERE "database_connections"."status" IN ('pending', 'connecting', 'undo_pending', 'undoing');--> statement-breakpoint
ALTER TABLE "import_created" DROP COLUMN "record_id";--> statement-breakpoint
ALTER TABLE "database_connections" ADD CONSTRAINT "database_connections_status" CHECK ("database_connections"."status" IN ('pending', 'connecting', 'connected', 'failed', 'undo_pending', 'undoing', 'undone'));--> statement-breakpoint
DROP TRIGGER "vehicles_search_text" ON "vehicles";--> statement-breakpoint
CREATE TRIGGER "vehicles_search_text_insert" BEFORE INSERT ON "vehicles" FOR EACH ROW
  WHEN (NEW.search_text = '') EXECUTE FUNCTION vehicles_fill_search_text();--> statement-breakpoint
CREATE TRIGGER "vehicles_search_text" BEFORE UPDATE OF identifier, chassis, brand_id, brand_model_id, client_id ON "vehicles" FOR EACH ROW
  WHEN (NEW.search_text IS NOT DISTINCT FROM OLD.search_text) EXECUTE FUNCTION vehicles_fill_search_text();
