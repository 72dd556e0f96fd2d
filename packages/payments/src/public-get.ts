// The client's page (client/payment?token=): what they pay and for what, then the provider's checkout. The token
// opens this one request only. The company's terms come with it: the page names the order and the client in its words.
import { instantText, loadCompanyTerms, queryRows } from "@taller/db";
import { tokenProcedure, TRPCError } from "@taller/trpc";
import type { Instant, PaymentStatusId } from "@taller/core";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { PAYMENT_DOCUMENT_TYPE } from "./link";

export const publicGet = tokenProcedure("payment_token")
  .input(z.object({ token: z.string().min(1).max(200) }))
  .query(async ({ ctx }) => {
    if (ctx.document.type !== PAYMENT_DOCUMENT_TYPE)
      throw new TRPCError({ code: "UNAUTHORIZED", message: "Enlace inválido o expirado" });
    const [row] = await queryRows<{
      correlative_id: number;
      company: string;
      status: PaymentStatusId;
      total: number;
      checkout_url: string | null;
      vehicle_identifier: string | null;
      requirement_name: string | null;
      client_name: string | null;
      order_correlative_id: number | null;
      created_at: Instant;
      paid_at: Instant | null;
    }>(
      ctx.db,
      sql`SELECT p.correlative_id, c.name AS company, p.status, p.total, p.checkout_url, p.vehicle_identifier, p.requirement_name,
                 p.client_name, o.correlative_id AS order_correlative_id, ${instantText(sql`p.created_at`)} AS created_at,
                 ${instantText(sql`p.paid_at`)} AS paid_at
          FROM payment_requests p JOIN companies c ON c.id = p.company_id
          LEFT JOIN orders o ON o.company_id = p.company_id AND o.id = p.order_id
          WHERE p.company_id = ${ctx.companyId} AND p.id = ${ctx.document.id}`,
    );
    if (!row) throw new TRPCError({ code: "UNAUTHORIZED", message: "Enlace inválido o expirado" });
    const lines = await queryRows<{ title: string; description: string | null; quantity: number; unit_price: number }>(
      ctx.db,
      sql`SELECT title, description, quantity, unit_price FROM payment_request_lines
          WHERE company_id = ${ctx.companyId} AND payment_request_id = ${ctx.document.id} ORDER BY position`,
    );
    return { ...row, lines, terms: await loadCompanyTerms(ctx.db, ctx.companyId) };
  });
