ALTER TABLE "orders" ADD COLUMN "receive_key" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_company_receive_key_idx" ON "orders" USING btree ("company_id","receive_key");