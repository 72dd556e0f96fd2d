import { isIP } from "node:net";
import { users, type Db } from "@taller/db";
import { like } from "drizzle-orm";

/** True when `host` accepts connections from this machine only. */
export function isLoopback(host: string): boolean {
  if (host === "localhost") return true;
  if (isIP(host) === 4) return host.startsWith("127.");
  return host === "::1";
}

/** The demo seed's accounts all live under a `.demo` domain and share one published password. */
export async function demoAccountsExist(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(like(users.email, "%.demo")).limit(1);
  return row !== undefined;
}
