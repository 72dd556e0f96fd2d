CREATE TABLE "file_store_removals" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A deleted file's bytes and its thumbnail (the thumbnail's key: @taller/core's THUMBNAIL_PREFIX and the id).
CREATE FUNCTION queue_file_removals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO file_store_removals (key)
  SELECT k FROM gone, LATERAL (VALUES (gone.id), ('thumb@256_' || gone.id)) AS keys(k)
  ON CONFLICT (key) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER files_queue_removals AFTER DELETE ON files REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION queue_file_removals();
--> statement-breakpoint
-- A deleted upload's chunks (apps/server's uploadChunkKey). A finished upload's were removed when it finished, unless
-- its process stopped in between: removing a missing key is no error.
CREATE FUNCTION queue_upload_chunk_removals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO file_store_removals (key)
  SELECT 'uploads/' || gone.id || '/' || s FROM gone, unnest(gone.chunk_starts) AS s
  ON CONFLICT (key) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER file_uploads_queue_removals AFTER DELETE ON file_uploads REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION queue_upload_chunk_removals();
