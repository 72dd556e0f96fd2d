-- As the vehicles' (0023): an insert that brings its search text (the import composes it with client_search_text()
-- in the statement) skips the per-row trigger; every other insert, and every update of the columns it is made of,
-- still has it composed by the trigger.
DROP TRIGGER "clients_search_text" ON "clients";--> statement-breakpoint
CREATE TRIGGER "clients_search_text_insert" BEFORE INSERT ON "clients" FOR EACH ROW
  WHEN (NEW.search_text = '') EXECUTE FUNCTION clients_fill_search_text();--> statement-breakpoint
CREATE TRIGGER "clients_search_text" BEFORE UPDATE OF name, rut, email, phone ON "clients" FOR EACH ROW
  EXECUTE FUNCTION clients_fill_search_text();
