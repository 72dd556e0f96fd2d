// The supplier's pages from an attacker's side and the documents' states: an access_token opens its one document of
// its one kind, until it expires, is revoked or is spent (a locked or finished document no longer writes).
import { addDays, todayIn } from "@taller/core";
import { documentTokens, realtimeEvents } from "@taller/db";
import { createCallerFactory, sha256, TRPCError } from "@taller/trpc";
import { useSeededApp } from "@taller/trpc/testing";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { providerRouter } from "../src";

const app = useSeededApp();
const pub = () => createCallerFactory(providerRouter)(app.anonymous()).public;
const admin = async (email = "admin@taller.demo") => createCallerFactory(providerRouter)(await app.staff(email));
const [taller, otro] = [() => app.fx().demo, () => app.fx().other];
const day = (n: number) => addDays(todayIn(), n);
const tokenOf = (path: string) => new URL(path, "http://x").searchParams.get("access_token") ?? "";

/** The tRPC code a call fails with (it must fail). */
const codeOf = (call: Promise<unknown>) =>
  call.then(
    () => expect.fail("the call should have failed"),
    (e: unknown) => (e instanceof TRPCError ? e.code : String(e)),
  );

async function request(kind: "pricing" | "buy_order") {
  const staff = await admin();
  const warehouse = (await staff.options()).warehouses[0]?.id ?? null;
  const made = await staff.create({
    kind,
    provider_id: taller().provider.supplierId,
    order_id: taller().orderIds[0],
    warehouse_id: kind === "buy_order" ? warehouse : null,
    required_delivery_date: day(6),
    products: [
      { product_id: taller().productIds["FIL-ACE"] ?? 0, quantity: 3 },
      { product_id: taller().productIds["BUJ-IRI"] ?? 0, quantity: 4 },
    ],
  });
  return { ...made, token: tokenOf(made.link.path), warehouse };
}

const pushesFor = async (actionId: number) =>
  (await app.db().select().from(realtimeEvents).where(eq(realtimeEvents.type, "push.requested"))).filter(
    (e) => (e.payload as { tag?: string }).tag === `provider-${actionId}`,
  );

describe("an access_token opens one document of one kind", () => {
  it("the demo links open their own company's pricing and buy order", async () => {
    const p = await pub().getPricing({ token: taller().provider.pricingToken });
    const b = await pub().getBuyOrder({ token: otro().provider.buyOrderToken });
    expect(p).toMatchObject({
      inventory_action: { id: taller().provider.pricingId, kind: "pricing", draft: true },
      company: { name: "Taller Demo" },
    });
    expect(p.required_products.length).toBe(2);
    expect(p.requester?.name).toBeTruthy();
    expect(b).toMatchObject({
      inventory_action: { id: otro().provider.buyOrderId, kind: "buy_order" },
      company: { name: "Otro Taller" },
      required_products: [],
    });
  });

  it("a pricing token cannot read a buy order, nor a buy order token a pricing", async () => {
    expect(await codeOf(pub().getBuyOrder({ token: taller().provider.pricingToken }))).toBe("NOT_FOUND");
    expect(await codeOf(pub().getPricing({ token: taller().provider.buyOrderToken }))).toBe("NOT_FOUND");
  });

  it("nothing loads without a token, with a wrong one, or with another kind of token", async () => {
    expect(await codeOf(pub().getPricing({} as { token: string }))).toBe("BAD_REQUEST");
    expect(await codeOf(pub().getPricing({ token: "no-existe" }))).toBe("UNAUTHORIZED");
    expect(await codeOf(pub().getPricing({ token: taller().crmToken }))).toBe("UNAUTHORIZED");
  });

  it("a pricing token writes nothing of another document or company (lines, warehouses)", async () => {
    const mine = await request("pricing");
    const theirs = await pub().getBuyOrder({ token: taller().provider.buyOrderToken });
    const foreignLine = theirs.inventory_action.inventory_action_products[0]?.id ?? 0;
    expect(
      await codeOf(
        pub().save({
          token: mine.token,
          inventory_action_products_attributes: [{ id: foreignLine, quantity: 1, price: 1 }],
        }),
      ),
    ).toBe("BAD_REQUEST");
    const otroWarehouse =
      (await createCallerFactory(providerRouter)(await app.staff("admin@otro.demo")).options()).warehouses[0]?.id ?? 0;
    expect(await codeOf(pub().save({ token: mine.token, warehouse_id: otroWarehouse }))).toBe("BAD_REQUEST");
    const after = await pub().getBuyOrder({ token: taller().provider.buyOrderToken });
    expect(after.inventory_action.inventory_action_products).toEqual(theirs.inventory_action.inventory_action_products);
  });

  it("an expired link opens nothing", async () => {
    const { token } = await request("pricing");
    await app
      .db()
      .update(documentTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(documentTokens.tokenHash, sha256(token)));
    expect(await codeOf(pub().getPricing({ token }))).toBe("UNAUTHORIZED");
    expect(await codeOf(pub().save({ token, comment: "tarde" }))).toBe("UNAUTHORIZED");
  });

  it("a revoked link opens nothing; a new link replaces the old one", async () => {
    const staff = await admin();
    const { action, token } = await request("buy_order");
    await staff.revokeLink({ id: action.id });
    expect(await codeOf(pub().getBuyOrder({ token }))).toBe("UNAUTHORIZED");
    const fresh = await staff.issueLink({ id: action.id });
    const second = await staff.issueLink({ id: action.id });
    expect(await codeOf(pub().getBuyOrder({ token: tokenOf(fresh.path) }))).toBe("UNAUTHORIZED");
    expect((await pub().getBuyOrder({ token: tokenOf(second.path) })).inventory_action.id).toBe(action.id);
    const listed = (await staff.forDocument({ order_id: taller().orderIds[0] ?? 0 })).find((a) => a.id === action.id);
    expect(listed?.link_expires_at).toBe(second.expires_at);
  });

  it("another company's staff cannot revoke, reissue or close a document", async () => {
    const stranger = createCallerFactory(providerRouter)(await app.staff("admin@otro.demo"));
    const { action, token } = await request("pricing");
    expect(await codeOf(stranger.revokeLink({ id: action.id }))).toBe("NOT_FOUND");
    expect(await codeOf(stranger.issueLink({ id: action.id }))).toBe("NOT_FOUND");
    expect(await codeOf(stranger.setStatus({ id: action.id, status: "cancelled" }))).toBe("NOT_FOUND");
    expect((await pub().getPricing({ token })).inventory_action.status.code).toBe("pending");
  });
});

describe("sending and the states", () => {
  it("a pricing is sent whole: estimated date, warehouse and every offered price; then it may be resent", async () => {
    const { action, token, warehouse } = await request("pricing");
    const [a, b] = action.inventory_action_products;
    expect(await codeOf(pub().send({ token }))).toBe("BAD_REQUEST");
    await pub().save({ token, estimated_completion_date: day(4) });
    expect(await codeOf(pub().send({ token }))).toBe("BAD_REQUEST");
    await pub().save({
      token,
      warehouse_id: warehouse,
      inventory_action_products_attributes: [{ id: a?.id ?? 0, quantity: 3, price: 2_990 }],
    });
    expect(await codeOf(pub().send({ token }))).toBe("BAD_REQUEST"); // the second line has no price and is not removed
    const sent = await pub().send({
      token,
      inventory_action_products_attributes: [{ id: b?.id ?? 0, quantity: 0, price: null, _destroy: true }],
    });
    expect(sent).toMatchObject({
      draft: false,
      status: { code: "answered" },
      extra_params: { answered: true },
      abilities: { canSend: true, canSave: true },
    });
    expect(sent.extra_params.answered_at).toBeTruthy();
    expect(await pushesFor(action.id)).toHaveLength(1);
    const again = await pub().send({
      token,
      inventory_action_products_attributes: [{ id: a?.id ?? 0, quantity: 3, price: 2_790 }],
    });
    expect(again.inventory_action_products.find((l) => l.id === a?.id)?.price).toBe(2_790);
    expect(await pushesFor(action.id)).toHaveLength(2);
  });

  it("a confirmed buy order's link is spent: no save, no second confirmation, the page shows it finished", async () => {
    const { action, token } = await request("buy_order");
    const confirmed = await pub().send({ token, estimated_completion_date: day(2), comment: "Despacho martes" });
    expect(confirmed).toMatchObject({
      draft: false,
      finish: true,
      completed: true,
      status: { code: "confirmed", locked: true },
      abilities: { showFinished: true, canSave: false },
    });
    expect(await codeOf(pub().save({ token, comment: "cambio" }))).toBe("CONFLICT");
    expect(await codeOf(pub().send({ token }))).toBe("CONFLICT");
    const page = await pub().getBuyOrder({ token });
    expect(page.inventory_action.comment).toBe("Despacho martes");
    expect(await pushesFor(action.id)).toHaveLength(1);
  });

  it("a buy order's lines are the workshop's: the supplier cannot reprice them", async () => {
    const { action, token } = await request("buy_order");
    const line = action.inventory_action_products[0];
    expect(
      await codeOf(
        pub().save({ token, inventory_action_products_attributes: [{ id: line?.id ?? 0, quantity: 1, price: 1 }] }),
      ),
    ).toBe("BAD_REQUEST");
  });

  it("a locked status blocks autosave, even of a draft, and nothing is written", async () => {
    const staff = await admin();
    const { action, token } = await request("pricing");
    await pub().save({ token, comment: "antes" });
    await staff.setStatus({ id: action.id, status: "cancelled" });
    expect(await codeOf(pub().save({ token, comment: "después" }))).toBe("CONFLICT");
    expect(await codeOf(pub().send({ token, comment: "después" }))).toBe("CONFLICT");
    const page = await pub().getPricing({ token });
    expect(page.inventory_action).toMatchObject({
      comment: "antes",
      draft: true,
      status: { code: "cancelled", locked: true },
      abilities: { canSave: false, showFinished: false },
    });
    expect(await codeOf(staff.setStatus({ id: action.id, status: "accepted" }))).toBe("CONFLICT");
  });

  it("a closed pricing stops writing; a buy order cannot be 'accepted'", async () => {
    const staff = await admin();
    const pricing = await request("pricing");
    await staff.setStatus({ id: pricing.action.id, status: "rejected" });
    expect(await codeOf(pub().save({ token: pricing.token, comment: "x" }))).toBe("CONFLICT");
    const order = await request("buy_order");
    expect(await codeOf(staff.setStatus({ id: order.action.id, status: "accepted" }))).toBe("BAD_REQUEST");
  });

  it("two confirmations at once: one confirms, the other is refused, one notification", async () => {
    const { action, token } = await request("buy_order");
    const results = await Promise.allSettled([
      pub().send({ token, estimated_completion_date: day(2) }),
      pub().send({ token, estimated_completion_date: day(3) }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const failed = results.find((r) => r.status === "rejected");
    expect(failed?.status === "rejected" && failed.reason instanceof TRPCError ? failed.reason.code : null).toBe(
      "CONFLICT",
    );
    expect(await pushesFor(action.id)).toHaveLength(1);
  });

  it("numbers pricings and buy orders per company and kind", async () => {
    const a = await request("pricing");
    const b = await request("pricing");
    expect(b.action.correlative_id).toBe(a.action.correlative_id + 1);
    const order = await request("buy_order");
    const orders = await (await admin()).forDocument({ order_id: taller().orderIds[0] ?? 0 });
    const buyOrders = orders.filter((o) => o.kind === "buy_order").map((o) => o.correlative_id);
    // Buy orders count on their own: the newest is the highest buy-order number, whatever the pricings reached.
    expect(order.action.correlative_id).toBe(Math.max(...buyOrders));
    expect(new Set(buyOrders).size).toBe(buyOrders.length);
  });
});

describe("the staff's side", () => {
  it("refuses another company's supplier, order or product (NOT_FOUND); a buy order needs a warehouse", async () => {
    const staff = await admin();
    const base = {
      kind: "pricing" as const,
      provider_id: taller().provider.supplierId,
      order_id: taller().orderIds[0] ?? 0,
      products: [{ product_id: taller().productIds["FIL-ACE"] ?? 0, quantity: 1 }],
    };
    expect(await codeOf(staff.create({ ...base, provider_id: otro().provider.supplierId }))).toBe("NOT_FOUND");
    expect(await codeOf(staff.create({ ...base, order_id: otro().orderIds[0] ?? 0 }))).toBe("NOT_FOUND");
    expect(
      await codeOf(
        staff.create({ ...base, products: [{ product_id: otro().productIds["FIL-ACE"] ?? 0, quantity: 1 }] }),
      ),
    ).toBe("NOT_FOUND");
    expect(await codeOf(staff.forDocument({ order_id: otro().orderIds[0] ?? 0 }))).toBe("NOT_FOUND");
    expect(await codeOf(staff.create({ ...base, kind: "buy_order", warehouse_id: null }))).toBe("BAD_REQUEST");
  });

  it("a technician without inventory_action grants cannot ask a supplier", async () => {
    const tech = await admin("tecnico@taller.demo");
    expect(await codeOf(tech.suppliers())).toBe("FORBIDDEN");
  });

  it("lists an order's pricings and buy orders with their suppliers", async () => {
    const staff = await admin();
    const list = await staff.forDocument({ order_id: taller().orderIds.at(-1) ?? 0 });
    expect(list.map((a) => a.id).sort()).toEqual([taller().provider.pricingId, taller().provider.buyOrderId].sort());
    expect(list.every((a) => a.provider.name === "Repuestos del Sur SpA")).toBe(true);
    const tokens = await app
      .db()
      .select()
      .from(documentTokens)
      .where(and(eq(documentTokens.companyId, taller().companyId), eq(documentTokens.kind, "access_token")));
    expect(tokens.every((t) => t.tokenHash.length === 64)).toBe(true);
  });
});
