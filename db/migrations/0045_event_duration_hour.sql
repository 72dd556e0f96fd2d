ALTER TABLE "events" DROP CONSTRAINT "events_duration_range";--> statement-breakpoint
-- Hand-written NOT VALID: events stored shorter than an hour before the calendar's one rule keep their length; every
-- new or rewritten row is held to an hour at least (the calendar's write module refuses less first).
ALTER TABLE "events" ADD CONSTRAINT "events_duration_range" CHECK ("events"."duration_minutes" BETWEEN 60 AND 44640) NOT VALID;
