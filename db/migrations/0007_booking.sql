CREATE TABLE "specialities" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "specialities_company_id_id_key" UNIQUE("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "block_hours" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	CONSTRAINT "block_hours_day_range" CHECK ("block_hours"."day" BETWEEN 1 AND 7),
	CONSTRAINT "block_hours_order" CHECK ("block_hours"."start_time" < "block_hours"."end_time")
);
--> statement-breakpoint
CREATE TABLE "booking_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"date" date NOT NULL,
	"hour" time,
	"user_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_blocks_target_key" UNIQUE NULLS NOT DISTINCT("company_id","date","hour","user_id")
);
--> statement-breakpoint
CREATE TABLE "crms" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"correlative_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status_id" integer,
	"on_hold" boolean DEFAULT false NOT NULL,
	"client_id" integer,
	"vehicle_id" integer,
	"requirement_id" integer,
	"location_id" integer,
	"booking_id" integer,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crms_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "crms_kind_known" CHECK ("crms"."kind" IN ('booking', 'retention', 'absence'))
);
--> statement-breakpoint
CREATE TABLE "external_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"location_id" integer,
	"data" jsonb NOT NULL,
	"readed" boolean DEFAULT false NOT NULL,
	"is_booked" boolean DEFAULT false NOT NULL,
	"booking_id" integer,
	"message_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_specialities" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"speciality_id" integer NOT NULL,
	"enable" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "requirements" ADD COLUMN "speciality_id" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "duration" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "start_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "end_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "comment" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "from" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "booking_type" text DEFAULT 'booking' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "non_attendance" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "rescheduled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "rescheduled_for" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "rescheduled_from" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "check_in_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_company_id_id_key" UNIQUE("company_id","id");--> statement-breakpoint
ALTER TABLE "specialities" ADD CONSTRAINT "specialities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_hours" ADD CONSTRAINT "block_hours_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_hours" ADD CONSTRAINT "block_hours_user_id_tenant_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_blocks" ADD CONSTRAINT "booking_blocks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_blocks" ADD CONSTRAINT "booking_blocks_user_id_tenant_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_blocks" ADD CONSTRAINT "booking_blocks_created_by_tenant_fk" FOREIGN KEY ("company_id","created_by") REFERENCES "public"."users"("company_id","id") ON DELETE set null (created_by) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crms" ADD CONSTRAINT "crms_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crms" ADD CONSTRAINT "crms_status_id_tenant_fk" FOREIGN KEY ("company_id","status_id") REFERENCES "public"."statuses"("company_id","id") ON DELETE set null (status_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crms" ADD CONSTRAINT "crms_client_id_tenant_fk" FOREIGN KEY ("company_id","client_id") REFERENCES "public"."clients"("company_id","id") ON DELETE set null (client_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crms" ADD CONSTRAINT "crms_vehicle_id_tenant_fk" FOREIGN KEY ("company_id","vehicle_id") REFERENCES "public"."vehicles"("company_id","id") ON DELETE set null (vehicle_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crms" ADD CONSTRAINT "crms_requirement_id_tenant_fk" FOREIGN KEY ("company_id","requirement_id") REFERENCES "public"."requirements"("company_id","id") ON DELETE set null (requirement_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crms" ADD CONSTRAINT "crms_location_id_tenant_fk" FOREIGN KEY ("company_id","location_id") REFERENCES "public"."locations"("company_id","id") ON DELETE set null (location_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crms" ADD CONSTRAINT "crms_booking_id_tenant_fk" FOREIGN KEY ("company_id","booking_id") REFERENCES "public"."bookings"("company_id","id") ON DELETE set null (booking_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_mails" ADD CONSTRAINT "external_mails_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_mails" ADD CONSTRAINT "external_mails_location_id_tenant_fk" FOREIGN KEY ("company_id","location_id") REFERENCES "public"."locations"("company_id","id") ON DELETE set null (location_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_mails" ADD CONSTRAINT "external_mails_booking_id_tenant_fk" FOREIGN KEY ("company_id","booking_id") REFERENCES "public"."bookings"("company_id","id") ON DELETE set null (booking_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_specialities" ADD CONSTRAINT "user_specialities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_specialities" ADD CONSTRAINT "user_specialities_user_id_tenant_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_specialities" ADD CONSTRAINT "user_specialities_speciality_id_tenant_fk" FOREIGN KEY ("company_id","speciality_id") REFERENCES "public"."specialities"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "specialities_company_idx" ON "specialities" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "block_hours_user_idx" ON "block_hours" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crms_company_correlative_idx" ON "crms" USING btree ("company_id","correlative_id");--> statement-breakpoint
CREATE INDEX "crms_booking_idx" ON "crms" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "external_mails_message_idx" ON "external_mails" USING btree ("company_id","message_id");--> statement-breakpoint
CREATE INDEX "external_mails_company_idx" ON "external_mails" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_specialities_unique_idx" ON "user_specialities" USING btree ("company_id","user_id","speciality_id");--> statement-breakpoint
ALTER TABLE "requirements" ADD CONSTRAINT "requirements_speciality_id_tenant_fk" FOREIGN KEY ("company_id","speciality_id") REFERENCES "public"."specialities"("company_id","id") ON DELETE set null (speciality_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_created_by_tenant_fk" FOREIGN KEY ("company_id","created_by") REFERENCES "public"."users"("company_id","id") ON DELETE set null (created_by) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_rescheduled_for_tenant_fk" FOREIGN KEY ("company_id","rescheduled_for") REFERENCES "public"."bookings"("company_id","id") ON DELETE set null (rescheduled_for) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_rescheduled_from_tenant_fk" FOREIGN KEY ("company_id","rescheduled_from") REFERENCES "public"."bookings"("company_id","id") ON DELETE set null (rescheduled_from) ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_company_start_idx" ON "bookings" USING btree ("company_id","start_at","end_at","user_id","location_id") WHERE NOT "bookings"."rescheduled";--> statement-breakpoint
CREATE INDEX "bookings_order_idx" ON "bookings" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_company_idempotency_idx" ON "bookings" USING btree ("company_id","idempotency_key");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_duration_range" CHECK ("bookings"."duration" BETWEEN 1 AND 1440);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_type_known" CHECK ("bookings"."booking_type" IN ('booking', 'reentry'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_rescheduled_link" CHECK ("bookings"."rescheduled_for" IS NULL OR "bookings"."rescheduled");--> statement-breakpoint
-- ---------------------------------------------------------------------------------------------------------------
-- Hand-written (booking). Edited above: bookings_company_id_id_key moved before the foreign keys that point at it
-- (crms, external_mails, bookings.rescheduled_*). Below: what drizzle cannot express.
--
-- start_at/end_at are the instants a booking's day, wall-clock time (America/Santiago) and duration mean. A trigger
-- rather than a generated column: converting a local time uses the time-zone rules, which are not immutable.
-- The trigger fires on any write of the inputs or of the instants themselves, so no writer can set them wrong.
CREATE OR REPLACE FUNCTION bookings_set_instants() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.start_at := (NEW.booking_date + NEW.booking_time) AT TIME ZONE 'America/Santiago';
  NEW.end_at := NEW.start_at + make_interval(mins => NEW.duration);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER bookings_set_instants BEFORE INSERT OR UPDATE OF booking_date, booking_time, duration, start_at, end_at
  ON bookings FOR EACH ROW EXECUTE FUNCTION bookings_set_instants();--> statement-breakpoint
UPDATE bookings SET duration = duration;--> statement-breakpoint
-- A professional is never booked twice at once: an exclusion constraint over (company, professional, time range)
-- of the bookings that occupy their slots (not rescheduled). btree_gist gives GiST the integer equality.
-- Rows written before this constraint that overlap keep the oldest booking's professional (demo data only).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
UPDATE bookings b SET user_id = NULL
  WHERE b.user_id IS NOT NULL AND NOT b.rescheduled AND EXISTS (
    SELECT 1 FROM bookings o
    WHERE o.company_id = b.company_id AND o.user_id = b.user_id AND NOT o.rescheduled AND o.id < b.id
      AND tstzrange(o.start_at, o.end_at) && tstzrange(b.start_at, b.end_at));--> statement-breakpoint
ALTER TABLE bookings ADD CONSTRAINT bookings_professional_no_overlap
  EXCLUDE USING gist (company_id WITH =, user_id WITH =, tstzrange(start_at, end_at) WITH &&)
  WHERE (user_id IS NOT NULL AND NOT rescheduled);
