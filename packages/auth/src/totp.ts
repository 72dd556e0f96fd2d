import type { Db } from "@taller/db";
import { users } from "@taller/db";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { verify } from "otplib";

/**
 * Verifies a TOTP code and consumes its time step, so the same code cannot be used twice, even by two requests
 * racing: the conditional update lets only one of them win.
 */
export async function consumeTotp(
  db: Db,
  user: { id: number; totpLastStep: number | null },
  secret: string,
  code: string,
): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const result = await verify({
    secret,
    token: code,
    epochTolerance: 30,
    ...(user.totpLastStep !== null ? { afterTimeStep: user.totpLastStep } : {}),
  }).catch(() => ({ valid: false as const }));
  if (!result.valid || !("timeStep" in result)) return false;
  const updated = await db
    .update(users)
    .set({ totpLastStep: result.timeStep })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, result.timeStep))))
    .returning({ id: users.id });
  return updated.length === 1;
}
