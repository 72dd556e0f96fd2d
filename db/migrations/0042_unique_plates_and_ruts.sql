-- Hand-edited after drizzle-kit generate: the trigger that keeps vehicle_plate_history, and, before the two unique
-- indexes, the rows that would break them. RUTs written in another spelling ("12345678-5") take the formatted one
-- ("12.345.678-5") every writer uses; a RUT or identifier held twice in a company stays with its oldest row, the
-- later client loses the RUT (merge the two from the client page) and the later vehicle gets "-<id>" appended to
-- its identifier (recorded in the history by the trigger).
CREATE TABLE "vehicle_plate_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"identifier" text NOT NULL,
	"replaced_by" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "clients_company_rut_idx";--> statement-breakpoint
DROP INDEX "vehicles_company_identifier_idx";--> statement-breakpoint
ALTER TABLE "vehicle_plate_history" ADD CONSTRAINT "vehicle_plate_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_plate_history" ADD CONSTRAINT "vehicle_plate_history_vehicle_id_tenant_fk" FOREIGN KEY ("company_id","vehicle_id") REFERENCES "public"."vehicles"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vehicle_plate_history_vehicle_idx" ON "vehicle_plate_history" USING btree ("company_id","vehicle_id","changed_at");--> statement-breakpoint
CREATE FUNCTION vehicle_plate_history_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO vehicle_plate_history (company_id, vehicle_id, identifier, replaced_by)
  VALUES (OLD.company_id, OLD.id, OLD.identifier, NEW.identifier);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER vehicles_plate_history AFTER UPDATE OF identifier ON vehicles FOR EACH ROW
  WHEN (OLD.identifier IS DISTINCT FROM NEW.identifier) EXECUTE FUNCTION vehicle_plate_history_write();--> statement-breakpoint
UPDATE clients SET rut = regexp_replace(left(r.clean, -1), '(\d)(?=(\d{3})+$)', '\1.', 'g') || '-' || right(r.clean, 1)
FROM (SELECT id, ltrim(upper(regexp_replace(rut, '[^0-9kK]', '', 'g')), '0') AS clean FROM clients
      WHERE rut ~ '^\s*(\d{1,3}(\.\d{3})+|\d+)-?[0-9kK]\s*$') r
WHERE clients.id = r.id AND length(r.clean) BETWEEN 2 AND 10
  AND clients.rut IS DISTINCT FROM regexp_replace(left(r.clean, -1), '(\d)(?=(\d{3})+$)', '\1.', 'g') || '-' || right(r.clean, 1);--> statement-breakpoint
UPDATE clients c SET rut = NULL
WHERE c.rut IS NOT NULL AND EXISTS (SELECT 1 FROM clients o WHERE o.company_id = c.company_id AND o.rut = c.rut AND o.id < c.id);--> statement-breakpoint
UPDATE vehicles v SET identifier = v.identifier || '-' || v.id
WHERE EXISTS (SELECT 1 FROM vehicles o WHERE o.company_id = v.company_id AND o.identifier = v.identifier AND o.id < v.id);--> statement-breakpoint
CREATE UNIQUE INDEX "clients_company_rut_key" ON "clients" USING btree ("company_id","rut");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_company_identifier_key" ON "vehicles" USING btree ("company_id","identifier");