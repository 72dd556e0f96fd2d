import { z } from "zod";
import { MAX_ID } from "./record-id";

/**
 * A row id as a client sends it: a whole number from 1 to int4's largest, so a larger one is a field error and not a
 * database error. Every input that names a row takes it from here.
 */
export const idSchema = z.number().int().min(1).max(MAX_ID);
