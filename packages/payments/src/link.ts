// The client's link (client/payment?token=): derived from a server secret and the request (@taller/db
// payment-link.ts), so staff can show it again without the token being stored; document_tokens keeps only its hash.
import { CLIENT_PAYMENT_PATH } from "@taller/core";
import { documentTokens, paymentClientToken, type Db } from "@taller/db";
import { sha256 } from "@taller/trpc";

export const PAYMENT_DOCUMENT_TYPE = "PaymentRequest";

export function clientToken(db: Db, companyId: number, requestId: number): Promise<string> {
  return paymentClientToken(db, companyId, requestId);
}

export function clientUrl(token: string): string {
  return `${CLIENT_PAYMENT_PATH}?token=${token}`;
}

/** Registers the request's link (inside the create's transaction). */
export async function issueClientToken(db: Db, companyId: number, requestId: number): Promise<string> {
  const token = await clientToken(db, companyId, requestId);
  await db
    .insert(documentTokens)
    .values({
      companyId,
      kind: "payment_token",
      tokenHash: sha256(token),
      documentType: PAYMENT_DOCUMENT_TYPE,
      documentId: requestId,
    })
    .onConflictDoNothing();
  return token;
}
