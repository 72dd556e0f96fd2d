// The account-settings forms (seed 000 sections 2.6 and 5): one set of rules for the server's inputs and the
// screen's validation, so both say the same thing in the same words.
import { z } from "zod";
import { themeSchema } from "./company";
import { rutSchema } from "./rut-schema";

export const PASSWORD_MIN = 6;
export const WORKPOINT_CODE_MIN = 4;

/** An authenticator code as typed by a person: exactly 6 digits. */
export const otpCodeSchema = z.string().regex(/^\d{6}$/, "El código debe tener 6 dígitos");

/** The current password, checked by the server (a wrong one answers 'Contraseña inválida' on the field). */
export const currentPasswordSchema = z.string().min(1, "Contraseña inválida").max(200);

const INVALID_NEW_PASSWORD = "Contraseña inválida, debe tener mínimo 6 dígitos";
export const newPasswordSchema = z.string().min(PASSWORD_MIN, INVALID_NEW_PASSWORD).max(200);

/** A new password typed twice must match; the mismatch is reported on the confirmation field. */
export const matchingPasswords = <T extends z.ZodType<{ password: string; password_confirmation: string }>>(
  schema: T,
) =>
  schema.refine((v) => v.password === v.password_confirmation, {
    path: ["password_confirmation"],
    message: "Contraseñas no coinciden",
  });

export const changePasswordSchema = matchingPasswords(
  z.object({
    old_password: currentPasswordSchema,
    password: newPasswordSchema,
    password_confirmation: newPasswordSchema,
  }),
);

/** An optional text field: a blank value clears it. */
const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), schema.nullable());

/** Every field of the user the settings screen may change. */
const profileFields = {
  name: z.string().trim().min(1, "Ingresa tu nombre").max(120),
  mail: z.string().trim().toLowerCase().max(254).pipe(z.email("Correo inválido")),
  phone: clearable(
    z
      .string()
      .trim()
      .max(30)
      .regex(/^\+?[\d\s()-]{6,}$/, "Teléfono inválido"),
  ),
  rut: clearable(rutSchema),
  workpoint_code: z
    .string()
    .min(WORKPOINT_CODE_MIN, `Código inválido, debe tener mínimo ${WORKPOINT_CODE_MIN} caracteres`)
    .max(100),
  theme: themeSchema,
  /** A URL of our own file store (POST /files), never an outside address. */
  picture: z.string().max(200),
};

const { mail, ...updatable } = profileFields;

/** What account.update takes: any subset of the profile's fields but the e-mail, which account.changeEmail changes. */
export const profileUpdateSchema = z.object(updatable).partial();

/** A new login e-mail, confirmed with the current password. */
export const emailChangeSchema = z.object({ mail, password: currentPasswordSchema });
