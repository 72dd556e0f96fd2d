-- Payment requests (cobros), their lines, the provider's webhook inbox and the local provider's payments.
-- budgets gets its (company_id, id) key first (payment_requests points at it). Conditional, and before the foreign
-- keys: the budgets work may add the same key in its own migration, and whichever runs second skips it.
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'budgets_company_id_id_key') THEN
    ALTER TABLE "budgets" ADD CONSTRAINT "budgets_company_id_id_key" UNIQUE("company_id","id");
  END IF;
END $$;
--> statement-breakpoint
CREATE TABLE "payment_local_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"preference_id" text NOT NULL,
	"external_reference" text NOT NULL,
	"status" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'CLP' NOT NULL,
	"installments" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_local_payments_status" CHECK ("payment_local_payments"."status" IN ('approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "payment_request_counts" (
	"company_id" integer NOT NULL,
	"status" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_request_counts_company_id_status_pk" PRIMARY KEY("company_id","status")
);
--> statement-breakpoint
CREATE TABLE "payment_request_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"payment_request_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit_price" integer NOT NULL,
	CONSTRAINT "payment_request_lines_quantity" CHECK ("payment_request_lines"."quantity" BETWEEN 1 AND 10000),
	CONSTRAINT "payment_request_lines_price" CHECK ("payment_request_lines"."unit_price" BETWEEN 0 AND 1000000000),
	CONSTRAINT "payment_request_lines_title" CHECK (length("payment_request_lines"."title") BETWEEN 1 AND 256)
);
--> statement-breakpoint
CREATE TABLE "payment_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"correlative_id" integer DEFAULT 0 NOT NULL,
	"order_id" integer,
	"budget_id" integer,
	"requirement_id" integer,
	"client_id" integer,
	"vehicle_id" integer,
	"requirement_name" text,
	"client_name" text,
	"client_email" text,
	"vehicle_identifier" text,
	"created_by" integer,
	"status" integer DEFAULT 1 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"provider" text NOT NULL,
	"preference_id" text,
	"checkout_url" text,
	"payment_id" text,
	"payment_status" text,
	"paid_at" timestamp with time zone,
	"total_paid" integer,
	"installments" integer,
	"installment_amount" integer,
	"payment_url" text,
	"polled_at" timestamp with time zone,
	"search_text" text DEFAULT '' NOT NULL,
	"search_prefixes" text[] GENERATED ALWAYS AS (search_prefixes(search_text)) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_requests_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "payment_requests_document" CHECK ("payment_requests"."order_id" IS NOT NULL OR "payment_requests"."budget_id" IS NOT NULL),
	CONSTRAINT "payment_requests_status_known" CHECK ("payment_requests"."status" IN (1, 2)),
	CONSTRAINT "payment_requests_provider_known" CHECK ("payment_requests"."provider" IN ('local', 'mercadopago')),
	CONSTRAINT "payment_requests_money" CHECK ("payment_requests"."total" >= 0 AND coalesce("payment_requests"."total_paid", 0) >= 0 AND coalesce("payment_requests"."installment_amount", 0) >= 0),
	CONSTRAINT "payment_requests_installments" CHECK ("payment_requests"."installments" IS NULL OR "payment_requests"."installments" BETWEEN 1 AND 72),
	CONSTRAINT "payment_requests_paid_complete" CHECK ("payment_requests"."status" <> 2 OR ("payment_requests"."payment_id" IS NOT NULL AND "payment_requests"."paid_at" IS NOT NULL AND "payment_requests"."total_paid" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_inbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"request_id" text NOT NULL,
	"topic" text NOT NULL,
	"resource_id" text NOT NULL,
	"body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"result" text,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_request_counts" ADD CONSTRAINT "payment_request_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_request_lines" ADD CONSTRAINT "payment_request_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_request_lines" ADD CONSTRAINT "payment_request_lines_payment_request_id_tenant_fk" FOREIGN KEY ("company_id","payment_request_id") REFERENCES "public"."payment_requests"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_order_id_tenant_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_budget_id_tenant_fk" FOREIGN KEY ("company_id","budget_id") REFERENCES "public"."budgets"("company_id","id") ON DELETE set null (budget_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_requirement_id_tenant_fk" FOREIGN KEY ("company_id","requirement_id") REFERENCES "public"."requirements"("company_id","id") ON DELETE set null (requirement_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_client_id_tenant_fk" FOREIGN KEY ("company_id","client_id") REFERENCES "public"."clients"("company_id","id") ON DELETE set null (client_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_vehicle_id_tenant_fk" FOREIGN KEY ("company_id","vehicle_id") REFERENCES "public"."vehicles"("company_id","id") ON DELETE set null (vehicle_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_created_by_tenant_fk" FOREIGN KEY ("company_id","created_by") REFERENCES "public"."users"("company_id","id") ON DELETE set null (created_by) ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_local_payments_reference_idx" ON "payment_local_payments" USING btree ("external_reference","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_request_lines_position_idx" ON "payment_request_lines" USING btree ("payment_request_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_requests_company_correlative_idx" ON "payment_requests" USING btree ("company_id","correlative_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_requests_payment_idx" ON "payment_requests" USING btree ("provider","payment_id") WHERE payment_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "payment_requests_list_idx" ON "payment_requests" USING btree ("company_id","status","id");--> statement-breakpoint
CREATE INDEX "payment_requests_search_idx" ON "payment_requests" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payment_requests_search_prefixes_idx" ON "payment_requests" USING gin ("search_prefixes");--> statement-breakpoint
CREATE INDEX "payment_requests_order_idx" ON "payment_requests" USING btree ("company_id","order_id");--> statement-breakpoint
CREATE INDEX "payment_requests_poll_idx" ON "payment_requests" USING btree ("polled_at") WHERE status = 1 AND preference_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_webhook_inbox_delivery_idx" ON "payment_webhook_inbox" USING btree ("provider","request_id");--> statement-breakpoint
CREATE INDEX "payment_webhook_inbox_pending_idx" ON "payment_webhook_inbox" USING btree ("id") WHERE processed_at IS NULL;
--> statement-breakpoint
-- Hand-written from here.
-- The link a client opens (client/payment?token=) is derived from this key, so staff can show it again without the
-- token being stored; the local provider signs its webhook calls with the second. 244 random bits each.
INSERT INTO "server_secrets" ("name", "secret") VALUES
  ('payment_link', gen_random_uuid()::text || gen_random_uuid()::text),
  ('payment_local_webhook', gen_random_uuid()::text || gen_random_uuid()::text);
--> statement-breakpoint
-- The correlative per company (serialised per company by an advisory lock) and the search text.
CREATE FUNCTION payment_requests_before_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW.correlative_id = 0 THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('payment_requests:correlative:' || NEW.company_id, 0));
    SELECT coalesce(max(correlative_id), 0) + 1 INTO NEW.correlative_id FROM payment_requests WHERE company_id = NEW.company_id;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    -- Never backwards: a paid request stays paid with the payment that paid it (Mercado Pago re-sends old states).
    IF OLD.status = 2 AND (NEW.status <> 2 OR NEW.payment_id IS DISTINCT FROM OLD.payment_id
        OR NEW.paid_at IS DISTINCT FROM OLD.paid_at OR NEW.total_paid IS DISTINCT FROM OLD.total_paid
        OR NEW.installments IS DISTINCT FROM OLD.installments OR NEW.installment_amount IS DISTINCT FROM OLD.installment_amount) THEN
      RAISE EXCEPTION 'payment request % is paid and cannot change its payment', OLD.id USING ERRCODE = 'check_violation';
    END IF;
    IF NEW.total IS DISTINCT FROM OLD.total AND OLD.preference_id IS NOT NULL AND pg_trigger_depth() = 1 THEN
      RAISE EXCEPTION 'payment request % already has a checkout: its total is fixed', OLD.id USING ERRCODE = 'check_violation';
    END IF;
    NEW.updated_at := now();
  END IF;
  NEW.search_text := search_fold(concat_ws(' ', '#' || NEW.correlative_id, NEW.vehicle_identifier, NEW.client_name,
    NEW.requirement_name, NEW.payment_id));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER payment_requests_before_write BEFORE INSERT OR UPDATE ON payment_requests
  FOR EACH ROW EXECUTE FUNCTION payment_requests_before_write();
--> statement-breakpoint
-- The total is the lines' sum, whoever writes them; lines of a request with a checkout (the provider holds its
-- amount) or a paid one cannot change.
CREATE FUNCTION payment_request_lines_total() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rid integer := coalesce(NEW.payment_request_id, OLD.payment_request_id);
  locked boolean;
BEGIN
  SELECT preference_id IS NOT NULL OR status = 2 INTO locked FROM payment_requests WHERE id = rid FOR UPDATE;
  IF locked THEN
    RAISE EXCEPTION 'payment request % already has a checkout: its lines are fixed', rid USING ERRCODE = 'check_violation';
  END IF;
  UPDATE payment_requests SET total = (SELECT coalesce(sum(quantity::bigint * unit_price), 0) FROM payment_request_lines
    WHERE payment_request_id = rid) WHERE id = rid;
  IF TG_OP = 'UPDATE' AND OLD.payment_request_id <> NEW.payment_request_id THEN
    RAISE EXCEPTION 'a line cannot move to another payment request' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payment_request_lines_total AFTER INSERT OR UPDATE OR DELETE ON payment_request_lines
  FOR EACH ROW EXECUTE FUNCTION payment_request_lines_total();
--> statement-breakpoint
-- The list's counts per status (payment_request_counts), whoever writes the requests.
CREATE FUNCTION payment_requests_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE payment_request_counts SET count = count - 1 WHERE company_id = OLD.company_id AND status = OLD.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO payment_request_counts (company_id, status, count) VALUES (NEW.company_id, NEW.status, 1)
      ON CONFLICT (company_id, status) DO UPDATE SET count = payment_request_counts.count + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payment_requests_count_insert_delete AFTER INSERT OR DELETE ON payment_requests
  FOR EACH ROW EXECUTE FUNCTION payment_requests_count();
--> statement-breakpoint
CREATE TRIGGER payment_requests_count_update AFTER UPDATE OF status ON payment_requests
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION payment_requests_count();
