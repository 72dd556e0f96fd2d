// The stock guarantees (issue 25 section 3) against a real database: 200 concurrent consumptions of 50 units leave
// exactly 0 with exactly 50 movements; two consumptions of the last unit: one passes, the other is refused in
// Spanish and its transaction leaves nothing behind; the balance always equals the sum of its movements; receipts
// move the average cost; counts and transfers record their reason; negative stock only when the company allows it.
import { INVENTORY_TEXTS } from "@taller/core";
import { companies, queryRows, stockBalances } from "@taller/db";
import { createCallerFactory, TRPCError, withTransaction } from "@taller/trpc";
import { callFailure, useSeededApp } from "@taller/trpc/testing";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { inventoryRouter, moveStock, type StockChange } from "../src";
import { receivedAverage } from "../src/write/stock";

const app = useSeededApp();
const createCaller = createCallerFactory(inventoryRouter);
const admin = async () => createCaller(await app.staff("admin@taller.demo"));
const demo = () => app.fx().demo;
const ctx = () => ({ db: app.db(), bus: app.bus() });
const who = () => ({ companyId: demo().companyId, userId: null });

let codes = 0;
/** A fresh product of the demo company (no stock). */
async function newProduct(): Promise<number> {
  const caller = await admin();
  codes += 1;
  const { id } = await caller.products.create({
    code: `TST-${codes}`,
    name: `Prueba ${codes}`,
    price: 1000,
    buy_price: 500,
  });
  return id;
}

const move = (productId: number, quantity: number, extra: Partial<StockChange> = {}) =>
  withTransaction(ctx(), (tx) =>
    moveStock(tx, who(), [
      {
        productId,
        warehouseId: demo().warehouseIds[0] as number,
        kind: quantity > 0 ? "receipt" : "consumption",
        quantity,
        ...extra,
      },
    ]),
  );

async function ledger(productId: number) {
  const [row] = await queryRows<{ balance: number; movements: number; sum: number; consumptions: number }>(
    app.db(),
    sql`SELECT (SELECT coalesce(sum(quantity), 0)::int FROM stock_balances WHERE product_id = ${productId}) AS balance,
               (SELECT count(*)::int FROM stock_movements WHERE product_id = ${productId}) AS movements,
               (SELECT coalesce(sum(quantity), 0)::int FROM stock_movements WHERE product_id = ${productId}) AS sum,
               (SELECT count(*)::int FROM stock_movements WHERE product_id = ${productId} AND kind = 'consumption') AS consumptions`,
  );
  return row as { balance: number; movements: number; sum: number; consumptions: number };
}

describe("stock under concurrency", () => {
  it("200 concurrent consumptions of 50 units: exactly 50 pass, 0 left, balance = sum of movements", async () => {
    const productId = await newProduct();
    await move(productId, 50, { unitCost: 1000 });
    const results = await Promise.allSettled(Array.from({ length: 200 }, () => move(productId, -1)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(50);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(refused).toHaveLength(150);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(TRPCError);
      expect((r.reason as TRPCError).message).toBe(
        INVENTORY_TEXTS.notEnoughStock(`TST-${codes}`, "Bodega principal", 0),
      );
    }
    const l = await ledger(productId);
    expect(l).toEqual({ balance: 0, movements: 51, sum: 0, consumptions: 50 });
  }, 60_000);

  it("two consumptions of the last unit: one passes, the other is refused and writes nothing", async () => {
    // Created first, so it comes first in the write module's (product, warehouse) order.
    const plenty = await newProduct();
    const contested = await newProduct();
    await move(contested, 1, { unitCost: 100 });
    await move(plenty, 10, { unitCost: 100 });
    const warehouseId = demo().warehouseIds[0] as number;
    // Each takes a unit of `plenty` first: the refused one's must be rolled back with it.
    const consume = () =>
      withTransaction(ctx(), (tx) =>
        moveStock(tx, who(), [
          { productId: plenty, warehouseId, kind: "consumption", quantity: -1 },
          { productId: contested, warehouseId, kind: "consumption", quantity: -1 },
        ]),
      );
    const results = await Promise.allSettled([consume(), consume()]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    expect((refused?.reason as TRPCError).code).toBe("CONFLICT");
    expect((refused?.reason as TRPCError).message).toMatch(
      /^Stock insuficiente de TST-\d+ en Bodega principal: hay 0$/,
    );
    expect(await ledger(contested)).toEqual({ balance: 0, movements: 2, sum: 0, consumptions: 1 });
    expect(await ledger(plenty)).toEqual({ balance: 9, movements: 2, sum: 9, consumptions: 1 });
  });

  it("goes below zero only when the company allows negative stock", async () => {
    const productId = await newProduct();
    await expect(move(productId, -2)).rejects.toThrow("Stock insuficiente");
    expect(await ledger(productId)).toMatchObject({ balance: 0, movements: 0 });
    await app
      .db()
      .update(companies)
      .set({ preferences: sql`${companies.preferences} || '{"allow_negative_stock": true}'::jsonb` })
      .where(eq(companies.id, demo().companyId));
    try {
      await move(productId, -2);
      expect(await ledger(productId)).toMatchObject({ balance: -2, movements: 1, sum: -2 });
    } finally {
      await app
        .db()
        .update(companies)
        .set({ preferences: sql`${companies.preferences} - 'allow_negative_stock'` })
        .where(eq(companies.id, demo().companyId));
    }
  });
});

describe("average cost, counts and transfers", () => {
  it("moves the average cost on each receipt and records decreases at it", async () => {
    const productId = await newProduct();
    await move(productId, 10, { unitCost: 1000 });
    await move(productId, 30, { unitCost: 2000 });
    const [balance] = await app
      .db()
      .select({ quantity: stockBalances.quantity, averageCost: stockBalances.averageCost })
      .from(stockBalances)
      .where(
        and(eq(stockBalances.productId, productId), eq(stockBalances.warehouseId, demo().warehouseIds[0] as number)),
      );
    // (10 × 1000 + 30 × 2000) / 40
    expect(balance).toEqual({ quantity: 40, averageCost: 1750 });
    const [consumed] = await move(productId, -5);
    const caller = await admin();
    const page = await caller.products.movements({ product_id: productId });
    expect(page.movements[0]).toMatchObject({
      id: consumed?.movementId,
      quantity: -5,
      unit_cost: 1750,
      balance_after: 35,
    });
  });

  it("one call of many lines: several on one balance follow each other, one statement set whatever their number", async () => {
    const productId = await newProduct();
    const warehouseId = demo().warehouseIds[0] as number;
    const moved = await withTransaction(ctx(), (tx) =>
      moveStock(tx, who(), [
        { productId, warehouseId, kind: "receipt", quantity: 4, unitCost: 100 },
        { productId, warehouseId, kind: "receipt", quantity: 4, unitCost: 300 },
        { productId, warehouseId, kind: "consumption", quantity: -3 },
      ]),
    );
    expect(moved.map((m) => m.balance)).toEqual([4, 8, 5]);
    const { movements } = await (await admin()).products.movements({ product_id: productId });
    expect(movements.map((m) => [m.quantity, m.unit_cost, m.balance_after])).toEqual([
      [-3, 200, 5],
      [4, 300, 8],
      [4, 100, 4],
    ]);
    expect(await ledger(productId)).toMatchObject({ balance: 5, sum: 5, movements: 3 });
  });

  it("averages exactly, rounding half up, even past 2^53", () => {
    expect(receivedAverage(0, 999, 5, 120)).toBe(120);
    expect(receivedAverage(-3, 999, 5, 120)).toBe(120);
    expect(receivedAverage(1, 100, 1, 101)).toBe(101);
    expect(receivedAverage(2, 100, 1, 101)).toBe(100);
    expect(receivedAverage(1_000_000_000, 1_000_000_000, 1, 0)).toBe(999_999_999);
  });

  it("counts and transfers with a reason; a transfer beyond the stock is refused whole", async () => {
    const productId = await newProduct();
    const [main, workshop] = demo().warehouseIds as [number, number];
    const caller = await admin();
    await move(productId, 10, { unitCost: 300 });
    await caller.adjustStock({
      kind: "count",
      product_id: productId,
      warehouse_id: main,
      quantity: 8,
      reason: "Conteo mensual",
    });
    await caller.adjustStock({
      kind: "transfer",
      product_id: productId,
      warehouse_id: main,
      to_warehouse_id: workshop,
      quantity: 3,
      reason: "Para el taller",
    });
    const failure = await callFailure(
      caller.adjustStock({
        kind: "transfer",
        product_id: productId,
        warehouse_id: main,
        to_warehouse_id: workshop,
        quantity: 6,
        reason: "x",
      }),
    );
    expect(failure).toMatchObject({
      code: "CONFLICT",
      message: `Stock insuficiente de TST-${codes} en Bodega principal: hay 5`,
    });
    const product = await caller.products.get({ id: productId });
    expect(product.total).toBe(8);
    expect(product.stock.find((s) => s.warehouse_id === workshop)).toMatchObject({ quantity: 3, average_cost: 300 });
    const { movements } = await caller.products.movements({ product_id: productId });
    expect(movements.map((m) => [m.kind, m.quantity, m.reason])).toEqual([
      ["transfer_in", 3, "Para el taller"],
      ["transfer_out", -3, "Para el taller"],
      ["count", -2, "Conteo mensual"],
      ["receipt", 10, ""],
    ]);
    expect(await ledger(productId)).toMatchObject({ balance: 8, sum: 8 });
    // A count that matches writes no movement.
    await caller.adjustStock({
      kind: "count",
      product_id: productId,
      warehouse_id: workshop,
      quantity: 3,
      reason: "Igual",
    });
    expect(await ledger(productId)).toMatchObject({ movements: 4 });
  });
});
