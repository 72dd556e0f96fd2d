// Admin owns the users table. What a user changes of their own account (profile, password, e-mail, 2FA, the
// 'En línea' flag) is written here for @taller/auth, which checks the credentials first; what an administrator
// changes of a user is users-write.ts'.
import { type Db, users } from "@taller/db";
import { databaseErrorToTRPC, type Transaction } from "@taller/trpc";
import { and, eq, exists, isNull, lt, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

/** The profile's columns a user edits themselves (the general-information form, the theme, the picture). */
export type ProfileChanges = Partial<
  Pick<typeof users.$inferInsert, "name" | "phone" | "rut" | "theme" | "workpointCodeHash" | "picture">
>;

/** Saves the user's own profile changes; screens showing the user hear of it through `user.updated`. */
export async function updateProfile(
  tx: Transaction,
  companyId: number,
  userId: number,
  changes: ProfileChanges,
): Promise<void> {
  await tx.db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.companyId, companyId)));
  await tx.emit({ type: "user.updated", companyId, payload: { id: userId } });
}

/** The 'En línea' flag; answers the stored value (false when the user is not the company's). */
export async function setOnline(db: Db, companyId: number, userId: number, online: boolean): Promise<boolean> {
  const [row] = await db
    .update(users)
    .set({ online })
    .where(and(eq(users.id, userId), eq(users.companyId, companyId)))
    .returning({ online: users.online });
  return row?.online ?? false;
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

const other = alias(users, "other_user");

/**
 * Makes `mail` the user's login unless another user has it, telling neither: one conditional UPDATE writes the row
 * either way (the same statement and timing whether the address was free), and an address taken between the check
 * and the write (the unique index's CONFLICT) is "taken" too.
 */
export async function setEmailIfFree(db: Db, userId: number, mail: string): Promise<void> {
  const taken = exists(
    db
      .select({ id: other.id })
      .from(other)
      .where(and(eq(other.email, mail), ne(other.id, userId))),
  );
  try {
    await db
      .update(users)
      .set({ email: sql`case when ${taken} then ${users.email} else ${mail} end`, updatedAt: new Date() })
      .where(eq(users.id, userId));
  } catch (error) {
    if (databaseErrorToTRPC(error)?.code !== "CONFLICT") throw error;
  }
}

/** A new authenticator secret waiting for confirmation, while 2FA is still off (it replaces an unconfirmed one). */
export async function issueTotpSecret(db: Db, userId: number, secret: string): Promise<void> {
  await db
    .update(users)
    .set({ totpSecret: secret, totpLastStep: null, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.totpEnabled, false)));
}

/**
 * Turns 2FA on, only while `secret` is still the one issued (a newer one issued in between must not be turned on
 * unconfirmed); false when it is not.
 */
export async function enableTotp(db: Db, userId: number, secret: string): Promise<boolean> {
  const enabled = await db
    .update(users)
    .set({ totpEnabled: true, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.totpSecret, secret)))
    .returning({ id: users.id });
  return enabled.length > 0;
}

/** Turns 2FA off and forgets the secret. */
export async function disableTotp(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ totpEnabled: false, totpSecret: null, totpLastStep: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** Consumes a TOTP time step: false when this step or a later one was already used (a replayed code). */
export async function consumeTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return updated.length === 1;
}
