// The operator area's form schemas (the server validates with them too), apart from its vocabulary (manager.ts).
import { z } from "zod";
import { isDatabaseTarget } from "./manager";

export const managerLoginSchema = z.object({
  email: z
    .email("Correo inválido")
    .max(254)
    .transform((e) => e.trim().toLowerCase()),
  password: z.string().min(1, "Ingresa tu contraseña").max(200),
  otp: z.string().regex(/^\d{6}$/, "Ingresa el código de 6 dígitos"),
});

export const managerCompanySchema = z.object({
  name: z.string().trim().min(1, "Ingresa el nombre").max(120),
  // The company's login domain: a host name in lower case (unique among companies).
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, "Ingresa el dominio")
    .max(120)
    .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, "Dominio inválido"),
});
export type ManagerCompanyInput = z.input<typeof managerCompanySchema>;

const SHEET_TEXT = z.string().trim().min(1).max(200);

export const databaseKeysSchema = z
  .array(z.object({ column: SHEET_TEXT, target: z.string().max(300).refine(isDatabaseTarget, "Campo inválido") }))
  .min(1, "Asigna al menos una columna")
  .max(500)
  .refine((keys) => new Set(keys.map((k) => k.target)).size === keys.length, "Cada campo se asigna a una sola columna");
export type DatabaseKeys = z.infer<typeof databaseKeysSchema>;

export const databaseNameSchema = z.string().trim().min(1, "Ingresa el nombre").max(120);
export const databaseSheetSchema = z.string().trim().min(1, "Selecciona la hoja").max(200);
