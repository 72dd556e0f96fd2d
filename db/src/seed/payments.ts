// Payment requests (cobros) for the demo: some pending, some paid through the local provider ('Pago de prueba'),
// one with a rejected payment (the list's 'El pago se esta procesando'), each with its client link registered.
import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { present } from "@taller/core";
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
  if (orders.length === 0) return { paymentIds: [], paymentToken: "" };
  // Set-based, a statement per step for all the requests (the triggers still see each row): per request, these
  // statements were most of the demo seed's round trips. RETURNING gives the rows in the order of VALUES.
  const requests = await db
    .insert(paymentRequests)
    .values(
      orders.map((o) => ({
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
      })),
    )
    .returning({ id: paymentRequests.id });
  const paymentIds = requests.map((r) => r.id);
  const seeded = orders.map((o, i) => ({
    ...o,
    requestId: present(paymentIds[i], "inserted payment request"),
    labour: Math.round(o.total * 0.4),
    // Every third is paid; every fifth unpaid one has a rejected attempt.
    outcome: i % 3 === 0 ? ("approved" as const) : i % 5 === 1 ? ("rejected" as const) : null,
  }));
  await db.insert(paymentRequestLines).values(
    seeded.flatMap((o) => [
      {
        companyId,
        paymentRequestId: o.requestId,
        position: 0,
        title: `${terms.order.one} #${o.correlative_id}`,
        description: o.requirement_name,
        quantity: 1,
        unitPrice: o.total - o.labour,
      },
      {
        companyId,
        paymentRequestId: o.requestId,
        position: 1,
        title: "Mano de obra",
        description: null,
        quantity: 1,
        unitPrice: o.labour,
      },
    ]),
  );
  const withPreference = seeded.map((o) => ({
    ...o,
    preference: `LOCAL-${o.requestId}-${randomBytes(12).toString("base64url")}`,
  }));
  await db.execute(sql`
    UPDATE payment_requests p SET preference_id = v.preference, checkout_url = '/payments/checkout/' || v.preference
    FROM (VALUES ${sql.join(
      withPreference.map((o) => sql`(${o.requestId}::int, ${o.preference}::text)`),
      sql`, `,
    )}) AS v(id, preference)
    WHERE p.id = v.id`);
  const attempted = withPreference.filter((o) => o.outcome !== null);
  const payments = attempted.length
    ? await db
        .insert(localPayments)
        .values(
          attempted.map((o) => ({
            preferenceId: o.preference,
            externalReference: String(o.requestId),
            status: present(o.outcome, "payment outcome"),
            amount: o.total,
            installments: 1,
          })),
        )
        .returning({ id: localPayments.id })
    : [];
  const paid = attempted.map((o, i) => ({ ...o, paymentId: String(present(payments[i], "inserted payment").id) }));
  const approved = paid.filter((o) => o.outcome === "approved");
  if (approved.length)
    await db.execute(sql`
      UPDATE payment_requests p SET status = 2, payment_id = v.payment_id, payment_status = 'approved', paid_at = now(),
        total_paid = v.total, installments = 1, installment_amount = v.total
      FROM (VALUES ${sql.join(
        approved.map((o) => sql`(${o.requestId}::int, ${o.paymentId}::text, ${o.total}::int)`),
        sql`, `,
      )}) AS v(id, payment_id, total)
      WHERE p.id = v.id`);
  const rejected = paid.filter((o) => o.outcome === "rejected");
  if (rejected.length)
    await db.execute(sql`
      UPDATE payment_requests p SET payment_id = v.payment_id, payment_status = 'rejected', installments = 1
      FROM (VALUES ${sql.join(
        rejected.map((o) => sql`(${o.requestId}::int, ${o.paymentId}::text)`),
        sql`, `,
      )}) AS v(id, payment_id)
      WHERE p.id = v.id`);
  const tokens = await Promise.all(paymentIds.map((id) => paymentClientToken(db, companyId, id)));
  await db.insert(documentTokens).values(
    paymentIds.map((id, i) => ({
      companyId,
      kind: "payment_token" as const,
      tokenHash: createHash("sha256").update(present(tokens[i], "payment token")).digest("hex"),
      documentType: "PaymentRequest",
      documentId: id,
    })),
  );
  const paymentToken = present(tokens.at(-1), "newest payment token");
  return { paymentIds, paymentToken };
}
