import type { Db } from "@taller/db";
import { serverSecrets } from "@taller/db";
import { eq } from "drizzle-orm";
import webpush from "web-push";

export interface VapidKeys {
  /** base64url of the uncompressed P-256 public key: the browser's `applicationServerKey`. */
  publicKey: string;
  privateKey: string;
}

const SECRET_NAME = "vapid";
const loaded = new WeakMap<Db, Promise<VapidKeys>>();

/**
 * The server's VAPID key pair, made on the first start and kept in server_secrets: every process on the database
 * signs with the same pair, and a pair is never replaced while it exists (browsers subscribed with its public key).
 * Two processes starting together both offer a pair; the first insert wins and both read it.
 */
export function vapidKeys(db: Db): Promise<VapidKeys> {
  let keys = loaded.get(db);
  if (!keys) {
    keys = loadOrCreate(db);
    loaded.set(db, keys);
    keys.catch(() => loaded.delete(db));
  }
  return keys;
}

async function loadOrCreate(db: Db): Promise<VapidKeys> {
  const offered = webpush.generateVAPIDKeys();
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, secret: JSON.stringify(offered) })
    .onConflictDoNothing();
  const [row] = await db
    .select({ secret: serverSecrets.secret })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, SECRET_NAME));
  if (!row) throw new Error("server_secrets has no vapid row right after inserting it");
  const keys = JSON.parse(row.secret) as VapidKeys;
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}
