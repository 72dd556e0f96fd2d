import type { Db } from "@taller/db";
import { users } from "@taller/db";
import { staffProcedure, TRPCError } from "@taller/trpc";
import { and, eq } from "drizzle-orm";

/** The user as the settings screen and shell see it (seed 000 section 3, User). */
export async function getProfile(db: Db, userId: number, companyId: number) {
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      mail: users.email,
      phone: users.phone,
      rut: users.rut,
      picture: users.picture,
      theme: users.theme,
      online: users.online,
      has_2fa: users.totpEnabled,
      has_workpoint_code: users.workpointCodeHash,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId)))
    .limit(1);
  if (!user) throw new TRPCError({ code: "NOT_FOUND", message: "Usuario no encontrado" });
  return { ...user, has_workpoint_code: user.has_workpoint_code !== null };
}

export const me = staffProcedure.query(async ({ ctx }) => ({
  ...(await getProfile(ctx.db, ctx.user.id, ctx.companyId)),
  role: ctx.user.roleName,
  companyId: ctx.companyId,
  grants: ctx.user.grants,
}));
