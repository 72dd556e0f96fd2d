// The budgets procedures through the router's caller against a seeded database (Taller Demo has budgets with lines
// on about half its orders: db/src/seed/budgets.ts).
import { BUDGET_TEXTS } from "@taller/core";
import { budgetLines, budgets, queryRows, realtimeEvents } from "@taller/db";
import { createCallerFactory, TRPCError } from "@taller/trpc";
import { allPages, notificationRequests, useSeededApp } from "@taller/trpc/testing";
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

const totalOf = async (id: number) =>
  (await app.db().select({ total: budgets.total }).from(budgets).where(eq(budgets.id, id)))[0]?.total;

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
      app.db().insert(budgetLines).values({
        companyId: b.companyId,
        budgetId: b.id,
        description: "x",
        quantity: 1,
        unitPrice: 100,
        discount: 101,
      }),
    ).rejects.toThrow();
    await expect(app.db().update(budgets).set({ total: -1 }).where(eq(budgets.id, b.id))).rejects.toThrow();
  });
});

describe("create", () => {
  it("numbers concurrent budgets of a company one after the other, without gaps or repeats", async () => {
    const c = await admin();
    const fx = app.fx();
    const [before] = await queryRows<{ max: number }>(
      app.db(),
      sql`SELECT max(correlative_id)::int AS max FROM budgets WHERE company_id = ${fx.demo.companyId}`,
    );
    const made = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        c.create({
          order_id: fx.demo.orderIds[i] ?? 0,
          lines: [{ description: `Trabajo ${i}`, quantity: 1, unit_price: 1_000 * (i + 1), discount: 0 }],
        }),
      ),
    );
    const numbers = made.map((m) => m.correlative_id).sort((a, b) => a - b);
    const start = (before?.max ?? 0) + 1;
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => start + i));
    // The other company's numbering is its own.
    const other = await callerFor("admin@otro.demo");
    const theirs = await other.create({
      order_id: fx.other.orderIds[0] ?? 0,
      lines: [{ description: "Revisión", quantity: 1, unit_price: 5_000, discount: 0 }],
    });
    const [theirMax] = await queryRows<{ max: number }>(
      app.db(),
      sql`SELECT max(correlative_id)::int AS max FROM budgets WHERE company_id = ${fx.other.companyId} AND id <> ${theirs.id}`,
    );
    expect(theirs.correlative_id).toBe((theirMax?.max ?? 0) + 1);
  });

  it("points the order at its new budget (the orders list's last budget status)", async () => {
    const c = await admin();
    const orderId = app.fx().demo.orderIds[3] ?? 0;
    const made = await c.create({
      order_id: orderId,
      lines: [{ description: "Pintura", quantity: 1, unit_price: 50_000, discount: 0 }],
    });
    const [o] = await queryRows<{ last_budget_id: number }>(
      app.db(),
      sql`SELECT last_budget_id FROM orders WHERE id = ${orderId}`,
    );
    expect(o?.last_budget_id).toBe(made.id);
  });

  it("answers bad input in Spanish on the field", async () => {
    const c = await admin();
    const fx = app.fx();
    const order_id = fx.demo.orderIds[0] ?? 0;
    const noLines = await failure(c.create({ order_id, lines: [] }));
    expect(noLines.code).toBe("BAD_REQUEST");
    expect(noLines.message).toContain(BUDGET_TEXTS.noLines);
    const discount = await failure(
      c.create({ order_id, lines: [{ description: "x", quantity: 1, unit_price: 100, discount: 200 }] }),
    );
    expect(discount.message).toContain("El descuento no puede superar el monto de la línea");
    const foreignOrder = await failure(
      c.create({
        order_id: fx.other.orderIds[0] ?? 0,
        lines: [{ description: "x", quantity: 1, unit_price: 1, discount: 0 }],
      }),
    );
    expect(foreignOrder.code).toBe("NOT_FOUND");
    expect(foreignOrder.message).toBe("Orden de Trabajo inexistente");
    const otherProduct = await queryRows<{ id: number }>(
      app.db(),
      sql`SELECT id FROM products WHERE company_id = ${fx.other.companyId} LIMIT 1`,
    );
    const foreignProduct = await failure(
      c.create({
        order_id,
        lines: [{ product_id: otherProduct[0]?.id ?? 0, quantity: 1, unit_price: 1, discount: 0 }],
      }),
    );
    expect(foreignProduct.message).toBe(BUDGET_TEXTS.productNotFound);
  });

  it("is refused without create budget", async () => {
    const c = await callerFor("tecnico@taller.demo");
    const e = await failure(
      c.create({
        order_id: app.fx().demo.orderIds[0] ?? 0,
        lines: [{ description: "x", quantity: 1, unit_price: 1, discount: 0 }],
      }),
    );
    expect(e.code).toBe("FORBIDDEN");
  });
});

describe("status changes", () => {
  it("moves a budget, records who did it, and refuses another type's status or a disallowed transition", async () => {
    const c = await admin();
    const fx = app.fx();
    const [draft, sent, approved] = fx.demo.statusIds.Budget;
    const made = await c.create({
      order_id: fx.demo.orderIds[5] ?? 0,
      lines: [{ description: "Frenos", quantity: 1, unit_price: 30_000, discount: 0 }],
    });
    expect((await c.get({ id: made.id })).status.id).toBe(draft);
    await c.updateStatus({ id: made.id, status_id: sent ?? 0 });
    const detail = await c.get({ id: made.id });
    expect(detail.status.id).toBe(sent);
    expect(detail.status_changes.map((h) => [h.from_status_name, h.to_status_name])).toEqual([
      [null, "Borrador"],
      ["Borrador", "Enviado"],
    ]);
    expect(detail.status_changes[1]?.user_name).toBe("Ana Administradora");
    const same = await failure(c.updateStatus({ id: made.id, status_id: sent ?? 0 }));
    expect(same.message).toBe(BUDGET_TEXTS.transitionNotAllowed);
    const orderStatus = await failure(c.updateStatus({ id: made.id, status_id: fx.demo.statusIds.Order[0] ?? 0 }));
    expect(orderStatus.message).toBe(BUDGET_TEXTS.statusNotBudget);
    // A company rule from 'Enviado' binds it: only 'Aprobado' may follow.
    await app
      .db()
      .execute(
        sql`INSERT INTO status_transitions (company_id, from_status_id, to_status_id) VALUES (${fx.demo.companyId}, ${sent}, ${approved})`,
      );
    const refused = await failure(c.updateStatus({ id: made.id, status_id: draft ?? 0 }));
    expect(refused.code).toBe("CONFLICT");
    await c.updateStatus({ id: made.id, status_id: approved ?? 0 });
    expect((await c.get({ id: made.id })).status.id).toBe(approved);
  });

  it("asks for 'budget ready' (WhatsApp) when the budget leaves its initial status for an open one, not for a final one", async () => {
    const c = await admin();
    const fx = app.fx();
    const [draft, sent, approved] = fx.demo.statusIds.Budget;
    const ready = () => notificationRequests(app.db(), "budget_ready", made.id);
    const made = await c.create({
      order_id: fx.demo.orderIds[6] ?? 0,
      lines: [{ description: "Aceite", quantity: 1, unit_price: 20_000, discount: 0 }],
    });
    expect(await ready()).toEqual([]);
    await c.updateStatus({ id: made.id, status_id: sent ?? 0 });
    expect(await ready()).toEqual([fx.demo.companyId]);
    // Straight from the draft to a final status: the client already answered.
    const direct = await c.create({
      order_id: fx.demo.orderIds[6] ?? 0,
      lines: [{ description: "Filtro", quantity: 1, unit_price: 9_000, discount: 0 }],
    });
    await c.updateStatus({ id: direct.id, status_id: approved ?? 0 });
    expect(await notificationRequests(app.db(), "budget_ready", direct.id)).toEqual([]);
    // Back to the draft and sent again: asked again (messaging sends one message per budget).
    await app.db().execute(sql`DELETE FROM status_transitions WHERE company_id = ${fx.demo.companyId}`);
    await c.updateStatus({ id: made.id, status_id: draft ?? 0 });
    await c.updateStatus({ id: made.id, status_id: sent ?? 0 });
    expect(await ready()).toHaveLength(2);
  });
});

describe("realtime", () => {
  const changesOf = async (id: number) =>
    (await app.db().select().from(realtimeEvents).where(eq(realtimeEvents.type, "budget.changed"))).filter((e) =>
      (e.payload as { ids: number[] }).ids.includes(id),
    ).length;

  it("announces every write of a budget as budget.changed (open budget and order lists refetch), not a refused one", async () => {
    const c = await admin();
    const [, sent] = app.fx().demo.statusIds.Budget;
    const made = await c.create({
      order_id: app.fx().demo.orderIds[11] ?? 0,
      lines: [{ description: "Frenos", quantity: 1, unit_price: 30_000, discount: 0 }],
    });
    expect(await changesOf(made.id)).toBe(1);
    const added = await c.addLine({
      budget_id: made.id,
      line: { description: "Mano de obra", quantity: 1, unit_price: 10_000, discount: 0 },
    });
    await c.updateLine({
      budget_id: made.id,
      line_id: added.line_id,
      line: { description: "Mano de obra", quantity: 2, unit_price: 10_000, discount: 0 },
    });
    await c.removeLine({ budget_id: made.id, line_id: added.line_id });
    expect(await changesOf(made.id)).toBe(4);
    await failure(c.removeLine({ budget_id: made.id, line_id: added.line_id }));
    expect(await changesOf(made.id)).toBe(4);
    await c.updateStatus({ id: made.id, status_id: sent ?? 0 });
    expect(await changesOf(made.id)).toBe(5);
  });
});

describe("list", () => {
  it("pages every budget once, newest first, and filters by status and search", async () => {
    const c = await admin();
    const pages = await allPages((cursor) => c.list({ cursor }));
    const all = pages.flatMap((p) => p.budgets);
    const [count] = await queryRows<{ n: number }>(
      app.db(),
      sql`SELECT count(*)::int AS n FROM budgets WHERE company_id = ${app.fx().demo.companyId}`,
    );
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

describe("editing lines and pictures", () => {
  const newBudget = async (orderIndex: number) =>
    (await admin()).create({
      order_id: app.fx().demo.orderIds[orderIndex] ?? 0,
      lines: [{ description: "Mano de obra", quantity: 1, unit_price: 20_000, discount: 0 }],
    });
  const linesOf = async (id: number) => (await (await admin()).get({ id })).lines;

  it("adds, changes and removes lines; the total is the database's", async () => {
    const c = await admin();
    const fx = app.fx();
    const made = await newBudget(9);
    const added = await c.addLine({
      budget_id: made.id,
      line: { product_id: fx.demo.productIds["FIL-ACE"], quantity: 2, unit_price: 6_490, discount: 490 },
    });
    expect(added.total).toBe(20_000 + 2 * 6_490 - 490);
    const lines = await linesOf(made.id);
    expect(lines.map((l) => l.description)).toEqual(["Mano de obra", "Filtro de aceite"]);
    const first = lines[0]?.id ?? 0;
    const changed = await c.updateLine({
      budget_id: made.id,
      line_id: first,
      line: { description: "Mano de obra (2 h)", quantity: 2, unit_price: 20_000, discount: 5_000 },
    });
    expect(changed.total).toBe(2 * 20_000 - 5_000 + 2 * 6_490 - 490);
    await c.removeLine({ budget_id: made.id, line_id: lines[1]?.id ?? 0 });
    expect(await totalOf(made.id)).toBe(2 * 20_000 - 5_000);
    expect((await linesOf(made.id)).map((l) => [l.description, l.total])).toEqual([["Mano de obra (2 h)", 35_000]]);
    // The last line stays; a line of another budget is not this budget's.
    expect((await failure(c.removeLine({ budget_id: made.id, line_id: first }))).message).toBe(BUDGET_TEXTS.lastLine);
    const other = await newBudget(10);
    const foreignLine = await failure(
      c.updateLine({
        budget_id: other.id,
        line_id: first,
        line: { description: "x", quantity: 1, unit_price: 1, discount: 0 },
      }),
    );
    expect(foreignLine.code).toBe("NOT_FOUND");
    expect(foreignLine.message).toBe(BUDGET_TEXTS.lineNotFound);
    expect(await totalOf(other.id)).toBe(20_000);
  });

  it("answers bad lines on their field and refuses another company, another company's product and a user without update budget", async () => {
    const c = await admin();
    const fx = app.fx();
    const made = await newBudget(11);
    const discount = await failure(
      c.addLine({ budget_id: made.id, line: { description: "x", quantity: 1, unit_price: 100, discount: 200 } }),
    );
    expect(discount.code).toBe("BAD_REQUEST");
    expect(discount.message).toContain("El descuento no puede superar el monto de la línea");
    const [otherProduct] = await queryRows<{ id: number }>(
      app.db(),
      sql`SELECT id FROM products WHERE company_id = ${fx.other.companyId} LIMIT 1`,
    );
    const product = await failure(
      c.addLine({
        budget_id: made.id,
        line: { product_id: otherProduct?.id ?? 0, quantity: 1, unit_price: 1, discount: 0 },
      }),
    );
    expect(product.message).toBe(BUDGET_TEXTS.productNotFound);
    const other = createCaller(await app.staff("admin@otro.demo"));
    expect(
      (
        await failure(
          other.addLine({ budget_id: made.id, line: { description: "x", quantity: 1, unit_price: 1, discount: 0 } }),
        )
      ).code,
    ).toBe("NOT_FOUND");
    const line = (await linesOf(made.id))[0]?.id ?? 0;
    expect((await failure(other.removeLine({ budget_id: made.id, line_id: line }))).code).toBe("NOT_FOUND");
    const tecnico = await callerFor("tecnico@taller.demo");
    expect((await failure(tecnico.removeLine({ budget_id: made.id, line_id: line }))).code).toBe("FORBIDDEN");
    expect(await totalOf(made.id)).toBe(20_000);
  });

  it("refuses every change once the status is locked (finished), in Spanish", async () => {
    const c = await admin();
    const fx = app.fx();
    const approved = fx.demo.statusIds.Budget[2] ?? 0;
    const made = await newBudget(12);
    const line = (await linesOf(made.id))[0]?.id ?? 0;
    await c.updateStatus({ id: made.id, status_id: approved });
    const refusals = await Promise.all([
      failure(c.addLine({ budget_id: made.id, line: { description: "x", quantity: 1, unit_price: 1, discount: 0 } })),
      failure(
        c.updateLine({
          budget_id: made.id,
          line_id: line,
          line: { description: "x", quantity: 1, unit_price: 1, discount: 0 },
        }),
      ),
      failure(c.removeLine({ budget_id: made.id, line_id: line })),
      failure(c.addPictures({ budget_id: made.id, file_ids: ["A".repeat(24)] })),
    ]);
    for (const e of refusals) {
      expect(e.code).toBe("CONFLICT");
      expect(e.message).toBe("El presupuesto está en estado Aprobado y ya no admite cambios");
    }
    expect(await totalOf(made.id)).toBe(20_000);
  });

  it("keeps the total right under parallel line writes, and a status change in the middle cuts them cleanly", async () => {
    const c = await admin();
    const made = await newBudget(13);
    const first = (await linesOf(made.id))[0]?.id ?? 0;
    const writes = await Promise.allSettled([
      ...Array.from({ length: 12 }, (_, i) =>
        c.addLine({
          budget_id: made.id,
          line: { description: `Trabajo ${i}`, quantity: i + 1, unit_price: 1_000, discount: i },
        }),
      ),
      ...Array.from({ length: 4 }, (_, i) =>
        c.updateLine({
          budget_id: made.id,
          line_id: first,
          line: { description: "Mano de obra", quantity: i + 1, unit_price: 20_000, discount: 0 },
        }),
      ),
    ]);
    expect(writes.filter((w) => w.status === "rejected")).toEqual([]);
    const lines = await linesOf(made.id);
    expect(lines).toHaveLength(13);
    expect(new Set(lines.map((l) => l.id)).size).toBe(13);
    const expected = lines.reduce((sum, l) => sum + l.quantity * l.unit_price - l.discount, 0);
    expect(await totalOf(made.id)).toBe(expected);
    expect(expected - (lines[0]?.quantity ?? 0) * 20_000).toBe(
      Array.from({ length: 12 }, (_, i) => (i + 1) * 1_000 - i).reduce((a, b) => a + b, 0),
    );

    // Adds racing a move to 'Aprobado': each add either landed before the lock or was refused, never half.
    const approved = app.fx().demo.statusIds.Budget[2] ?? 0;
    const race = await Promise.allSettled([
      ...Array.from({ length: 6 }, () =>
        c.addLine({ budget_id: made.id, line: { description: "Extra", quantity: 1, unit_price: 500, discount: 0 } }),
      ),
      c.updateStatus({ id: made.id, status_id: approved }),
      ...Array.from({ length: 6 }, () =>
        c.addLine({ budget_id: made.id, line: { description: "Extra", quantity: 1, unit_price: 500, discount: 0 } }),
      ),
    ]);
    const landed = race
      .slice(0, 6)
      .concat(race.slice(7))
      .filter((r) => r.status === "fulfilled").length;
    for (const r of race) if (r.status === "rejected") expect((r.reason as TRPCError).code).toBe("CONFLICT");
    expect(await linesOf(made.id)).toHaveLength(13 + landed);
    expect(await totalOf(made.id)).toBe(expected + 500 * landed);
  });

  it("attaches the caller's own uploaded images as pictures the zip reads; refuses others' files", async () => {
    const c = await admin();
    const fx = app.fx();
    const made = await newBudget(14);
    const adminId = fx.demo.userIds["admin@taller.demo"] ?? 0;
    const asesorId = fx.demo.userIds["asesor@taller.demo"] ?? 0;
    const file = (n: number) => `budgetpic${String(n).padStart(15, "0")}`;
    await app.db().execute(sql`INSERT INTO files (id, company_id, user_id, content_type, size, name) VALUES
      (${file(1)}, ${fx.demo.companyId}, ${adminId}, 'image/jpeg', 10, 'frente.jpg'),
      (${file(2)}, ${fx.demo.companyId}, ${adminId}, 'image/png', 10, 'lateral.png'),
      (${file(3)}, ${fx.demo.companyId}, ${asesorId}, 'image/jpeg', 10, 'ajena.jpg'),
      (${file(4)}, ${fx.other.companyId}, ${null}, 'image/jpeg', 10, 'otra.jpg')`);
    await c.addPictures({ budget_id: made.id, file_ids: [file(1), file(2)] });
    expect((await c.get({ id: made.id })).pictures).toEqual([
      { url: `/files/${file(1)}`, name: "frente" },
      { url: `/files/${file(2)}`, name: "lateral" },
    ]);
    for (const foreign of [file(3), file(4)]) {
      expect((await failure(c.addPictures({ budget_id: made.id, file_ids: [foreign] }))).message).toBe(
        BUDGET_TEXTS.pictureNotFound,
      );
    }
    const twice = await failure(c.addPictures({ budget_id: made.id, file_ids: [file(1), file(1)] }));
    expect(twice.code).toBe("BAD_REQUEST");
    expect((await c.get({ id: made.id })).pictures).toHaveLength(2);
    expect(
      (
        await failure(
          createCaller(await app.staff("admin@otro.demo")).addPictures({ budget_id: made.id, file_ids: [file(4)] }),
        )
      ).code,
    ).toBe("NOT_FOUND");
  });
});
