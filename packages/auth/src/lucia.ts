import { DrizzlePostgreSQLAdapter } from "@lucia-auth/adapter-drizzle";
import type { Db } from "@taller/db";
import { sessions, users } from "@taller/db";
import { Lucia, TimeSpan } from "lucia";

export const SESSION_COOKIE = "taller_session";
/** Sliding lifetime: renewed while in use. */
export const SESSION_SLIDING = new TimeSpan(14, "d");
/** Absolute lifetime: a session ends this long after login, however active. */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600 * 1000;

function createLucia(db: Db, secure: boolean) {
  return new Lucia(new DrizzlePostgreSQLAdapter(db as never, sessions, users), {
    sessionExpiresIn: SESSION_SLIDING,
    sessionCookie: { name: SESSION_COOKIE, attributes: { secure, sameSite: "lax" } },
    getSessionAttributes: (attributes) => ({ createdAt: attributes.createdAt, kind: attributes.kind }),
  });
}

export type AppLucia = ReturnType<typeof createLucia>;

declare module "lucia" {
  interface Register {
    Lucia: AppLucia;
    UserId: number;
    DatabaseSessionAttributes: { createdAt: Date; kind: "staff" | "kiosk" };
  }
}

const cache = new WeakMap<Db, { secure: AppLucia; plain: AppLucia }>();

/** One Lucia per database and cookie security; cheap to look up on every request. */
export function getLucia(db: Db, secure: boolean): AppLucia {
  let entry = cache.get(db);
  if (!entry) {
    entry = { secure: createLucia(db, true), plain: createLucia(db, false) };
    cache.set(db, entry);
  }
  return secure ? entry.secure : entry.plain;
}
