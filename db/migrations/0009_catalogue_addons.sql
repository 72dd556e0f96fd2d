CREATE TABLE "booking_addons" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"product_id" integer,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"total" integer GENERATED ALWAYS AS (quantity * unit_price) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_addons_quantity_range" CHECK ("booking_addons"."quantity" BETWEEN 1 AND 99),
	CONSTRAINT "booking_addons_price_non_negative" CHECK ("booking_addons"."unit_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_categories_company_id_id_key" UNIQUE("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"buy_price" integer DEFAULT 0 NOT NULL,
	"description" text,
	"category_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "products_prices_non_negative" CHECK ("products"."price" >= 0 AND "products"."buy_price" >= 0),
	CONSTRAINT "products_name_length" CHECK (char_length("products"."name") BETWEEN 1 AND 200),
	CONSTRAINT "products_code_length" CHECK (char_length("products"."code") BETWEEN 1 AND 100)
);
--> statement-breakpoint
CREATE TABLE "requirement_addons" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"requirement_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"max_quantity" integer DEFAULT 5 NOT NULL,
	CONSTRAINT "requirement_addons_max_range" CHECK ("requirement_addons"."max_quantity" BETWEEN 1 AND 99)
);
--> statement-breakpoint
CREATE TABLE "requirement_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"requirement_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "requirement_products_quantity_range" CHECK ("requirement_products"."quantity" BETWEEN 1 AND 10000)
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouses_company_id_id_key" UNIQUE("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "booking_addons" ADD CONSTRAINT "booking_addons_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_addons" ADD CONSTRAINT "booking_addons_booking_id_tenant_fk" FOREIGN KEY ("company_id","booking_id") REFERENCES "public"."bookings"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_addons" ADD CONSTRAINT "booking_addons_product_id_tenant_fk" FOREIGN KEY ("company_id","product_id") REFERENCES "public"."products"("company_id","id") ON DELETE set null (product_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_tenant_fk" FOREIGN KEY ("company_id","category_id") REFERENCES "public"."product_categories"("company_id","id") ON DELETE set null (category_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_addons" ADD CONSTRAINT "requirement_addons_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_addons" ADD CONSTRAINT "requirement_addons_requirement_id_tenant_fk" FOREIGN KEY ("company_id","requirement_id") REFERENCES "public"."requirements"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_addons" ADD CONSTRAINT "requirement_addons_product_id_tenant_fk" FOREIGN KEY ("company_id","product_id") REFERENCES "public"."products"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_products" ADD CONSTRAINT "requirement_products_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_products" ADD CONSTRAINT "requirement_products_requirement_id_tenant_fk" FOREIGN KEY ("company_id","requirement_id") REFERENCES "public"."requirements"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_products" ADD CONSTRAINT "requirement_products_product_id_tenant_fk" FOREIGN KEY ("company_id","product_id") REFERENCES "public"."products"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_addons_unique_idx" ON "booking_addons" USING btree ("company_id","booking_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_categories_company_name_idx" ON "product_categories" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "products_company_code_idx" ON "products" USING btree ("company_id","code");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("company_id","category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "requirement_addons_unique_idx" ON "requirement_addons" USING btree ("company_id","requirement_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "requirement_products_unique_idx" ON "requirement_products" USING btree ("company_id","requirement_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_company_name_idx" ON "warehouses" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "clients_company_rut_idx" ON "clients" USING btree ("company_id","rut");--> statement-breakpoint
CREATE INDEX "vehicles_company_identifier_idx" ON "vehicles" USING btree ("company_id","identifier");