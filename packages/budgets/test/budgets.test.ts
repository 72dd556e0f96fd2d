// The budgets procedures through the router's caller against a seeded database (Taller Demo has budgets with lines
// on about half its orders: db/src/seed/budgets.ts).
import { BUDGET_TEXTS } from "@taller/core";
import { budgetLines, budgets, queryRows } from "@taller/db";
import { createCallerFactory, TRPCError } from "@taller/trpc";
import { allPages, useSeededApp } from "@taller/trpc/testing";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { budgetsRouter } from "../src";

const createCaller = createCallerFactory(budgetsRouter);
const app = useSeededApp();
const callerFor = async (email: string) => createCaller(await app.staff(email));
const admin = () => callerFor("admin@taller.demo");

async function failure(call: Promise<unknown>): Promise<TRPCError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

const totalOf = async (id: number) => (await app.db().select({ total: budgets.total }).from(budgets).where(eq(budgets.id, id)))[0]?.total;

describe("totals kept by the database", () => {
  it("the seeded budgets' totals are the sums of their lines", async () => {
    const rows = await queryRows<{ id: number; total: number; sum: number }>(
      app.db(),
      sql`SELECT b.id, b.total, coalesce(sum(l.total), 0)::int AS sum FROM budgets b LEFT JOIN budget_lines l ON l.budget_id = b.id GROUP BY b.id`,
    );
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((r) => r.total !== r.sum)).toEqual([]);
  });

  it("follows lines inserted, changed and removed, whoever writes them", async () => {
    const c = await admin();
    const fx = app.fx();
    const created = await c.create({
      order_id: fx.demo.orderIds[1] ?? 0,
      lines: [
        { description: "Mano de obra", quantity: 2, unit_price: 15_000, discount: 1_000 },
        { product_id: fx.demo.productIds["FIL-ACE"], quantity: 1, unit_price: 6_490, discount: 0 },
      ],
    });
    expect(created.total).toBe(2 * 15_000 - 1_000 + 6_490);
    expect(await totalOf(created.id)).toBe(created.total);
    const lines = await app.db().select().from(budgetLines).where(eq(budgetLines.budgetId, created.id));
    expect(lines.find((l) => l.productId !== null)?.description).toBe("Filtro de aceite");
    await app.db().update(budgetLines).set({ quantity: 3 }).where(eq(budgetLines.budgetId, created.id));
    expect(await totalOf(created.id)).toBe(3 * 15_000 - 1_000 + 3 * 6_490);
    await app.db().delete(budgetLines).where(eq(budgetLines.description, "Mano de obra"));
    expect(await totalOf(created.id)).toBe(3 * 6_490);
    await app.db().delete(budgetLines).where(eq(budgetLines.budgetId, created.id));
    expect(await totalOf(created.id)).toBe(0);
  });

  it("refuses a discount larger than the line and a total written by hand that goes negative", async () => {
    const [b] = await app.db().select({ id: budgets.id, companyId: budgets.companyId }).from(budgets).limit(1);
    if (!b) throw new Error("no budget");
    await expect(
      app.db().insert(budgetLines).values({ companyId: b.companyId, budgetId: b.id, description: "x", quantity: 1, unitPrice: 100, discount: 101 }),
    ).rejects.toThrow();
    await expect(app.db().update(budgets).set({ total: -1 }).where(eq(budgets.id, b.id))).rejects.toThrow();
  });
});

describe("create", () => {
  it("numbers concurrent budgets of a company one after the other, without gaps or repeats", async () => {
    const c = await admin();
    const fx = app.fx();
    const [before] = await queryRows<{ max: number }>(app.db(), sql`SELECT max(correlative_id)::int AS max FROM budgets WHERE company_id = ${fx.demo.companyId}`);
    const made = await Promise.all(
      Array.from({ length: 8 }, (_, i) => c.create({ order_id: fx.demo.orderIds[i] ?? 0, lines: [{ description: `Trabajo ${i}`, quantity: 1, unit_price: 1_000 * (i + 1), discount: 0 }] })),
    );
    const numbers = made.map((m) => m.correlative_id).sort((a, b) => a - b);
    const start = (before?.max ?? 0) + 1;
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => start + i));
    // The other company's numbering is its own.
    const other = await callerFor("admin@otro.demo");
    const theirs = await other.create({ order_id: fx.other.orderIds[0] ?? 0, lines: [{ description: "Revisión", quantity: 1, unit_price: 5_000, discount: 0 }] });
    const [theirMax] = await queryRows<{ max: number }>(app.db(), sql`SELECT max(correlative_id)::int AS max FROM budgets WHERE company_id = ${fx.other.companyId} AND id <> ${theirs.id}`);
    expect(theirs.correlative_id).toBe((theirMax?.max ?? 0) + 1);
  });

  it("points the order at its new budget (the orders list's last budget status)", async () => {
    const c = await admin();
    const orderId = app.fx().demo.orderIds[3] ?? 0;
    const made = await c.create({ order_id: orderId, lines: [{ description: "Pintura", quantity: 1, unit_price: 50_000, discount: 0 }] });
    const [o] = await queryRows<{ last_budget_id: number }>(app.db(), sql`SELECT last_budget_id FROM orders WHERE id = ${orderId}`);
    expect(o?.last_budget_id).toBe(made.id);
  });

  it("answers bad input in Spanish on the field", async () => {
    const c = await admin();
    const fx = app.fx();
    const order_id = fx.demo.orderIds[0] ?? 0;
    const noLines = await failure(c.create({ order_id, lines: [] }));
    expect(noLines.code).toBe("BAD_REQUEST");
    expect(noLines.message).toContain(BUDGET_TEXTS.noLines);
    const discount = await failure(c.create({ order_id, lines: [{ description: "x", quantity: 1, unit_price: 100, discount: 200 }] }));
    expect(discount.message).toContain("El descuento no puede superar el monto de la línea");
    const foreignOrder = await failure(c.create({ order_id: fx.other.orderIds[0] ?? 0, lines: [{ description: "x", quantity: 1, unit_price: 1, discount: 0 }] }));
    expect(foreignOrder.code).toBe("NOT_FOUND");
    expect(foreignOrder.message).toBe(BUDGET_TEXTS.orderNotFound);
    const otherProduct = await queryRows<{ id: number }>(app.db(), sql`SELECT id FROM products WHERE company_id = ${fx.other.companyId} LIMIT 1`);
    const foreignProduct = await failure(c.create({ order_id, lines: [{ product_id: otherProduct[0]?.id ?? 0, quantity: 1, unit_price: 1, discount: 0 }] }));
    expect(foreignProduct.message).toBe(BUDGET_TEXTS.productNotFound);
  });

  it("is refused without create budget", async () => {
    const c = await callerFor("tecnico@taller.demo");
    const e = await failure(c.create({ order_id: app.fx().demo.orderIds[0] ?? 0, lines: [{ description: "x", quantity: 1, unit_price: 1, discount: 0 }] }));
    expect(e.code).toBe("FORBIDDEN");
  });
});

describe("status changes", () => {
  it("moves a budget, records who did it, and refuses another type's status or a disallowed transition", async () => {
    const c = await admin();
    const fx = app.fx();
    const [draft, sent, approved] = fx.demo.statusIds.Budget;
    const made = await c.create({ order_id: fx.demo.orderIds[5] ?? 0, lines: [{ description: "Frenos", quantity: 1, unit_price: 30_000, discount: 0 }] });
    expect((await c.get({ id: made.id })).status.id).toBe(draft);
    await c.updateStatus({ id: made.id, status_id: sent ?? 0 });
    const detail = await c.get({ id: made.id });
    expect(detail.status.id).toBe(sent);
    expect(detail.status_changes.map((h) => [h.from_status_name, h.to_status_name])).toEqual([[null, "Borrador"], ["Borrador", "Enviado"]]);
    expect(detail.status_changes[1]?.user_name).toBe("Ana Administradora");
    const same = await failure(c.updateStatus({ id: made.id, status_id: sent ?? 0 }));
    expect(same.message).toBe(BUDGET_TEXTS.transitionNotAllowed);
    const orderStatus = await failure(c.updateStatus({ id: made.id, status_id: fx.demo.statusIds.Order[0] ?? 0 }));
    expect(orderStatus.message).toBe(BUDGET_TEXTS.statusNotBudget);
    // A company rule from 'Enviado' binds it: only 'Aprobado' may follow.
    await app.db().execute(sql`INSERT INTO status_transitions (company_id, from_status_id, to_status_id) VALUES (${fx.demo.companyId}, ${sent}, ${approved})`);
    const refused = await failure(c.updateStatus({ id: made.id, status_id: draft ?? 0 }));
    expect(refused.code).toBe("CONFLICT");
    await c.updateStatus({ id: made.id, status_id: approved ?? 0 });
    expect((await c.get({ id: made.id })).status.id).toBe(approved);
  });
});

describe("list", () => {
  it("pages every budget once, newest first, and filters by status and search", async () => {
    const c = await admin();
    const pages = await allPages((cursor) => c.list({ cursor }));
    const all = pages.flatMap((p) => p.budgets);
    const [count] = await queryRows<{ n: number }>(app.db(), sql`SELECT count(*)::int AS n FROM budgets WHERE company_id = ${app.fx().demo.companyId}`);
    expect(all.length).toBe(count?.n);
    expect(pages[0]?.total).toBe(count?.n);
    expect(new Set(all.map((b) => b.id)).size).toBe(all.length);
    const numbers = all.map((b) => b.correlative_id);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    const status = app.fx().demo.statusIds.Budget[1] ?? 0;
    const filtered = await allPages((cursor) => c.list({ status_ids: [status], cursor }));
    expect(filtered.flatMap((p) => p.budgets).every((b) => b.status.id === status)).toBe(true);
    expect(filtered[0]?.total).toBe(all.filter((b) => b.status.id === status).length);
    const first = all[all.length - 1];
    const found = await c.list({ search: first?.identifier ?? "" });
    expect(found.budgets.map((b) => b.id)).toContain(first?.id);
    expect((await c.list({ status_ids: [] })).budgets).toEqual([]);
  });

  it("searches the products for the form", async () => {
    const c = await admin();
    const found = await c.products({ search: "filtro" });
    expect(found.map((p) => p.code).sort()).toEqual(["FIL-ACE", "FIL-AIR", "FIL-POL"]);
    expect(await c.products({ search: "%" })).toEqual([]);
  });
});
