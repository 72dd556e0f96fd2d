-- The tenant key (company_id, id) and the other (company_id, ...) indexes serve every "company's clients" read; an
-- index on company_id alone only cost each client written one more btree entry.
DROP INDEX "clients_company_idx";