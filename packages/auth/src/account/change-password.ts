import { hashPassword, users, verifyPassword } from "@taller/db";
import { fieldError, staffProcedure, TRPCError } from "@taller/trpc";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { endOtherSessions, rotateSession } from "../session";

const INVALID_NEW = "Contraseña inválida, debe tener mínimo 6 dígitos";

export const changePasswordInput = z
  .object({
    old_password: z.string().min(1, "Contraseña inválida").max(200),
    password: z.string().min(6, INVALID_NEW).max(200),
    password_confirmation: z.string().min(6, INVALID_NEW).max(200),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ["password_confirmation"],
    message: "Contraseñas no coinciden",
  });

/** Changes the password, ends every other session of the user and rotates the current one. */
export const changePassword = staffProcedure.input(changePasswordInput).mutation(async ({ ctx, input }) => {
  const [user] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, ctx.user.id)).limit(1);
  if (!user) throw new TRPCError({ code: "NOT_FOUND", message: "Usuario no encontrado" });
  if (!(await verifyPassword(user.hash, input.old_password))) {
    throw fieldError("UNAUTHORIZED", "old_password", "Contraseña inválida");
  }
  await ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(input.password), updatedAt: new Date() })
    .where(eq(users.id, ctx.user.id));
  await endOtherSessions(ctx, ctx.user.id, ctx.session.id);
  await rotateSession(ctx, ctx.session, ctx.user.id);
  return { ok: true };
});
