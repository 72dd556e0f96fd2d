import type { Db } from "@taller/db";
import { sessions } from "@taller/db";
import { eq } from "drizzle-orm";
import { SESSION_ABSOLUTE_MS } from "./lucia";

/**
 * When the session ends unless renewed: the earlier of its sliding expiry and its absolute end, in epoch ms; null
 * when it no longer exists. Read without renewing, so that an open WebSocket alone does not keep a session alive.
 */
export async function sessionDeadline(db: Db, sessionId: string): Promise<number | null> {
  const [row] = await db
    .select({ expiresAt: sessions.expiresAt, createdAt: sessions.createdAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row ? Math.min(row.expiresAt.getTime(), row.createdAt.getTime() + SESSION_ABSOLUTE_MS) : null;
}
