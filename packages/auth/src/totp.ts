import type { Db } from "@taller/db";
import { users } from "@taller/db";
import { verifyTotpStep } from "@taller/trpc";
import { and, eq, isNull, lt, or } from "drizzle-orm";

/** Verifies a staff user's TOTP code and consumes its time step (see verifyTotpStep). */
export async function consumeTotp(
  db: Db,
  user: { id: number; totpLastStep: number | null },
  secret: string,
  code: string,
): Promise<boolean> {
  const step = await verifyTotpStep(secret, code, user.totpLastStep);
  if (step === null) return false;
  const updated = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return updated.length === 1;
}
