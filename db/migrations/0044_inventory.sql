CREATE TABLE "stock_balances" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"average_cost" integer DEFAULT 0 NOT NULL,
	"minimum" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_balances_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "stock_balances_minimum_range" CHECK ("stock_balances"."minimum" BETWEEN 0 AND 1000000000),
	CONSTRAINT "stock_balances_cost_non_negative" CHECK ("stock_balances"."average_cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cost" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"document_type" text,
	"document_id" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_quantity_nonzero" CHECK ("stock_movements"."quantity" <> 0),
	CONSTRAINT "stock_movements_cost_non_negative" CHECK ("stock_movements"."unit_cost" >= 0),
	CONSTRAINT "stock_movements_kind" CHECK ("stock_movements"."kind" IN ('receipt', 'consumption', 'count', 'transfer_out', 'transfer_in')),
	CONSTRAINT "stock_movements_reason_length" CHECK (char_length("stock_movements"."reason") <= 300)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "unit" text DEFAULT 'unidad' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_product_id_tenant_fk" FOREIGN KEY ("company_id","product_id") REFERENCES "public"."products"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_warehouse_id_tenant_fk" FOREIGN KEY ("company_id","warehouse_id") REFERENCES "public"."warehouses"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_tenant_fk" FOREIGN KEY ("company_id","product_id") REFERENCES "public"."products"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_warehouse_id_tenant_fk" FOREIGN KEY ("company_id","warehouse_id") REFERENCES "public"."warehouses"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_user_id_tenant_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE set null (user_id) ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_balances_unique_idx" ON "stock_balances" USING btree ("company_id","product_id","warehouse_id");--> statement-breakpoint
CREATE INDEX "stock_balances_warehouse_idx" ON "stock_balances" USING btree ("company_id","warehouse_id");--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("company_id","product_id","id");--> statement-breakpoint
CREATE INDEX "stock_movements_warehouse_idx" ON "stock_movements" USING btree ("company_id","warehouse_id");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("company_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_company_name_idx" ON "products" USING btree ("company_id","name","id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_unit_length" CHECK (char_length("products"."unit") BETWEEN 1 AND 30);--> statement-breakpoint
-- A product's search text (the inventory list's search): its code and name folded, whoever writes the row (the
-- screens, the spreadsheet import).
CREATE FUNCTION products_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := search_fold(concat_ws(' ', NEW.code, NEW.name));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_search_text BEFORE INSERT OR UPDATE OF code, name ON products
  FOR EACH ROW EXECUTE FUNCTION products_search_text();
--> statement-breakpoint
UPDATE products SET search_text = search_fold(concat_ws(' ', code, name));
