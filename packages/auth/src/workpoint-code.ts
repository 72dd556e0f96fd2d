import type { Db } from "@taller/db";
import { users, verifyPassword } from "@taller/db";
import { and, eq, isNotNull } from "drizzle-orm";

/**
 * The user of the company whose work-point code this is, or null. Codes are short, so they are stored as argon2
 * hashes (a leaked table does not give them away), which means checking each user of the company in turn.
 */
export async function findUserByWorkpointCode(db: Db, companyId: number, code: string): Promise<number | null> {
  const candidates = await db
    .select({ id: users.id, hash: users.workpointCodeHash })
    .from(users)
    .where(and(eq(users.companyId, companyId), isNotNull(users.workpointCodeHash)));
  const matches = await Promise.all(candidates.map((c) => verifyPassword(c.hash!, code)));
  return candidates.find((_, i) => matches[i])?.id ?? null;
}
