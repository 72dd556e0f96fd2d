// The budgets' demo data: about half the orders have a budget (some two, the last one counts on the orders list),
// each with one to four lines from the catalogue or free text, some discounted. Totals are the database's (the
// budget_lines trigger); numbers come from the numbering trigger. Its own random stream: the rest stays as it was.
import { budgetLines, budgets, budgetStatusChanges } from "../schema";
import type { Db } from "../client";
import { createRandom } from "./random";

const FREE_TEXT = [
  "Mano de obra",
  "Diagnóstico computacional",
  "Alineación y balanceo",
  "Revisión de suspensión",
] as const;

export async function seedBudgets(
  db: Db,
  opts: {
    companyId: number;
    seed: number;
    orderIds: readonly number[];
    budgetStatusIds: readonly number[];
    userIds: readonly number[];
    products: readonly { id: number; name: string; price: number }[];
  },
): Promise<number[]> {
  const r = createRandom(opts.seed);
  const values = opts.orderIds.flatMap((orderId, i) =>
    Array.from({ length: i % 2 === 0 ? (i % 6 === 0 ? 2 : 1) : 0 }, () => ({
      companyId: opts.companyId,
      orderId,
      statusId: r.pick(opts.budgetStatusIds),
      createdBy: opts.userIds.length ? r.pick(opts.userIds) : null,
    })),
  );
  if (!values.length) return [];
  const rows = await db
    .insert(budgets)
    .values(values)
    .returning({ id: budgets.id, statusId: budgets.statusId, createdBy: budgets.createdBy });
  const lines = rows.flatMap((b) =>
    Array.from({ length: r.int(1, 4) }, (_, position) => {
      const product = opts.products.length && r.chance(0.7) ? r.pick(opts.products) : null;
      const quantity = product ? r.int(1, 4) : 1;
      const unitPrice = product ? product.price : r.int(2, 12) * 5_000;
      return {
        companyId: opts.companyId,
        budgetId: b.id,
        productId: product?.id ?? null,
        description: product?.name ?? r.pick(FREE_TEXT),
        quantity,
        unitPrice,
        discount: r.chance(0.2) ? Math.floor((quantity * unitPrice) / 10) : 0,
        position,
      };
    }),
  );
  await db.insert(budgetLines).values(lines);
  await db.insert(budgetStatusChanges).values(
    rows.map((b) => ({
      companyId: opts.companyId,
      budgetId: b.id,
      fromStatusId: null,
      toStatusId: b.statusId,
      userId: b.createdBy,
    })),
  );
  return rows.map((b) => b.id);
}
