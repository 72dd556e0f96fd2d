import type { Db } from "@taller/db";
import { users, verifyPassword } from "@taller/db";
import { and, eq, isNotNull, isNull } from "drizzle-orm";

/**
 * The user of the company whose work-point code this is, or null. Codes are short, so they are stored as argon2
 * hashes (a leaked table does not give them away), which means checking each user of the company in turn.
 * A deactivated user's code no longer opens the kiosk.
 */
export async function findUserByWorkpointCode(db: Db, companyId: number, code: string): Promise<number | null> {
  const candidates = await db
    .select({ id: users.id, hash: users.workpointCodeHash })
    .from(users)
    .where(and(eq(users.companyId, companyId), isNotNull(users.workpointCodeHash), isNull(users.deactivatedAt)));
  // The query keeps only users with a code; the type does not know it.
  const withCode = candidates.flatMap(({ id, hash }) => (hash === null ? [] : [{ id, hash }]));
  const matches = await Promise.all(withCode.map((c) => verifyPassword(c.hash, code)));
  return withCode.find((_, i) => matches[i])?.id ?? null;
}
