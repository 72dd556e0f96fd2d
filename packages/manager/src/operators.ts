import { hashPassword, managerUsers, type Db } from "@taller/db";
import { generateSecret, generateURI } from "otplib";
import { z } from "zod";

export const operatorInput = z.object({
  email: z
    .email("Correo inválido")
    .max(254)
    .transform((e) => e.trim().toLowerCase()),
  name: z.string().trim().min(1, "Ingresa el nombre").max(120),
  password: z.string().min(12, "La contraseña debe tener al menos 12 caracteres").max(200),
});

/**
 * Creates a platform operator with a fresh authenticator secret (TOTP is mandatory for operators, so there is no
 * account without one). Returns the otpauth URI for the operator's authenticator app.
 */
export async function createOperator(
  db: Db,
  input: z.input<typeof operatorInput>,
): Promise<{ id: number; uri: string }> {
  const { email, name, password } = operatorInput.parse(input);
  const secret = generateSecret();
  const [row] = await db
    .insert(managerUsers)
    .values({ email, name, passwordHash: await hashPassword(password), totpSecret: secret })
    .returning({ id: managerUsers.id });
  if (!row) throw new Error("operator not created");
  return { id: row.id, uri: generateURI({ issuer: "Taller (operadores)", label: email, secret }) };
}
