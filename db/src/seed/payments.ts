// Payment requests (cobros) for the demo: some pending, some paid through the local provider ('Pago de prueba'),
// one with a rejected payment (the list's 'El pago se esta procesando'), each with its client link registered.
import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../client";
import { paymentClientToken } from "../payment-link";
import { documentTokens, localPayments, paymentRequestLines, paymentRequests } from "../schema";
import { queryRows } from "../sql";
import { loadCompanyTerms } from "../terms";

export interface PaymentSeed {
  /** The company's payment requests, oldest first (pending, paid and in process). */
  paymentIds: number[];
  /** The client link token of the newest request (in clear, for tests and the printed demo link). */
  paymentToken: string;
}

interface OrderInfo {
  id: number;
  correlative_id: number;
  total: number;
  requirement_id: number | null;
  requirement_name: string | null;
  client_id: number | null;
  client_name: string | null;
  client_email: string | null;
  vehicle_id: number | null;
  identifier: string | null;
}

export async function seedPayments(db: Db, companyId: number, count: number): Promise<PaymentSeed> {
  const orders = await queryRows<OrderInfo>(
    db,
    sql`SELECT o.id, o.correlative_id, o.total, r.id AS requirement_id, r.name AS requirement_name, c.id AS client_id,
               c.name AS client_name, c.email AS client_email, v.id AS vehicle_id, v.identifier
        FROM orders o LEFT JOIN requirements r ON r.company_id = o.company_id AND r.id = o.requirement_id
        LEFT JOIN clients c ON c.company_id = o.company_id AND c.id = o.client_id
        LEFT JOIN vehicles v ON v.company_id = o.company_id AND v.id = o.vehicle_id
        WHERE o.company_id = ${companyId} AND o.total > 0 ORDER BY o.correlative_id LIMIT ${count}`,
  );
  // Titled as payments.create titles them: the order in the company's words ('Reparación #12').
  const terms = await loadCompanyTerms(db, companyId);
  const paymentIds: number[] = [];
  let paymentToken = "";
  for (const [i, o] of orders.entries()) {
    const [row] = await db
      .insert(paymentRequests)
      .values({
        companyId,
        orderId: o.id,
        requirementId: o.requirement_id,
        requirementName: o.requirement_name,
        clientId: o.client_id,
        clientName: o.client_name,
        clientEmail: o.client_email,
        vehicleId: o.vehicle_id,
        vehicleIdentifier: o.identifier,
        provider: "local",
      })
      .returning({ id: paymentRequests.id });
    if (!row) throw new Error("payment request insert returned nothing");
    const labour = Math.round(o.total * 0.4);
    await db.insert(paymentRequestLines).values([
      {
        companyId,
        paymentRequestId: row.id,
        position: 0,
        title: `${terms.order.one} #${o.correlative_id}`,
        description: o.requirement_name,
        quantity: 1,
        unitPrice: o.total - labour,
      },
      {
        companyId,
        paymentRequestId: row.id,
        position: 1,
        title: "Mano de obra",
        description: null,
        quantity: 1,
        unitPrice: labour,
      },
    ]);
    const preference = `LOCAL-${row.id}-${randomBytes(12).toString("base64url")}`;
    await db.execute(
      sql`UPDATE payment_requests SET preference_id = ${preference}, checkout_url = ${`/payments/checkout/${preference}`} WHERE id = ${row.id}`,
    );
    // Every third is paid; every fifth unpaid one has a rejected attempt.
    const outcome = i % 3 === 0 ? "approved" : i % 5 === 1 ? "rejected" : null;
    if (outcome) {
      const [pay] = await db
        .insert(localPayments)
        .values({
          preferenceId: preference,
          externalReference: String(row.id),
          status: outcome,
          amount: o.total,
          installments: 1,
        })
        .returning({ id: localPayments.id });
      if (!pay) throw new Error("local payment insert returned nothing");
      await db.execute(
        outcome === "approved"
          ? sql`UPDATE payment_requests SET status = 2, payment_id = ${String(pay.id)}, payment_status = 'approved', paid_at = now(),
                  total_paid = ${o.total}, installments = 1, installment_amount = ${o.total} WHERE id = ${row.id}`
          : sql`UPDATE payment_requests SET payment_id = ${String(pay.id)}, payment_status = 'rejected', installments = 1 WHERE id = ${row.id}`,
      );
    }
    const token = await paymentClientToken(db, companyId, row.id);
    await db.insert(documentTokens).values({
      companyId,
      kind: "payment_token",
      tokenHash: createHash("sha256").update(token).digest("hex"),
      documentType: "PaymentRequest",
      documentId: row.id,
    });
    paymentIds.push(row.id);
    paymentToken = token;
  }
  return { paymentIds, paymentToken };
}
