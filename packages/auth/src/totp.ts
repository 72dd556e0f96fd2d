import { consumeTotpStep } from "@taller/admin";
import type { Db } from "@taller/db";
import { verifyTotpStep } from "@taller/trpc";

/** Verifies a staff user's TOTP code and consumes its time step (see verifyTotpStep). */
export async function consumeTotp(
  db: Db,
  user: { id: number; totpLastStep: number | null },
  secret: string,
  code: string,
): Promise<boolean> {
  const step = await verifyTotpStep(secret, code, user.totpLastStep);
  if (step === null) return false;
  return consumeTotpStep(db, user.id, step);
}
