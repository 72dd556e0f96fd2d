// Applies a payment, as the provider reports it when asked, to its request. Everything that could be forged or
// replayed is decided here, under a row lock: the request must be the provider's external_reference and issued by
// that provider; amount and currency must equal the request's; a paid request never changes again (the database's
// trigger holds that too); the same payment twice changes nothing the second time, and emits nothing.
import { PAYMENT_PAID, PAYMENT_PENDING } from "@taller/core";
import { queryRows, type Db } from "@taller/db";
import { withTransaction, type EventBus } from "@taller/trpc";
import { sql } from "drizzle-orm";
import type { ProviderName, ProviderPayment } from "./provider";

export type SettleResult = "paid" | "pending" | "unchanged" | "amount_mismatch" | "unknown_request";

/** Pure: what a reported payment does to a request in this state. */
export function settleDecision(
  request: { status: number; total: number; payment_id: string | null; payment_status: string | null },
  payment: Pick<ProviderPayment, "id" | "status" | "amount" | "currency">,
): SettleResult {
  if (request.status === PAYMENT_PAID) return "unchanged";
  if (payment.currency !== "CLP" || payment.amount !== request.total) return "amount_mismatch";
  if (payment.status === "approved") return "paid";
  if (request.payment_id === payment.id && request.payment_status === payment.status) return "unchanged";
  return "pending";
}

interface Locked {
  id: number;
  company_id: number;
  status: number;
  total: number;
  payment_id: string | null;
  payment_status: string | null;
}

const int = (n: number | null) => (n === null || !Number.isFinite(n) ? null : Math.round(n));

export async function settlePayment(
  ctx: { db: Db; bus: EventBus },
  provider: ProviderName,
  payment: ProviderPayment,
): Promise<SettleResult> {
  const ref = payment.externalReference;
  if (!ref || !/^\d{1,10}$/.test(ref) || Number(ref) > 2_147_483_647) return "unknown_request";
  return withTransaction(ctx, async (tx) => {
    const [request] = await queryRows<Locked>(
      tx.db,
      sql`SELECT id, company_id, status, total, payment_id, payment_status FROM payment_requests
          WHERE id = ${Number(ref)} AND provider = ${provider} FOR UPDATE`,
    );
    if (!request) return "unknown_request";
    const decision = settleDecision(request, payment);
    if (decision === "unchanged" || decision === "amount_mismatch") return decision;
    const common = sql`payment_id = ${payment.id}, payment_status = ${payment.status}, installments = ${int(payment.installments)},
      installment_amount = ${int(payment.installmentAmount)}, payment_url = ${payment.resourceUrl}`;
    const updated =
      decision === "paid"
        ? await queryRows<{ id: number }>(
            tx.db,
            sql`UPDATE payment_requests SET ${common}, status = ${PAYMENT_PAID},
                  paid_at = coalesce(${payment.approvedAt}::timestamptz, now()), total_paid = ${int(payment.totalPaid) ?? payment.amount}
                WHERE id = ${request.id} AND status = ${PAYMENT_PENDING} RETURNING id`,
          )
        : await queryRows<{ id: number }>(
            tx.db,
            sql`UPDATE payment_requests SET ${common} WHERE id = ${request.id} AND status = ${PAYMENT_PENDING} RETURNING id`,
          );
    if (updated.length === 0) return "unchanged";
    await tx.emit({ type: "payment.changed", companyId: request.company_id, payload: { ids: [request.id] } });
    return decision;
  });
}
