// Works and the work-point kiosk (seed 002 sections 3.3, 4.1; seed 000 section 2.9): the shapes and pure rules the
// server and the screens share.
import { z } from "zod";

/** The documents a work can be requested for (the chat's document types). */
export const WORK_DOCUMENT_TYPES = ["Order", "Budget", "Crm", "Booking"] as const;
export type WorkDocumentType = (typeof WORK_DOCUMENT_TYPES)[number];
export const workDocumentTypeSchema = z.enum(WORK_DOCUMENT_TYPES);
