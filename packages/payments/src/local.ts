// The local provider (the default): preferences point at a checkout page this server serves, marked plainly
// 'Pago de prueba' (apps/server/src/payments-routes.ts). Paying there records a payment here, in
// payment_local_payments, and sends a signed notification to the same webhook path Mercado Pago would call;
// reprocessing and the poller then ask this provider, as they would ask Mercado Pago. No money moves.
import { randomBytes } from "node:crypto";
import { trimEndOf } from "@taller/core";
import { localPayments, paymentRequests, queryRows, type Db } from "@taller/db";
import { desc, eq, sql } from "drizzle-orm";
import type { PaymentProvider, ProviderPayment } from "./provider";

/** Where the local checkout page lives (the server's route). */
export const LOCAL_CHECKOUT_PATH = "/payments/checkout/";

type LocalRow = typeof localPayments.$inferSelect;

function toProviderPayment(row: LocalRow, paidAt: string | null): ProviderPayment {
  return {
    id: String(row.id),
    status: row.status,
    externalReference: row.externalReference,
    amount: row.amount,
    currency: row.currency,
    installments: row.installments,
    installmentAmount: Math.ceil(row.amount / row.installments),
    totalPaid: row.amount,
    approvedAt: row.status === "approved" ? paidAt : null,
    resourceUrl: null,
  };
}

export function localProvider(opts: { publicUrl?: string | null } = {}): PaymentProvider {
  const base = trimEndOf(opts.publicUrl ?? "", "/");
  return {
    name: "local",
    createPreference(_db, request) {
      // Unguessable: the checkout page shows the request's lines and total to whoever holds the link.
      const id = `LOCAL-${request.requestId}-${randomBytes(12).toString("base64url")}`;
      return Promise.resolve({ id, checkoutUrl: `${base}${LOCAL_CHECKOUT_PATH}${id}` });
    },
    async getPayment(db, paymentId) {
      if (!/^\d{1,9}$/.test(paymentId)) return null;
      const [row] = await db
        .select()
        .from(localPayments)
        .where(eq(localPayments.id, Number(paymentId)));
      return row ? toProviderPayment(row, row.createdAt.toISOString()) : null;
    },
    async findPayments(db, externalReference) {
      const rows = await db
        .select()
        .from(localPayments)
        .where(eq(localPayments.externalReference, externalReference))
        .orderBy(desc(localPayments.id))
        .limit(50);
      return rows.map((r) => toProviderPayment(r, r.createdAt.toISOString()));
    },
    async webhookSecret(db) {
      const [row] = await queryRows<{ secret: string }>(
        db,
        sql`SELECT secret FROM server_secrets WHERE name = 'payment_local_webhook'`,
      );
      if (!row) throw new Error("server_secrets has no payment_local_webhook key (migration payments creates it)");
      return row.secret;
    },
  };
}

/** What the local checkout page shows: the request behind a local preference, or null. */
export async function localCheckout(db: Db, preferenceId: string) {
  if (!/^LOCAL-\d{1,10}-[A-Za-z0-9_-]{16}$/.test(preferenceId)) return null;
  const rows = await queryRows<{
    id: number;
    correlative_id: number;
    company: string;
    total: number;
    status: number;
    titles: string | null;
  }>(
    db,
    sql`SELECT p.id, p.correlative_id, c.name AS company, p.total, p.status,
               (SELECT string_agg(l.quantity || ' x ' || l.title, ', ' ORDER BY l.position) FROM payment_request_lines l WHERE l.payment_request_id = p.id) AS titles
        FROM ${paymentRequests} p JOIN companies c ON c.id = p.company_id
        WHERE p.preference_id = ${preferenceId} AND p.provider = 'local'`,
  );
  return rows[0] ?? null;
}

/** The client's choice on the local checkout: records the payment at the 'provider'; answers its id. */
export async function recordLocalPayment(
  db: Db,
  preferenceId: string,
  approve: boolean,
): Promise<{ paymentId: string } | null> {
  const checkout = await localCheckout(db, preferenceId);
  if (!checkout) return null;
  const [row] = await db
    .insert(localPayments)
    .values({
      preferenceId,
      externalReference: String(checkout.id),
      status: approve ? "approved" : "rejected",
      amount: checkout.total,
      currency: "CLP",
      installments: 1,
    })
    .returning({ id: localPayments.id });
  return row ? { paymentId: String(row.id) } : null;
}
