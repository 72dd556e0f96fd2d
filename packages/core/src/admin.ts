// The company administration (/admin, @taller/admin): one set of rules for the server's inputs and the screens'
// validation, so both say the same thing in the same words.
import { z } from "zod";
import { matchingPasswords, newPasswordSchema } from "./account";

/** What a deactivated user hears at login, after the right password (so it tells a guesser nothing). */
export const USER_DEACTIVATED_MESSAGE = "Tu usuario fue desactivado. Contacta al administrador de tu empresa.";

/** How long an invitation link opens the password form: long enough for a weekend, short enough to go stale. */
export const INVITATION_TTL_HOURS = 72;

/** An invitation token as the link carries it (32 random bytes, base64url). */
export const invitationTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "Enlace de invitación inválido");

const roleId = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1, "Rol inválido");

/** A new user: who they are and their role; the password is theirs to choose through the invitation link. */
export const inviteUserSchema = z.object({
  name: z.string().trim().min(1, "Ingresa el nombre").max(120),
  email: z.string().trim().toLowerCase().max(254).pipe(z.email("Correo inválido")),
  role_id: roleId.nullable(),
});

/** What an administrator may change of a user. */
export const updateUserSchema = z.object({
  id: z
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
  name: inviteUserSchema.shape.name.optional(),
  role_id: roleId.nullable().optional(),
});

/** The invited user's first password, typed twice. */
export const acceptInvitationSchema = matchingPasswords(
  z.object({ token: invitationTokenSchema, password: newPasswordSchema, password_confirmation: newPasswordSchema }),
);

/** Whether an invitation is still usable, from its row (pure: tested without a database). */
export function invitationState(
  row: { expiresAt: Date; usedAt: Date | null } | null,
  now: Date,
): "valid" | "used" | "expired" | "unknown" {
  if (!row) return "unknown";
  if (row.usedAt) return "used";
  return row.expiresAt.getTime() > now.getTime() ? "valid" : "expired";
}
