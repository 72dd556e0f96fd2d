// The token of a payment request's client link (client/payment?token=): an HMAC of the request under the
// 'payment_link' server secret (migration payments), so the link can be shown again without storing the token;
// document_tokens keeps only its SHA-256 (@taller/payments issues it, the demo seed too).
import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "./client";
import { queryRows } from "./sql";

let secret: Promise<string> | null = null;

function linkSecret(db: Db): Promise<string> {
  secret ??= queryRows<{ secret: string }>(db, sql`SELECT secret FROM server_secrets WHERE name = 'payment_link'`).then(([row]) => {
    if (!row) throw new Error("server_secrets has no payment_link key (migration payments creates it)");
    return row.secret;
  });
  // A failed read is not kept: the next call asks again.
  secret.catch(() => (secret = null));
  return secret;
}

export async function paymentClientToken(db: Db, companyId: number, requestId: number): Promise<string> {
  return createHmac("sha256", await linkSecret(db)).update(`payment:${companyId}:${requestId}`).digest("base64url");
}
