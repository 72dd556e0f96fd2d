// A buy order's receipts (issue 25 section 2): partial per line into chosen warehouses at the line's price, the
// received quantities kept, more than ordered refused on the field in Spanish, a repeated submit received once, two
// receipts of the same last units at once: one wins. Also the actions' list and page.
import { PROVIDER_TEXTS } from "@taller/core";
import { queryRows, rolePermissions, roles, users } from "@taller/db";
import { createCallerFactory } from "@taller/trpc";
import { callFailure, useSeededApp } from "@taller/trpc/testing";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { inventoryRouter } from "@taller/inventory";
import { providerRouter } from "../src";

const app = useSeededApp();
const admin = async (email = "admin@taller.demo") => createCallerFactory(providerRouter)(await app.staff(email));
const inventory = async () => createCallerFactory(inventoryRouter)(await app.staff("admin@taller.demo"));
const demo = () => app.fx().demo;
const warehouse = (i: number) => demo().warehouseIds[i] as number;

async function buyOrder(quantities: [number, number] = [5, 3]) {
  const staff = await admin();
  const { action } = await staff.create({
    kind: "buy_order",
    provider_id: demo().provider.supplierId,
    order_id: demo().orderIds[0],
    warehouse_id: warehouse(0),
    products: [
      { product_id: demo().productIds["FIL-ACE"] ?? 0, quantity: quantities[0] },
      { product_id: demo().productIds["BUJ-IRI"] ?? 0, quantity: quantities[1] },
    ],
  });
  const [a, b] = action.inventory_action_products;
  if (!a || !b) throw new Error("the buy order has two lines");
  return { staff, id: action.id, lines: [a, b] as const };
}

async function stock(productId: number, warehouseId: number) {
  const [row] = await queryRows<{ quantity: number; average_cost: number }>(
    app.db(),
    sql`SELECT quantity, average_cost FROM stock_balances WHERE product_id = ${productId} AND warehouse_id = ${warehouseId}`,
  );
  return row ?? { quantity: 0, average_cost: 0 };
}

describe("receiving a buy order", () => {
  it("receives part of it into two warehouses at each line's price, keeping what each line received", async () => {
    const { staff, id, lines } = await buyOrder();
    const [a, b] = lines;
    const before = [await stock(a.product.id, warehouse(0)), await stock(b.product.id, warehouse(1))];
    await staff.receive({
      id,
      warehouse_id: warehouse(0),
      key: randomUUID(),
      lines: [
        { line_id: a.id, quantity: 2 },
        { line_id: b.id, quantity: 0 },
      ],
    });
    await staff.receive({ id, warehouse_id: warehouse(1), key: randomUUID(), lines: [{ line_id: b.id, quantity: 3 }] });
    expect((await stock(a.product.id, warehouse(0))).quantity).toBe(before[0]!.quantity + 2);
    expect((await stock(b.product.id, warehouse(1))).quantity).toBe(before[1]!.quantity + 3);
    const page = await staff.actions.get({ id });
    expect(page.inventory_action_products.map((l) => l.received_quantity)).toEqual([2, 3]);
    expect(page.receipts.map((r) => r.lines.map((l) => [l.code, l.quantity, l.unit_cost]))).toEqual([
      [[a.product.code, 2, a.price]],
      [[b.product.code, 3, b.price]],
    ]);
    expect(page.provider.id).toBe(demo().provider.supplierId);
    expect(page.order?.id).toBe(demo().orderIds[0]);
  });

  it("refuses more than is left, on the line's field, and writes nothing", async () => {
    const { staff, id, lines } = await buyOrder();
    const [a, b] = lines;
    await staff.receive({ id, warehouse_id: warehouse(0), key: randomUUID(), lines: [{ line_id: a.id, quantity: 4 }] });
    const failed = await callFailure(
      staff.receive({
        id,
        warehouse_id: warehouse(0),
        key: randomUUID(),
        lines: [
          { line_id: b.id, quantity: 1 },
          { line_id: a.id, quantity: 2 },
        ],
      }),
    );
    expect(failed.fields["lines.1.quantity"]).toEqual([PROVIDER_TEXTS.receiveTooMuch(1)]);
    const page = await staff.actions.get({ id });
    expect(page.inventory_action_products.map((l) => l.received_quantity)).toEqual([4, 0]);
    expect(page.receipts).toHaveLength(1);
  });

  it("a repeated submit (same key) receives once", async () => {
    const { staff, id, lines } = await buyOrder();
    const input = { id, warehouse_id: warehouse(0), key: randomUUID(), lines: [{ line_id: lines[0].id, quantity: 1 }] };
    const before = await stock(lines[0].product.id, warehouse(0));
    const [first, second] = await Promise.all([staff.receive(input), staff.receive(input)]);
    expect(first.receipt_id).toBe(second.receipt_id);
    expect((await stock(lines[0].product.id, warehouse(0))).quantity).toBe(before.quantity + 1);
    expect((await staff.actions.get({ id })).inventory_action_products[0]?.received_quantity).toBe(1);
  });

  it("two receipts of the same last units at once: one wins, the other is refused", async () => {
    const { staff, id, lines } = await buyOrder([2, 1]);
    const before = await stock(lines[0].product.id, warehouse(0));
    const receipt = (w: number) =>
      staff.receive({
        id,
        warehouse_id: warehouse(w),
        key: randomUUID(),
        lines: [{ line_id: lines[0].id, quantity: 2 }],
      });
    const results = await Promise.allSettled([receipt(0), receipt(0)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((await stock(lines[0].product.id, warehouse(0))).quantity).toBe(before.quantity + 2);
    const page = await staff.actions.get({ id });
    expect(page.inventory_action_products[0]?.received_quantity).toBe(2);
    expect(page.receipts).toHaveLength(1);
  });

  it("refuses a pricing, a cancelled buy order and another company's warehouse", async () => {
    const { staff, id, lines } = await buyOrder();
    const line = [{ line_id: lines[0].id, quantity: 1 }];
    const foreign = await callFailure(
      staff.receive({ id, warehouse_id: app.fx().other.warehouseIds[0] as number, key: randomUUID(), lines: line }),
    );
    expect(foreign).toMatchObject({ code: "NOT_FOUND", fields: { warehouse_id: [PROVIDER_TEXTS.unknownWarehouse] } });
    const pricing = await callFailure(
      staff.receive({ id: demo().provider.pricingId, warehouse_id: warehouse(0), key: randomUUID(), lines: line }),
    );
    expect(pricing.fields.id).toEqual([PROVIDER_TEXTS.receiveOnlyBuyOrders]);
    await staff.setStatus({ id, status: "cancelled" });
    const cancelled = await callFailure(
      staff.receive({ id, warehouse_id: warehouse(0), key: randomUUID(), lines: line }),
    );
    expect(cancelled).toMatchObject({ code: "CONFLICT", message: PROVIDER_TEXTS.receiveCancelled });
  });
});

describe("a pricing becomes a buy order", () => {
  it("of the lines the supplier offered, at its prices, once; the pricing is accepted", async () => {
    const staff = await admin();
    const { action, link } = await staff.create({
      kind: "pricing",
      provider_id: demo().provider.supplierId,
      order_id: demo().orderIds[0],
      products: [
        { product_id: demo().productIds["FIL-ACE"] ?? 0, quantity: 3 },
        { product_id: demo().productIds["BUJ-IRI"] ?? 0, quantity: 4 },
      ],
    });
    const convert = () => staff.toBuyOrder({ id: action.id, warehouse_id: warehouse(1) });
    expect((await callFailure(convert())).message).toBe(PROVIDER_TEXTS.convertUnanswered);
    const token = new URL(link.path, "http://x").searchParams.get("access_token") ?? "";
    const supplier = createCallerFactory(providerRouter)(app.anonymous()).public;
    const [a, b] = action.inventory_action_products;
    await supplier.send({
      token,
      estimated_completion_date: "2099-01-01",
      warehouse_id: warehouse(0),
      inventory_action_products_attributes: [
        { id: a?.id ?? 0, quantity: 2, price: 4500 },
        { id: b?.id ?? 0, quantity: 4, price: null, _destroy: true },
      ],
    });
    const [first, second] = await Promise.all([convert(), convert()]);
    expect(second.id).toBe(first.id);
    const made = await staff.actions.get({ id: first.id });
    expect(made).toMatchObject({ kind: "buy_order", warehouse_id: warehouse(1), order: { id: demo().orderIds[0] } });
    expect(made.inventory_action_products.map((l) => [l.product.id, l.quantity, l.price])).toEqual([
      [a?.product.id, 2, 4500],
    ]);
    expect((await staff.actions.get({ id: action.id })).status.code).toBe("accepted");
    expect((await callFailure(staff.toBuyOrder({ id: first.id, warehouse_id: warehouse(0) }))).fields.id).toEqual([
      PROVIDER_TEXTS.convertOnlyPricings,
    ]);
  });
});

describe("the actions' list and page", () => {
  it("lists one type newest first, filters by status and finds by number or supplier", async () => {
    const { staff, id } = await buyOrder();
    const all = await staff.actions.list({ kind: "buy_order" });
    expect(all.actions[0]?.id).toBe(id);
    expect(all.actions.every((a) => a.kind === "buy_order")).toBe(true);
    const number = all.actions[0]?.correlative_id ?? 0;
    expect((await staff.actions.list({ kind: "buy_order", search: `#${number}` })).actions.map((a) => a.id)).toContain(
      id,
    );
    const supplier = all.actions[0]?.provider_name ?? "";
    expect((await staff.actions.list({ kind: "buy_order", search: supplier.toLowerCase() })).total).toBeGreaterThan(0);
    const cancelled = await staff.actions.list({ kind: "buy_order", statuses: ["cancelled"] });
    expect(cancelled.actions.every((a) => a.status === "cancelled")).toBe(true);
    expect((await staff.actions.list({ kind: "pricing" })).actions.every((a) => a.kind === "pricing")).toBe(true);
  });

  it("another company's action is not found", async () => {
    const other = await admin("admin@otro.demo");
    expect((await callFailure(other.actions.get({ id: demo().provider.buyOrderId }))).code).toBe("NOT_FOUND");
  });

  it("an own-records grant lists and opens only the actions the user asked for; no grant opens none", async () => {
    const { id } = await buyOrder();
    const [role] = await app
      .db()
      .insert(roles)
      .values({ companyId: demo().companyId, name: "Compras propias" })
      .returning({ id: roles.id });
    await app
      .db()
      .insert(rolePermissions)
      .values({ roleId: role?.id ?? 0, action: "read", resource: "inventory_action", restrictedToOwn: true });
    const [buyer] = await app
      .db()
      .insert(users)
      .values({
        companyId: demo().companyId,
        roleId: role?.id,
        name: "Comprador Propio",
        email: "compras-propias@taller.demo",
        passwordHash: "-",
      })
      .returning({ id: users.id });
    const own = await admin("compras-propias@taller.demo");
    expect((await callFailure(own.actions.get({ id }))).code).toBe("NOT_FOUND");
    expect((await own.actions.list({ kind: "buy_order" })).actions.map((a) => a.id)).not.toContain(id);
    await app.db().execute(sql`UPDATE provider_actions SET requester_id = ${buyer?.id ?? 0} WHERE id = ${id}`);
    expect((await own.actions.get({ id })).id).toBe(id);
    const listed = await own.actions.list({ kind: "buy_order" });
    expect(listed.actions.map((a) => a.id)).toEqual([id]);
    expect(listed.total).toBe(1);
    // The technician's role has no inventory grant.
    expect((await callFailure((await admin("tecnico@taller.demo")).actions.get({ id }))).code).toBe("FORBIDDEN");
  });
});

describe("where a product was used", () => {
  it("lists its buy orders (with what was received), pricings and consumptions, newest first, paged", async () => {
    const { staff, id, lines } = await buyOrder([4, 2]);
    const productId = lines[0].product.id;
    await staff.receive({
      id,
      warehouse_id: warehouse(0),
      key: randomUUID(),
      lines: [{ line_id: lines[0].id, quantity: 3 }],
    });
    const { action: pricing } = await staff.create({
      kind: "pricing",
      provider_id: demo().provider.supplierId,
      order_id: demo().orderIds[0],
      products: [{ product_id: productId, quantity: 7 }],
    });
    const inv = await inventory();
    await inv.consumption.consume({
      document_type: "Order",
      document_id: demo().orderIds[0] as number,
      warehouse_id: warehouse(0),
      reason: "Cambio",
      lines: [{ product_id: productId, quantity: 1 }],
    });
    const first = await inv.products.usage({ product_id: productId });
    expect(first.usage.slice(0, 3)).toMatchObject([
      { type: "order", document_id: demo().orderIds[0], quantity: 1, received: null },
      { type: "pricing", document_id: pricing.id, quantity: 7, received: null },
      { type: "buy_order", document_id: id, quantity: 4, received: 3 },
    ]);
    // Walk every page: each use once, in order.
    const seen = [...first.usage];
    let cursor = first.next_cursor;
    while (cursor) {
      const page = await inv.products.usage({ product_id: productId, cursor });
      seen.push(...page.usage);
      cursor = page.next_cursor;
    }
    expect(seen).toHaveLength(first.total);
    const ats = seen.map((u) => u.at);
    expect([...ats].sort().reverse()).toEqual(ats);
  });
});
