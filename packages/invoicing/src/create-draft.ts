// A draft made from a finished order, a budget or paid payment requests: its lines copied from the document (the
// database sums the amounts), its receiver prefilled from the order's client. The source's row is locked while the
// draft is made, so two clicks on 'Facturar' make one document: a source billed by a document that is not cancelled
// is refused.
import {
  agree,
  DRAFT_DTE_TYPES,
  idSchema as id,
  INVOICE_MAX_LINES,
  INVOICE_MAX_TOTAL,
  invoiceAmounts,
  invoiceReceiverSchema,
  notFoundText,
  type TermWords,
} from "@taller/core";
import { invoiceLines, invoices, loadCompanyTerms, queryRows, type Db } from "@taller/db";
import { can, fieldError, ownedDocument, staffProcedure, TRPCError, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { intArray, loadDetail } from "./detail";

export const dteTypeInput = z.union(
  DRAFT_DTE_TYPES.map((t) => z.literal(t)),
  { error: "Elige factura, factura exenta o boleta" },
);

export const createDraftInput = z
  .object({
    dte_type: dteTypeInput,
    order_id: id.nullish(),
    budget_id: id.nullish(),
    payment_request_ids: z.array(id).min(1).max(20).nullish(),
  })
  .extend(invoiceReceiverSchema.shape);

interface SourceLine {
  description: string;
  quantity: number;
  unit_price: number;
  discount: number;
}

interface Source {
  order_id: number | null;
  budget_id: number | null;
  payment_request_ids: number[];
  client_id: number | null;
  client_rut: string | null;
  client_name: string | null;
  client_address: string | null;
  client_email: string | null;
  lines: SourceLine[];
}

interface OrderRow {
  id: number;
  correlative_id: number;
  total: number;
  finish: boolean;
  cancel: boolean;
  last_budget_id: number | null;
  requirement_name: string | null;
  client_id: number | null;
  client_rut: string | null;
  client_name: string | null;
  client_address: string | null;
  client_email: string | null;
}

const orderColumns = sql`o.id, o.correlative_id, o.total, s.finish, s.cancel, o.last_budget_id, r.name AS requirement_name,
  c.id AS client_id, c.rut AS client_rut, c.name AS client_name,
  nullif(concat_ws(', ', c.address, c.city), '') AS client_address, c.email AS client_email`;
const orderJoins = sql`JOIN statuses s ON s.company_id = o.company_id AND s.id = o.status_id
  LEFT JOIN requirements r ON r.company_id = o.company_id AND r.id = o.requirement_id
  LEFT JOIN clients c ON c.company_id = o.company_id AND c.id = o.client_id`;

async function budgetLines(db: Db, companyId: number, budgetId: number): Promise<SourceLine[]> {
  return queryRows<SourceLine>(
    db,
    sql`SELECT description, quantity, unit_price, discount FROM budget_lines
        WHERE company_id = ${companyId} AND budget_id = ${budgetId} ORDER BY position, id`,
  );
}

const clientOf = (o: OrderRow | undefined) => ({
  client_id: o?.client_id ?? null,
  client_rut: o?.client_rut ?? null,
  client_name: o?.client_name ?? null,
  client_address: o?.client_address ?? null,
  client_email: o?.client_email ?? null,
});

/** The source document, locked for the rest of the transaction, with its lines. */
async function loadSource(
  db: Db,
  ctx: { companyId: number; ownerId: number | null; orderTerm: TermWords },
  input: z.infer<typeof createDraftInput>,
): Promise<Source> {
  const owned = ownedDocument("Order", ctx.ownerId);
  if (input.order_id != null) {
    const [order] = await queryRows<OrderRow>(
      db,
      sql`SELECT ${orderColumns} FROM orders o ${orderJoins}
          WHERE o.company_id = ${ctx.companyId} AND o.id = ${input.order_id} AND ${owned} FOR UPDATE OF o`,
    );
    if (!order) throw fieldError("NOT_FOUND", "order_id", notFoundText(ctx.orderTerm));
    if (!order.finish || order.cancel)
      throw fieldError(
        "BAD_REQUEST",
        "order_id",
        `Solo se factura ${agree(ctx.orderTerm, "un", "una")} ${ctx.orderTerm.oneLower} ${agree(ctx.orderTerm, "terminado", "terminada")}`,
      );
    const lines = order.last_budget_id
      ? await budgetLines(db, ctx.companyId, order.last_budget_id)
      : [
          {
            description: [`${ctx.orderTerm.one} #${order.correlative_id}`, order.requirement_name]
              .filter(Boolean)
              .join(" - "),
            quantity: 1,
            unit_price: order.total,
            discount: 0,
          },
        ];
    return { order_id: order.id, budget_id: order.last_budget_id, payment_request_ids: [], ...clientOf(order), lines };
  }
  if (input.budget_id != null) {
    const [budget] = await queryRows<{ id: number; order_id: number }>(
      db,
      sql`SELECT b.id, b.order_id FROM budgets b JOIN orders o ON o.company_id = b.company_id AND o.id = b.order_id
          WHERE b.company_id = ${ctx.companyId} AND b.id = ${input.budget_id} AND ${owned} FOR UPDATE OF b`,
    );
    if (!budget) throw fieldError("NOT_FOUND", "budget_id", "Presupuesto no encontrado");
    const [order] = await queryRows<OrderRow>(
      db,
      sql`SELECT ${orderColumns} FROM orders o ${orderJoins} WHERE o.company_id = ${ctx.companyId} AND o.id = ${budget.order_id}`,
    );
    return {
      order_id: budget.order_id,
      budget_id: budget.id,
      payment_request_ids: [],
      ...clientOf(order),
      lines: await budgetLines(db, ctx.companyId, budget.id),
    };
  }
  const ids = [...new Set(input.payment_request_ids ?? [])].sort((a, b) => a - b);
  if (!ids.length)
    throw fieldError(
      "BAD_REQUEST",
      "order_id",
      `Indica qué ${ctx.orderTerm.oneLower}, presupuesto o cobros pagados se facturan`,
    );
  const requests = await queryRows<{ id: number; status: number; order_id: number | null }>(
    db,
    sql`SELECT p.id, p.status, p.order_id FROM payment_requests p
        LEFT JOIN orders o ON o.company_id = p.company_id AND o.id = p.order_id
        WHERE p.company_id = ${ctx.companyId} AND p.id = ANY(${intArray(ids)}) AND ${owned}
        ORDER BY p.id FOR UPDATE OF p`,
  );
  if (requests.length !== ids.length) throw fieldError("NOT_FOUND", "payment_request_ids", "Cobro no encontrado");
  if (requests.some((r) => r.status !== 2))
    throw fieldError("BAD_REQUEST", "payment_request_ids", "Solo se facturan cobros pagados");
  const orderIds = [...new Set(requests.map((r) => r.order_id))];
  const orderId = orderIds.length === 1 ? (orderIds[0] ?? null) : null;
  const [order] = orderId
    ? await queryRows<OrderRow>(
        db,
        sql`SELECT ${orderColumns} FROM orders o ${orderJoins} WHERE o.company_id = ${ctx.companyId} AND o.id = ${orderId}`,
      )
    : [];
  const lines = await queryRows<SourceLine>(
    db,
    sql`SELECT title AS description, quantity, unit_price, 0 AS discount FROM payment_request_lines
        WHERE company_id = ${ctx.companyId} AND payment_request_id = ANY(${intArray(ids)})
        ORDER BY payment_request_id, position`,
  );
  return { order_id: orderId, budget_id: null, payment_request_ids: ids, ...clientOf(order), lines };
}

export const createDraft = staffProcedure
  .use(can("create", "invoice"))
  .input(createDraftInput)
  .mutation(async ({ ctx, input }) => {
    const terms = await loadCompanyTerms(ctx.db, ctx.companyId);
    const ownerId = ctx.ownOnly("create", "invoice") ? ctx.user.id : null;
    const invoiceId = await withTransaction(ctx, async (tx) => {
      const source = await loadSource(tx.db, { companyId: ctx.companyId, ownerId, orderTerm: terms.order }, input);
      if (!source.lines.length)
        throw new TRPCError({ code: "BAD_REQUEST", message: "El documento de origen no tiene líneas que facturar" });
      if (source.lines.length > INVOICE_MAX_LINES)
        throw new TRPCError({
          code: "BAD_REQUEST",
          message: `Un documento lleva a lo más ${INVOICE_MAX_LINES} líneas`,
        });
      const amounts = invoiceAmounts(
        source.lines.map((l) => ({ ...l, exempt: false })),
        input.dte_type,
      );
      if (amounts.total <= 0)
        throw new TRPCError({ code: "BAD_REQUEST", message: "El total a facturar debe ser mayor a $0" });
      if (amounts.total > INVOICE_MAX_TOTAL)
        throw new TRPCError({ code: "BAD_REQUEST", message: "El total supera el máximo de un documento" });
      // Billed already, by a document not voided: the same source is not billed twice.
      const [billed] = await queryRows<{ id: number }>(
        tx.db,
        sql`SELECT id FROM invoices
            WHERE company_id = ${ctx.companyId} AND dte_type <> 61 AND status <> 'cancelled' AND (
              ${source.order_id !== null && input.order_id != null ? sql`order_id = ${source.order_id}` : sql`false`}
              OR ${source.budget_id !== null ? sql`budget_id = ${source.budget_id}` : sql`false`}
              OR ${source.payment_request_ids.length ? sql`payment_request_ids && ${intArray(source.payment_request_ids)}` : sql`false`})
            LIMIT 1`,
      );
      if (billed) throw new TRPCError({ code: "CONFLICT", message: "Este documento ya fue facturado" });
      const [row] = await tx.db
        .insert(invoices)
        .values({
          companyId: ctx.companyId,
          dteType: input.dte_type,
          orderId: source.order_id,
          budgetId: source.budget_id,
          paymentRequestIds: source.payment_request_ids,
          clientId: source.client_id,
          receiverRut: input.receiver_rut ?? source.client_rut,
          receiverName: input.receiver_name ?? source.client_name,
          receiverActivity: input.receiver_activity ?? null,
          receiverAddress: input.receiver_address ?? source.client_address,
          receiverEmail: input.receiver_email ?? source.client_email,
          createdBy: ctx.user.id,
        })
        .returning({ id: invoices.id });
      if (!row) throw new Error("invoice insert returned nothing");
      await tx.db.insert(invoiceLines).values(
        source.lines.map((l, position) => ({
          companyId: ctx.companyId,
          invoiceId: row.id,
          position,
          description: l.description.slice(0, 500),
          quantity: l.quantity,
          unitPrice: l.unit_price,
          discount: l.discount,
        })),
      );
      await tx.emit({ type: "invoice.changed", companyId: ctx.companyId, payload: { ids: [row.id] } });
      return row.id;
    });
    return loadDetail(ctx.db, ctx, invoiceId);
  });
