import type { Db } from "@taller/db";
import { managerSessions } from "@taller/db";
import type { ManagerSessionInfo } from "@taller/trpc";
import { and, eq, gt } from "drizzle-orm";
import { readCookie } from "./cookies";

export const MANAGER_COOKIE = "taller_manager";

/** Platform operators have their own session table and cookie, never mixed with staff sessions. */
export async function authenticateManager(db: Db, cookieHeader: string | undefined): Promise<ManagerSessionInfo | null> {
  const id = readCookie(cookieHeader, MANAGER_COOKIE);
  if (!id) return null;
  const [row] = await db
    .select({ id: managerSessions.id, managerUserId: managerSessions.managerUserId })
    .from(managerSessions)
    .where(and(eq(managerSessions.id, id), gt(managerSessions.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}
