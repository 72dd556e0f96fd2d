ALTER TABLE "chats" DROP CONSTRAINT "chats_document_type_known";--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_document_type_known" CHECK ("chats"."document_type" IN ('Order', 'Budget', 'Crm', 'Booking', 'InventoryAction', 'Assistant'));--> statement-breakpoint
-- Hand-written from here: the chats' search finds an inventory action's chat by its Spanish name too (core's
-- chatDocumentLabel).
CREATE OR REPLACE FUNCTION chat_document_label(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE t WHEN 'Order' THEN 'Orden' WHEN 'Budget' THEN 'Presupuesto' WHEN 'Crm' THEN 'Crm'
                WHEN 'Booking' THEN 'Agendamiento' WHEN 'InventoryAction' THEN 'Acción de inventario'
                WHEN 'Assistant' THEN 'Asistente' ELSE t END
$$;
