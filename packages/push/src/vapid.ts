import type { Db } from "@taller/db";
import { serverSecrets } from "@taller/db";
import { eq } from "drizzle-orm";

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
  const stored = await storedKeys(db);
  if (stored) return stored;
  // web-push loads only on the first start (and with the first push), not on every start.
  const { default: webpush } = await import("web-push");
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, secret: JSON.stringify(webpush.generateVAPIDKeys()) })
    .onConflictDoNothing();
  const keys = await storedKeys(db);
  if (!keys) throw new Error("server_secrets has no vapid row right after inserting it");
  return keys;
}

async function storedKeys(db: Db): Promise<VapidKeys | null> {
  const [row] = await db
    .select({ secret: serverSecrets.secret })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, SECRET_NAME));
  if (!row) return null;
  const keys = JSON.parse(row.secret) as VapidKeys;
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}
