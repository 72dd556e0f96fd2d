/** The operator area's shared vocabulary (seed 002 sections 2.7, 3.6 and 4.4): forms validate with the server's schemas. */
import { z } from "zod";

export const managerLoginSchema = z.object({
  email: z.email("Correo inválido").max(254).transform((e) => e.trim().toLowerCase()),
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
