ALTER TABLE "database_connections" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "manager_databases" ADD COLUMN "workbook_key" text NOT NULL;--> statement-breakpoint
CREATE INDEX "database_connections_runnable_idx" ON "database_connections" USING btree ("status") WHERE "database_connections"."status" IN ('pending', 'connecting');