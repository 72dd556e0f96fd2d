ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_product_id_tenant_fk";
--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_warehouse_id_tenant_fk";
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_balance_fk" FOREIGN KEY ("company_id","product_id","warehouse_id") REFERENCES "public"."stock_balances"("company_id","product_id","warehouse_id") ON DELETE no action ON UPDATE no action;