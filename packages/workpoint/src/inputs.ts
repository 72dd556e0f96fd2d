import { workDocumentTypeSchema } from "@taller/core";
import { z } from "zod";

export const id = z.number().int().positive().max(2_147_483_647);

/** A document works are requested for. */
export const documentInput = z.object({ document_type: workDocumentTypeSchema, document_id: id });

export const workIdInput = z.object({ id });
