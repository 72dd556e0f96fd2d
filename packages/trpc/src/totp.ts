import { verify } from "otplib";

/**
 * The time step of a valid TOTP code later than `lastStep`, or null. Callers store the step with a conditional
 * update (`last_step < step`) so the same code cannot be used twice, even by two requests racing: only one wins.
 */
export async function verifyTotpStep(secret: string, code: string, lastStep: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epochTolerance: 30,
    ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
  }).catch(() => ({ valid: false as const }));
  return result.valid && "timeStep" in result ? result.timeStep : null;
}
