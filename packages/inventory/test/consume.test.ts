// Consumption for an order or a booking (inventory.consumption.*): the products leave the warehouse through the write
// module, linked to the document; a line the warehouse cannot cover refuses the whole; another company's order, or one
// an own-only user does not own, is not found.
import { INVENTORY_TEXTS } from "@taller/core";
import { orders, queryRows, rolePermissions, roles, users } from "@taller/db";
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

describe("inventory.consumption.consume", () => {
  it("takes the products out of the warehouse for the order, and the order lists what it consumed", async () => {
    const admin = await callerFor("admin@taller.demo");
    const orderId = demo().orderIds[0] as number;
    const warehouseId = demo().warehouseIds[0] as number;
    const oil = demo().productIds["ACE-5W30"] as number;
    const before = await stockOf(oil, warehouseId);
    const { movement_ids } = await admin.consumption.consume({
      document_type: "Order",
      document_id: orderId,
      warehouse_id: warehouseId,
      lines: [{ product_id: oil, quantity: 3 }],
      reason: "Cambio de aceite",
    });
    expect(movement_ids).toHaveLength(1);
    expect(await stockOf(oil, warehouseId)).toBe(before - 3);
    const lines = await admin.consumption.list({ document_type: "Order", document_id: orderId });
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
      admin.consumption.consume({
        document_type: "Order",
        document_id: orderId,
        warehouse_id: warehouseId,
        lines: [
          { product_id: oil, quantity: 1 },
          { product_id: other as number, quantity: 1_000_000 },
        ],
      }),
    );
    expect(failure).toMatchObject({ code: "CONFLICT", message: expect.stringMatching(/^Stock insuficiente de /) });
    expect(await stockOf(oil, warehouseId)).toBe(before);
    expect(await admin.consumption.list({ document_type: "Order", document_id: orderId })).toEqual([]);
  });

  it("does not find another company's order, warehouse or product", async () => {
    const admin = await callerFor("admin@taller.demo");
    const line = { product_id: demo().productIds["ACE-5W30"] as number, quantity: 1 };
    const base = {
      document_type: "Order" as const,
      document_id: demo().orderIds[2] as number,
      warehouse_id: demo().warehouseIds[0] as number,
    };
    const other = app.fx().other;
    expect(
      await callFailure(
        admin.consumption.consume({ ...base, document_id: other.orderIds[0] as number, lines: [line] }),
      ),
      // Another company's order is named in this company's words.
    ).toMatchObject({ code: "NOT_FOUND", message: "Orden de Trabajo inexistente" });
    expect(
      await callFailure(
        admin.consumption.consume({ ...base, warehouse_id: other.warehouseIds[0] as number, lines: [line] }),
      ),
    ).toMatchObject({ code: "NOT_FOUND", fields: { warehouse_id: [INVENTORY_TEXTS.warehouseNotFound] } });
    expect(
      await callFailure(
        admin.consumption.consume({
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
      document_type: "Order" as const,
      document_id: notHis!.id,
      warehouse_id: demo().warehouseIds[0] as number,
      lines: [{ product_id: demo().productIds["ACE-5W30"] as number, quantity: 1 }],
    };
    expect(await callFailure(caller.consumption.consume(input))).toMatchObject({ code: "NOT_FOUND" });
    expect(
      await callFailure(caller.consumption.list({ document_type: "Order", document_id: notHis!.id })),
    ).toMatchObject({ code: "NOT_FOUND" });
    await db.update(orders).set({ assigneeId: user!.id }).where(eq(orders.id, notHis!.id));
    await expect(caller.consumption.consume(input)).resolves.toMatchObject({ movement_ids: [expect.any(Number)] });
    expect(await caller.consumption.list({ document_type: "Order", document_id: notHis!.id })).toHaveLength(1);
  });

  it("consumes for a booking: its movements name it, and the booking lists them", async () => {
    const admin = await callerFor("admin@taller.demo");
    const bookingId = demo().bookingIds[0] as number;
    const warehouseId = demo().warehouseIds[0] as number;
    const oil = demo().productIds["ACE-5W30"] as number;
    const { movement_ids } = await admin.consumption.consume({
      document_type: "Booking",
      document_id: bookingId,
      warehouse_id: warehouseId,
      lines: [{ product_id: oil, quantity: 1 }],
    });
    expect(await admin.consumption.list({ document_type: "Booking", document_id: bookingId })).toEqual([
      expect.objectContaining({ movement_id: movement_ids[0], product_id: oil, quantity: 1 }),
    ]);
    const { movements } = await admin.products.movements({ product_id: oil });
    expect(movements[0]).toMatchObject({ document_type: "Booking", document_id: bookingId });
    const { usage } = await admin.products.usage({ product_id: oil });
    expect(usage[0]).toMatchObject({ type: "booking", document_id: bookingId, number: bookingId, quantity: 1 });
    const other = app.fx().other;
    expect(
      await callFailure(
        admin.consumption.list({ document_type: "Booking", document_id: other.bookingIds[0] as number }),
      ),
    ).toMatchObject({ code: "NOT_FOUND", message: "Reserva no encontrada" });
  });
});

describe("inventory.consumption.suggestions", () => {
  it("offers the requirement's list and each approved or open budget's product lines, summed per product", async () => {
    const db = app.db();
    const admin = await callerFor("admin@taller.demo");
    const [withBoth] = await queryRows<{ order_id: number; requirement_id: number; budget_id: number }>(
      db,
      sql`SELECT o.id AS order_id, o.requirement_id, b.id AS budget_id FROM orders o
          JOIN budgets b ON b.company_id = o.company_id AND b.order_id = o.id
          JOIN statuses s ON s.company_id = b.company_id AND s.id = b.status_id
          WHERE o.company_id = ${demo().companyId} AND s.approve
            AND EXISTS (SELECT 1 FROM requirement_products rp WHERE rp.requirement_id = o.requirement_id)
            AND EXISTS (SELECT 1 FROM budget_lines l WHERE l.budget_id = b.id AND l.product_id IS NOT NULL)
          ORDER BY o.id LIMIT 1`,
    );
    const expected = await queryRows<{ kind: string; product_id: number; quantity: number }>(
      db,
      sql`SELECT 'requirement' AS kind, product_id, quantity FROM requirement_products
          WHERE requirement_id = ${withBoth!.requirement_id}
          UNION ALL
          SELECT 'budget', product_id, sum(quantity)::int FROM budget_lines
          WHERE budget_id = ${withBoth!.budget_id} AND product_id IS NOT NULL GROUP BY product_id`,
    );
    const sources = await admin.consumption.suggestions({ document_type: "Order", document_id: withBoth!.order_id });
    const requirement = sources.find((s) => s.kind === "requirement");
    const budget = sources.find((s) => s.kind === "budget" && s.id === withBoth!.budget_id);
    const lines = (kind: string) =>
      expected
        .filter((e) => e.kind === kind)
        .map((e) => [e.product_id, e.quantity])
        .sort();
    expect(requirement?.lines.map((l) => [l.product_id, l.quantity]).sort()).toEqual(lines("requirement"));
    expect(budget?.lines.map((l) => [l.product_id, l.quantity]).sort()).toEqual(lines("budget"));
    expect(budget?.name).toMatch(/^#\d+ · /);
    expect(budget?.approved).toBe(true);
    // Refused (a finished status not marked as approval), the budget is no longer offered.
    const refuse = (to: string) =>
      db.execute(sql`UPDATE budgets b SET status_id = s.id FROM statuses s
                      WHERE b.id = ${withBoth!.budget_id} AND s.company_id = b.company_id AND s.type = 'Budget'
                        AND s.name = ${to}`);
    await refuse("Rechazado");
    const refused = await admin.consumption.suggestions({ document_type: "Order", document_id: withBoth!.order_id });
    expect(refused.some((s) => s.kind === "budget" && s.id === withBoth!.budget_id)).toBe(false);
    await refuse("Aprobado");
    // Another company's order is not found.
    expect(
      await callFailure(
        admin.consumption.suggestions({ document_type: "Order", document_id: app.fx().other.orderIds[0] as number }),
      ),
    ).toMatchObject({ code: "NOT_FOUND" });
  });
});
