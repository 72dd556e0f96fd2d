import { workDocumentTypeSchema, idSchema as id } from "@taller/core";
import { z } from "zod";

export { id };

/** A document works are requested for. */
export const documentInput = z.object({ document_type: workDocumentTypeSchema, document_id: id });

export const workIdInput = z.object({ id });
