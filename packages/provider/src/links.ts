// The supplier's link: an access_token in document_tokens (only its sha-256 is stored) that opens one pricing or
// buy order. Issuing a new link revokes the ones before it, so a document has at most one live link.
import { randomBytes } from "node:crypto";
import { PROVIDER_LINK_DAYS, type Instant, type ProviderKind } from "@taller/core";
import { documentTokens, instantText, intArray, queryRows, type Db } from "@taller/db";
import { sha256 } from "@taller/trpc";
import { and, eq, sql } from "drizzle-orm";
import { DOCUMENT_TYPE } from "./action";

/** The page path of each kind (the web app's routes). */
export const LINK_PATH: Record<ProviderKind, string> = {
  pricing: "/provider/pricing",
  buy_order: "/provider/buy-order",
};

export interface IssuedLink {
  /** Path and query, without origin: the staff's browser prefixes its own. Shown once: only the hash is kept. */
  path: string;
  expires_at: Instant;
}

export async function revokeLinks(db: Db, companyId: number, kind: ProviderKind, actionId: number): Promise<number> {
  const removed = await db
    .delete(documentTokens)
    .where(
      and(
        eq(documentTokens.companyId, companyId),
        eq(documentTokens.kind, "access_token"),
        eq(documentTokens.documentType, DOCUMENT_TYPE[kind]),
        eq(documentTokens.documentId, actionId),
      ),
    )
    .returning({ id: documentTokens.id });
  return removed.length;
}

export async function issueLink(
  db: Db,
  companyId: number,
  kind: ProviderKind,
  actionId: number,
  now = new Date(),
): Promise<IssuedLink> {
  await revokeLinks(db, companyId, kind, actionId);
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + PROVIDER_LINK_DAYS * 86_400_000);
  await db.insert(documentTokens).values({
    companyId,
    kind: "access_token",
    tokenHash: sha256(token),
    documentType: DOCUMENT_TYPE[kind],
    documentId: actionId,
    expiresAt,
  });
  return { path: `${LINK_PATH[kind]}?access_token=${token}`, expires_at: expiresAt.toISOString() as Instant };
}

/** The live link's expiry per document (null: no live link), for the staff's list. */
export async function linkExpiries(db: Db, companyId: number, actionIds: number[]): Promise<Map<number, Instant>> {
  if (!actionIds.length) return new Map();
  const rows = await queryRows<{ document_id: number; expires_at: Instant }>(
    db,
    sql`SELECT document_id, max(${instantText(sql`expires_at`)}) AS expires_at FROM document_tokens
        WHERE company_id = ${companyId} AND kind = 'access_token' AND document_type IN (${DOCUMENT_TYPE.pricing}, ${DOCUMENT_TYPE.buy_order})
          AND document_id = ANY (${intArray(actionIds)}) AND expires_at > now()
        GROUP BY document_id`,
  );
  return new Map(rows.map((r) => [r.document_id, r.expires_at]));
}
