// An order's consumption (inventory.orders.consume / consumption): the products leave the warehouse through the write
// module, linked to the order; a line the warehouse cannot cover refuses the whole; another company's order, or one
// an own-only user does not own, is not found.
import { INVENTORY_TEXTS } from "@taller/core";
import { orders, rolePermissions, roles, users } from "@taller/db";
import { createCallerFactory } from "@taller/trpc";
import { callFailure, useSeededApp } from "@taller/trpc/testing";
import { and, eq, isNull, ne, or, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { inventoryRouter } from "../src";

const app = useSeededApp();
const createCaller = createCallerFactory(inventoryRouter);
const callerFor = async (email: string) => createCaller(await app.staff(email));
const demo = () => app.fx().demo;

const stockOf = async (productId: number, warehouseId: number) => {
  const { stock } = await (await callerFor("admin@taller.demo")).products.get({ id: productId });
  return stock.find((s) => s.warehouse_id === warehouseId)?.quantity ?? 0;
};

describe("inventory.orders.consume", () => {
  it("takes the products out of the warehouse for the order, and the order lists what it consumed", async () => {
    const admin = await callerFor("admin@taller.demo");
    const orderId = demo().orderIds[0] as number;
    const warehouseId = demo().warehouseIds[0] as number;
    const oil = demo().productIds["ACE-5W30"] as number;
    const before = await stockOf(oil, warehouseId);
    const { movement_ids } = await admin.orders.consume({
      order_id: orderId,
      warehouse_id: warehouseId,
      lines: [{ product_id: oil, quantity: 3 }],
      reason: "Cambio de aceite",
    });
    expect(movement_ids).toHaveLength(1);
    expect(await stockOf(oil, warehouseId)).toBe(before - 3);
    const lines = await admin.orders.consumption({ order_id: orderId });
    expect(lines).toEqual([
      expect.objectContaining({ movement_id: movement_ids[0], product_id: oil, code: "ACE-5W30", quantity: 3 }),
    ]);
    const { movements } = await admin.products.movements({ product_id: oil });
    expect(movements[0]).toMatchObject({
      kind: "consumption",
      quantity: -3,
      document_type: "Order",
      document_id: orderId,
    });
  });

  it("refuses the whole when one line is not covered: nothing is written", async () => {
    const admin = await callerFor("admin@taller.demo");
    const orderId = demo().orderIds[1] as number;
    const warehouseId = demo().warehouseIds[0] as number;
    const oil = demo().productIds["ACE-5W30"] as number;
    const [other] = Object.values(demo().productIds).filter((id) => id !== oil);
    const before = await stockOf(oil, warehouseId);
    const failure = await callFailure(
      admin.orders.consume({
        order_id: orderId,
        warehouse_id: warehouseId,
        lines: [
          { product_id: oil, quantity: 1 },
          { product_id: other as number, quantity: 1_000_000 },
        ],
      }),
    );
    expect(failure).toMatchObject({ code: "CONFLICT", message: expect.stringMatching(/^Stock insuficiente de /) });
    expect(await stockOf(oil, warehouseId)).toBe(before);
    expect(await admin.orders.consumption({ order_id: orderId })).toEqual([]);
  });

  it("does not find another company's order, warehouse or product", async () => {
    const admin = await callerFor("admin@taller.demo");
    const line = { product_id: demo().productIds["ACE-5W30"] as number, quantity: 1 };
    const base = { order_id: demo().orderIds[2] as number, warehouse_id: demo().warehouseIds[0] as number };
    const other = app.fx().other;
    expect(
      await callFailure(admin.orders.consume({ ...base, order_id: other.orderIds[0] as number, lines: [line] })),
      // Another company's order is named in this company's words.
    ).toMatchObject({ code: "NOT_FOUND", message: "Orden de Trabajo inexistente" });
    expect(
      await callFailure(
        admin.orders.consume({ ...base, warehouse_id: other.warehouseIds[0] as number, lines: [line] }),
      ),
    ).toMatchObject({ code: "NOT_FOUND", fields: { warehouse_id: [INVENTORY_TEXTS.warehouseNotFound] } });
    expect(
      await callFailure(
        admin.orders.consume({
          ...base,
          lines: [{ ...line, product_id: Object.values(other.productIds)[0] as number }],
        }),
      ),
    ).toMatchObject({ code: "NOT_FOUND", fields: { lines: [INVENTORY_TEXTS.productNotFound] } });
  });

  it("lets a user limited to his own orders consume for his orders only", async () => {
    const db = app.db();
    const companyId = demo().companyId;
    const [role] = await db.insert(roles).values({ companyId, name: "Bodega propia" }).returning();
    await db.insert(rolePermissions).values([
      { roleId: role!.id, action: "read", resource: "check_in", restrictedToOwn: true },
      { roleId: role!.id, action: "read", resource: "inventory_action" },
      { roleId: role!.id, action: "create", resource: "inventory_action" },
    ]);
    const [user] = await db
      .insert(users)
      .values({ companyId, roleId: role!.id, name: "Bea Bodega", email: "bodega@taller.demo", passwordHash: "x" })
      .returning();
    const [notHis] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.companyId, companyId),
          or(isNull(orders.userId), ne(orders.userId, user!.id)),
          or(isNull(orders.assigneeId), ne(orders.assigneeId, user!.id)),
          // One that nothing was consumed for yet (the tests before consumed for some).
          sql`NOT EXISTS (SELECT 1 FROM stock_movements m WHERE m.document_type = 'Order' AND m.document_id = ${orders.id})`,
        ),
      )
      .limit(1);
    const caller = await callerFor("bodega@taller.demo");
    const input = {
      order_id: notHis!.id,
      warehouse_id: demo().warehouseIds[0] as number,
      lines: [{ product_id: demo().productIds["ACE-5W30"] as number, quantity: 1 }],
    };
    expect(await callFailure(caller.orders.consume(input))).toMatchObject({ code: "NOT_FOUND" });
    expect(await callFailure(caller.orders.consumption({ order_id: notHis!.id }))).toMatchObject({ code: "NOT_FOUND" });
    await db.update(orders).set({ assigneeId: user!.id }).where(eq(orders.id, notHis!.id));
    await expect(caller.orders.consume(input)).resolves.toMatchObject({ movement_ids: [expect.any(Number)] });
    expect(await caller.orders.consumption({ order_id: notHis!.id })).toHaveLength(1);
  });
});
