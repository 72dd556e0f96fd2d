-- btree_gin: company_id (an integer) as a key of the trigram GIN indexes, so a search reads one company's entries.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "clients_search_idx";--> statement-breakpoint
DROP INDEX "vehicles_search_idx";--> statement-breakpoint
DROP INDEX "budgets_search_idx";--> statement-breakpoint
DROP INDEX "orders_search_idx";--> statement-breakpoint
DROP INDEX "crms_search_idx";--> statement-breakpoint
DROP INDEX "chats_search_idx";--> statement-breakpoint
DROP INDEX "payment_requests_search_idx";--> statement-breakpoint
CREATE INDEX "clients_search_idx" ON "clients" USING gin ("company_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vehicles_search_idx" ON "vehicles" USING gin ("company_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "budgets_search_idx" ON "budgets" USING gin ("company_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_search_idx" ON "orders" USING gin ("company_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "crms_search_idx" ON "crms" USING gin ("company_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "chats_search_idx" ON "chats" USING gin ("company_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payment_requests_search_idx" ON "payment_requests" USING gin ("company_id","search_text" gin_trgm_ops);