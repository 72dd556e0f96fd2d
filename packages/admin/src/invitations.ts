// One-time links that let a new user choose their password. The link carries 32 random bytes; only their SHA-256
// is stored. Issuing a new link for a user voids the older ones, and accepting one is a conditional update, so a
// link works once, before it expires, for a user still active.
import { randomBytes } from "node:crypto";
import { INVITATION_TTL_HOURS } from "@taller/core";
import { queryRows } from "@taller/db";
import { sha256, type Transaction } from "@taller/trpc";
import { sql } from "drizzle-orm";

/** The web app's page that opens an invitation (apps/web routes). */
export const invitationPath = (token: string) => `/invitation?token=${token}`;

/** Ends the user's links not used yet (a newer one was issued, or one was just used). */
export async function voidOpenInvitations(tx: Transaction, companyId: number, userId: number): Promise<void> {
  await queryRows(
    tx.db,
    sql`UPDATE user_invitations SET expires_at = now() WHERE company_id = ${companyId} AND user_id = ${userId}
        AND used_at IS NULL AND expires_at > now()`,
  );
}

/** Voids the user's open links and issues a new one; the answer is the only place the token appears in clear. */
export async function issueInvitation(
  tx: Transaction,
  companyId: number,
  userId: number,
): Promise<{ path: string; expires_at: string }> {
  await voidOpenInvitations(tx, companyId, userId);
  const token = randomBytes(32).toString("base64url");
  const [row] = await queryRows<{ expires_at: string }>(
    tx.db,
    sql`INSERT INTO user_invitations (company_id, user_id, token_hash, expires_at)
        VALUES (${companyId}, ${userId}, ${sha256(token)}, now() + make_interval(hours => ${INVITATION_TTL_HOURS}))
        RETURNING to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS expires_at`,
  );
  return { path: invitationPath(token), expires_at: row?.expires_at ?? "" };
}
