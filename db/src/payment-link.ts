// The tokens of the links clients open without an account: a payment request's (client/payment?token=), a
// budget's PDF (client/budget?token=, sent with the 'Presupuesto listo' WhatsApp notification) and an electronic
// invoice's PDF (client/invoice?token=, registered with an expiry each time it is shared). An HMAC of the
// document under the 'payment_link' server secret (migration payments; the document's kind in the message keeps the
// two apart), so a link can be shown again without storing the token; document_tokens keeps only its SHA-256
// (@taller/payments and @taller/messaging issue them, the demo seed too).
import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "./client";
import { queryRows } from "./sql";

let secret: Promise<string> | null = null;

function linkSecret(db: Db): Promise<string> {
  secret ??= queryRows<{ secret: string }>(db, sql`SELECT secret FROM server_secrets WHERE name = 'payment_link'`).then(
    ([row]) => {
      if (!row) throw new Error("server_secrets has no payment_link key (migration payments creates it)");
      return row.secret;
    },
  );
  // A failed read is not kept: the next call asks again.
  secret.catch(() => (secret = null));
  return secret;
}

async function linkToken(
  db: Db,
  document: "payment" | "budget" | "invoice",
  companyId: number,
  id: number,
): Promise<string> {
  return createHmac("sha256", await linkSecret(db))
    .update(`${document}:${companyId}:${id}`)
    .digest("base64url");
}

export function paymentClientToken(db: Db, companyId: number, requestId: number): Promise<string> {
  return linkToken(db, "payment", companyId, requestId);
}

export function budgetClientToken(db: Db, companyId: number, budgetId: number): Promise<string> {
  return linkToken(db, "budget", companyId, budgetId);
}

export function invoiceClientToken(db: Db, companyId: number, invoiceId: number): Promise<string> {
  return linkToken(db, "invoice", companyId, invoiceId);
}
