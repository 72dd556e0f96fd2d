// The per-company key of the inbound mail endpoint: `selector.verifier`, both random. The selector finds the row;
// the verifier's SHA-256 is compared in constant time, and a selector that finds nothing is compared against a
// dummy digest, so the answer takes the same work whether the selector exists or not.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { inboundMailKeys, type Db } from "@taller/db";
import { eq, sql } from "drizzle-orm";

const KEY = /^([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/;
const digest = (verifier: string) => createHash("sha256").update(verifier).digest();
const DUMMY = digest("no key has this verifier");

/** A key's parts, or null when it is not shaped like one (no lookup is made for those). */
function parts(key: string): { selector: string; verifier: string } | null {
  const m = KEY.exec(key);
  return m?.[1] && m[2] ? { selector: m[1], verifier: m[2] } : null;
}

/**
 * Makes (or replaces) a company's key and answers it in clear: the only time it exists outside the sender's
 * configuration. `fixed` is for the demo company only, whose key is published like its password.
 */
export async function issueInboundMailKey(
  db: Db,
  companyId: number,
  fixed?: { selector: string; verifier: string },
): Promise<string> {
  const selector = fixed?.selector ?? randomBytes(12).toString("base64url");
  const verifier = fixed?.verifier ?? randomBytes(32).toString("base64url");
  const key = `${selector}.${verifier}`;
  if (!parts(key)) throw new RangeError("inbound mail key parts are 16 and 43 base64url characters");
  const verifierHash = digest(verifier).toString("hex");
  await db
    .insert(inboundMailKeys)
    .values({ companyId, selector, verifierHash })
    .onConflictDoUpdate({ target: inboundMailKeys.companyId, set: { selector, verifierHash, createdAt: sql`now()` } });
  return key;
}

/** The company a key opens, or null. */
export async function companyForInboundMailKey(db: Db, key: string): Promise<number | null> {
  const p = parts(key);
  if (!p) return null;
  const [row] = await db
    .select({ companyId: inboundMailKeys.companyId, verifierHash: inboundMailKeys.verifierHash })
    .from(inboundMailKeys)
    .where(eq(inboundMailKeys.selector, p.selector));
  const stored = row ? Buffer.from(row.verifierHash, "hex") : DUMMY;
  const matches = stored.length === DUMMY.length && timingSafeEqual(stored, digest(p.verifier));
  return row && matches ? row.companyId : null;
}
