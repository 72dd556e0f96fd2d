import { z } from "zod";
import { formatRut, isValidRut } from "./rut";

// The RUT's schema, apart from its rules (rut.ts) so that screens that only format a RUT load no zod.

/** Accepts any spelling isValidRut accepts and outputs the formatted form ("12.345.678-5"). */
export const rutSchema = z
  .string({ error: "Rut inválido" })
  .trim()
  .refine(isValidRut, { error: "Rut inválido" })
  .transform(formatRut);
