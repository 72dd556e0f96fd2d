// Staff ask a client to pay for an order or a budget: the request and its lines (the database sums the total), the
// provider's checkout preference (external_reference = the request, the same idempotency key on every attempt) and
// the client's link, in one transaction: a provider that fails leaves nothing behind.
import {
  PAYMENT_MAX_LINES,
  PAYMENT_MAX_TOTAL,
  paymentLineSchema,
  paymentLinesFromBudget,
  paymentLinesTotal,
  idSchema as id,
  notFoundText,
} from "@taller/core";
import { loadCompanyTerms, paymentRequestLines, paymentRequests, queryRows, type Db } from "@taller/db";
import { can, fieldError, ownedDocument, staffProcedure, TRPCError, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { loadDetail } from "./detail";
import { issueClientToken } from "./link";
import { currentProvider, ProviderError } from "./provider";

export const createInput = z.object({
  order_id: id.nullish(),
  budget_id: id.nullish(),
  /** Absent: one line for the order's total, or the budget's own lines (paymentLinesFromBudget). */
  lines: z.array(paymentLineSchema).min(1, "Agrega al menos una línea").max(PAYMENT_MAX_LINES).nullish(),
});

interface Source {
  order_id: number;
  budget_id: number | null;
  title: string;
  total: number;
  requirement_id: number | null;
  requirement_name: string | null;
  client_id: number | null;
  client_name: string | null;
  client_email: string | null;
  vehicle_id: number | null;
  vehicle_identifier: string | null;
}

export const create = staffProcedure
  .use(can("create", "payment"))
  .input(createInput)
  .mutation(async ({ ctx, input }) => {
    // The order (or the budget's order) of this company, with what the request shows of it; with an own-only grant on
    // create payment, an order the user received or is assigned (a budget's, through its order).
    const byBudget = input.budget_id != null;
    // The stored title names the order in the company's words ('Reparación #12'), as every screen and message shows it.
    const terms = await loadCompanyTerms(ctx.db, ctx.companyId);
    // Checked here rather than in the schema, which has no company to name the order with.
    if (input.order_id == null && !byBudget)
      throw fieldError(
        "BAD_REQUEST",
        "order_id",
        `Indica a qué ${terms.order.oneLower} o presupuesto corresponde el cobro`,
      );
    const ownerId = ctx.ownOnly("create", "payment") ? ctx.user.id : null;
    const [source] = await queryRows<Source>(
      ctx.db,
      sql`SELECT o.id AS order_id, ${byBudget ? sql`b.id` : sql`null::int`} AS budget_id,
                 ${byBudget ? sql`'Presupuesto #' || b.correlative_id` : sql`${`${terms.order.one} #`}::text || o.correlative_id`} AS title,
                 ${byBudget ? sql`b.total` : sql`o.total`} AS total,
                 r.id AS requirement_id, r.name AS requirement_name, c.id AS client_id, c.name AS client_name, c.email AS client_email,
                 v.id AS vehicle_id, v.identifier AS vehicle_identifier
          FROM ${byBudget ? sql`budgets b JOIN orders o ON o.company_id = b.company_id AND o.id = b.order_id` : sql`orders o`}
          LEFT JOIN requirements r ON r.company_id = o.company_id AND r.id = o.requirement_id
          LEFT JOIN clients c ON c.company_id = o.company_id AND c.id = o.client_id
          LEFT JOIN vehicles v ON v.company_id = o.company_id AND v.id = o.vehicle_id
          WHERE o.company_id = ${ctx.companyId}
            AND ${byBudget ? sql`b.id = ${input.budget_id}` : sql`o.id = ${input.order_id}`}
            ${byBudget && input.order_id != null ? sql`AND o.id = ${input.order_id}` : sql``}
            AND ${ownedDocument("Order", ownerId)}`,
    );
    if (!source) {
      throw fieldError(
        "NOT_FOUND",
        byBudget ? "budget_id" : "order_id",
        byBudget ? "Presupuesto no encontrado" : notFoundText(terms.order),
      );
    }
    try {
      const provider = currentProvider();
      const requestId = await withTransaction(ctx, async (tx) => {
        const lines =
          input.lines ??
          (source.budget_id !== null
            ? await budgetLines(tx.db, ctx.companyId, source.budget_id)
            : [{ title: source.title, description: source.requirement_name, quantity: 1, unit_price: source.total }]);
        const total = paymentLinesTotal(lines);
        if (total <= 0) throw fieldError("BAD_REQUEST", "lines", "El total del cobro debe ser mayor a $0");
        if (total > PAYMENT_MAX_TOTAL)
          throw fieldError("BAD_REQUEST", "lines", "El total del cobro supera el máximo de $100.000.000");
        const [row] = await tx.db
          .insert(paymentRequests)
          .values({
            companyId: ctx.companyId,
            orderId: source.order_id,
            budgetId: source.budget_id,
            requirementId: source.requirement_id,
            requirementName: source.requirement_name,
            clientId: source.client_id,
            clientName: source.client_name,
            clientEmail: source.client_email,
            vehicleId: source.vehicle_id,
            vehicleIdentifier: source.vehicle_identifier,
            createdBy: ctx.user.id,
            provider: provider.name,
          })
          .returning({ id: paymentRequests.id });
        if (!row) throw new Error("payment request insert returned nothing");
        await tx.db.insert(paymentRequestLines).values(
          lines.map((l, position) => ({
            companyId: ctx.companyId,
            paymentRequestId: row.id,
            position,
            title: l.title,
            description: l.description ?? null,
            quantity: l.quantity ?? 1,
            unitPrice: l.unit_price,
          })),
        );
        const preference = await provider.createPreference(tx.db, {
          requestId: row.id,
          items: lines.map((l) => ({
            title: l.title,
            description: l.description ?? null,
            quantity: l.quantity ?? 1,
            unit_price: l.unit_price,
          })),
          payerEmail: source.client_email,
          idempotencyKey: `taller-payment-${ctx.companyId}-${row.id}`,
        });
        await tx.db.execute(
          sql`UPDATE payment_requests SET preference_id = ${preference.id}, checkout_url = ${preference.checkoutUrl} WHERE id = ${row.id}`,
        );
        await issueClientToken(tx.db, ctx.companyId, row.id);
        await tx.emit({ type: "payment.changed", companyId: ctx.companyId, payload: { ids: [row.id] } });
        // A test checkout's link takes no money: it is never sent to a client as if it were a real one.
        if (source.client_id !== null && provider.name !== "local") {
          await tx.emit({
            type: "notification.requested",
            companyId: ctx.companyId,
            payload: { notification: "payment_link", documentId: row.id },
          });
        }
        return row.id;
      });
      return await loadDetail(ctx.db, ctx, requestId);
    } catch (err) {
      if (err instanceof ProviderError) throw new TRPCError({ code: "SERVICE_UNAVAILABLE", message: err.message });
      throw err;
    }
  });

/**
 * The budget's lines as the request's, read under a share lock on the budget: line edits lock it for update
 * (budgets' editable.ts), so the copy is of one consistent state and its sum is the budget's total at that moment.
 */
async function budgetLines(db: Db, companyId: number, budgetId: number) {
  await db.execute(sql`SELECT id FROM budgets WHERE company_id = ${companyId} AND id = ${budgetId} FOR SHARE`);
  const rows = await queryRows<{ description: string; quantity: number; unit_price: number; discount: number }>(
    db,
    sql`SELECT description, quantity, unit_price, discount FROM budget_lines
        WHERE company_id = ${companyId} AND budget_id = ${budgetId} ORDER BY position, id`,
  );
  return paymentLinesFromBudget(rows);
}
