import { WORK_DOCUMENT_TYPES, idSchema as id } from "@taller/core";
import { z } from "zod";

export { id };

/** The documents a work can be requested for (core's WORK_DOCUMENT_TYPES; zod stays out of core's works module). */
export const workDocumentTypeSchema = z.enum(WORK_DOCUMENT_TYPES);

/** A document works are requested for. */
export const documentInput = z.object({ document_type: workDocumentTypeSchema, document_id: id });

export const workIdInput = z.object({ id });
