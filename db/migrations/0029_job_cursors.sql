CREATE TABLE "job_cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"last_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "realtime_events_notification_idx" ON "realtime_events" USING btree ("id") WHERE "realtime_events"."type" = 'notification.requested';