// One payment request with everything its detail dialog shows (seed 002 section 2.6), read by get, create and
// reprocess.
import type { Instant, PaymentStatusId } from "@taller/core";
import { instantText, queryRows, type Db } from "@taller/db";
import { TRPCError, type ScopeContext } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { clientToken, clientUrl } from "./link";
import { idSchema } from "@taller/core";

export const paymentIdSchema = z.object({ id: idSchema });

export const NOT_FOUND_TEXT = "Cobro no encontrado";

interface DetailRow {
  id: number;
  correlative_id: number;
  status: PaymentStatusId;
  total: number;
  provider: string;
  /** Made with the test checkout ('Pago de prueba'): no money moves, whatever its status says. */
  test: boolean;
  checkout_url: string | null;
  payment_id: string | null;
  payment_status: string | null;
  paid_at: Instant | null;
  total_paid: number | null;
  installments: number | null;
  installment_amount: number | null;
  payment_url: string | null;
  order_id: number | null;
  order_correlative_id: number | null;
  budget_id: number | null;
  vehicle_identifier: string | null;
  requirement_name: string | null;
  client_name: string | null;
  created_at: Instant;
  created_by: number | null;
}

export interface PaymentLine {
  id: number;
  title: string;
  description: string | null;
  quantity: number;
  unit_price: number;
}

/** Loads one request of the caller's company (own-records grants: one the user made), else NOT_FOUND. */
export async function loadDetail(db: Db, ctx: Pick<ScopeContext, "companyId" | "user" | "ownOnly">, id: number) {
  const [row] = await queryRows<DetailRow>(
    db,
    sql`SELECT p.id, p.correlative_id, p.status, p.total, p.provider, p.provider = 'local' AS test, p.checkout_url, p.payment_id, p.payment_status,
               ${instantText(sql`p.paid_at`)} AS paid_at, p.total_paid, p.installments, p.installment_amount, p.payment_url,
               p.order_id, o.correlative_id AS order_correlative_id, p.budget_id, p.vehicle_identifier, p.requirement_name,
               p.client_name, ${instantText(sql`p.created_at`)} AS created_at, p.created_by
        FROM payment_requests p LEFT JOIN orders o ON o.company_id = p.company_id AND o.id = p.order_id
        WHERE p.company_id = ${ctx.companyId} AND p.id = ${id}`,
  );
  if (!row || (ctx.ownOnly("read", "payment") && row.created_by !== ctx.user.id)) {
    throw new TRPCError({ code: "NOT_FOUND", message: NOT_FOUND_TEXT });
  }
  const lines = await queryRows<PaymentLine>(
    db,
    sql`SELECT id, title, description, quantity, unit_price FROM payment_request_lines
        WHERE company_id = ${ctx.companyId} AND payment_request_id = ${id} ORDER BY position`,
  );
  const { created_by: _createdBy, ...rest } = row;
  return { ...rest, lines, client_url: clientUrl(await clientToken(db, ctx.companyId, id)) };
}
export type PaymentDetail = Awaited<ReturnType<typeof loadDetail>>;
