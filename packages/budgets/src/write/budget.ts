// Writing a budget: shared by budgets.create and the chat's budget form (chat.send, after budgets in DOMAIN_ORDER),
// which both run it inside their own transaction. The database numbers it (next_correlative) and totals it (the
// budget_lines trigger); this only checks what deserves a clear answer first (the order, the products, an initial
// status) and writes the rows.
import { BUDGET_WRITE_ERRORS, type BudgetLineInput } from "@taller/core";
import {
  budgetLines,
  budgets,
  budgetStatusChanges,
  orders,
  products,
  statuses,
  termNotFound,
  type Db,
} from "@taller/db";
import { and, asc, eq, inArray } from "drizzle-orm";

export interface BudgetWrite {
  companyId: number;
  orderId: number;
  userId: number;
  notes: string | null;
  lines: readonly BudgetLineInput[];
}

export type BudgetWriteResult =
  | { ok: true; id: number; correlative_id: number; total: number; order_correlative_id: number }
  | { ok: false; problem: "order" | "product" | "status" };

/** Writes the budget, its lines and its first status change; nothing when a check fails. */
export async function writeBudget(db: Db, w: BudgetWrite): Promise<BudgetWriteResult> {
  const [order] = await db
    .select({ correlative_id: orders.correlativeId })
    .from(orders)
    .where(and(eq(orders.companyId, w.companyId), eq(orders.id, w.orderId)));
  if (!order) return { ok: false, problem: "order" };
  // The first budget status in the company's order, preferring one that is not final.
  const [status] = await db
    .select({ id: statuses.id })
    .from(statuses)
    .where(and(eq(statuses.companyId, w.companyId), eq(statuses.type, "Budget")))
    .orderBy(asc(statuses.finish), asc(statuses.position), asc(statuses.id))
    .limit(1);
  if (!status) return { ok: false, problem: "status" };
  const rows = await budgetLineRows(db, w.companyId, w.lines);
  if (!rows) return { ok: false, problem: "product" };
  const [budget] = await db
    .insert(budgets)
    .values({
      companyId: w.companyId,
      orderId: w.orderId,
      statusId: status.id,
      createdBy: w.userId,
      notes: w.notes || null,
    })
    .returning({ id: budgets.id, correlativeId: budgets.correlativeId });
  if (!budget) throw new Error("budget insert returned nothing");
  await db.insert(budgetLines).values(rows.map((row, position) => ({ ...row, budgetId: budget.id, position })));
  await db.insert(budgetStatusChanges).values({
    companyId: w.companyId,
    budgetId: budget.id,
    fromStatusId: null,
    toStatusId: status.id,
    userId: w.userId,
  });
  const [row] = await db.select({ total: budgets.total }).from(budgets).where(eq(budgets.id, budget.id));
  return {
    ok: true,
    id: budget.id,
    correlative_id: budget.correlativeId,
    total: row?.total ?? 0,
    order_correlative_id: order.correlative_id,
  };
}

/**
 * Budget lines as rows to insert or update (without budget and position): a catalogue product's name is the
 * description unless one is given. Null when a product is not the company's.
 */
export async function budgetLineRows(db: Db, companyId: number, lines: readonly BudgetLineInput[]) {
  const productIds = [...new Set(lines.flatMap((l) => (l.product_id ? [l.product_id] : [])))];
  const names = new Map(
    productIds.length
      ? (
          await db
            .select({ id: products.id, name: products.name })
            .from(products)
            .where(and(eq(products.companyId, companyId), inArray(products.id, productIds)))
        ).map((p) => [p.id, p.name])
      : [],
  );
  if (names.size !== productIds.length) return null;
  return lines.map((l) => ({
    companyId,
    productId: l.product_id ?? null,
    description: l.description || (l.product_id ? (names.get(l.product_id) ?? "") : ""),
    quantity: l.quantity,
    unitPrice: l.unit_price,
    discount: l.discount,
  }));
}

/**
 * The answer to a budget writeBudget refused; a missing order is named in the company's words
 * ('Reparación inexistente').
 */
export async function budgetWriteError(db: Db, companyId: number, problem: "order" | "product" | "status") {
  if (problem === "order") return { code: "NOT_FOUND" as const, message: await termNotFound(db, companyId, "order") };
  return BUDGET_WRITE_ERRORS[problem];
}
