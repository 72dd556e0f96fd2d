-- One- and two-character searches match a word's start through the trigram index on search_text (pg_trgm reads a
-- word's first trigrams "  a" and " ab" from the pattern '(^| )#*AB'), so the generated prefix column, its GIN
-- index and their cost on every insert and update go.
DROP INDEX "clients_search_prefixes_idx";--> statement-breakpoint
DROP INDEX "vehicles_search_prefixes_idx";--> statement-breakpoint
DROP INDEX "budgets_search_prefixes_idx";--> statement-breakpoint
DROP INDEX "orders_search_prefixes_idx";--> statement-breakpoint
DROP INDEX "crms_search_prefixes_idx";--> statement-breakpoint
DROP INDEX "payment_requests_search_prefixes_idx";--> statement-breakpoint
ALTER TABLE "clients" DROP COLUMN "search_prefixes";--> statement-breakpoint
ALTER TABLE "vehicles" DROP COLUMN "search_prefixes";--> statement-breakpoint
ALTER TABLE "budgets" DROP COLUMN "search_prefixes";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "search_prefixes";--> statement-breakpoint
ALTER TABLE "crms" DROP COLUMN "search_prefixes";--> statement-breakpoint
ALTER TABLE "payment_requests" DROP COLUMN "search_prefixes";--> statement-breakpoint
DROP FUNCTION search_prefixes(text);