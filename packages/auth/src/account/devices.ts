import { toInstant } from "@taller/core";
import type { Db } from "@taller/db";
import { userDevices } from "@taller/db";
import { staffProcedure } from "@taller/trpc";
import { and, desc, eq } from "drizzle-orm";

/** The user's devices, one per open session, most recently used first; `current` is the one asking. */
export async function listDevices(db: Db, who: { userId: number; companyId: number; sessionId: string }) {
  const rows = await db
    .select({
      id: userDevices.id,
      device_type: userDevices.deviceType,
      os: userDevices.os,
      browser: userDevices.browser,
      created_at: userDevices.createdAt,
      updated_at: userDevices.updatedAt,
      sessionId: userDevices.sessionId,
    })
    .from(userDevices)
    .where(and(eq(userDevices.userId, who.userId), eq(userDevices.companyId, who.companyId)))
    .orderBy(desc(userDevices.updatedAt), desc(userDevices.id));
  // Instants travel in their one wire form (ISO-8601 strings, @taller/core instant.ts), never as Date.
  return rows.map(({ sessionId, created_at, updated_at, ...device }) => ({
    ...device,
    created_at: toInstant(created_at),
    updated_at: toInstant(updated_at),
    current: sessionId === who.sessionId,
  }));
}

export const devices = staffProcedure.query(({ ctx }) =>
  listDevices(ctx.db, { userId: ctx.user.id, companyId: ctx.companyId, sessionId: ctx.session.id }),
);
