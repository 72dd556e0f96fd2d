import { COUNT_CAP, formatDateTime, isInstant, PAGE_SIZE } from "@taller/core";
import { locations, orders, users, vehicles } from "@taller/db";
import { createCallerFactory, cursorKey, decodeCursor, encodeCursor, estimateRows, TRPCError } from "@taller/trpc";
import { seedScale } from "@taller/db/seed";
import { allPages, useSeededApp } from "@taller/trpc/testing";
import { and, count, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { roles } from "@taller/db";
import { describe, expect, it } from "vitest";
import { ordersRouter } from "../src";

const createCaller = createCallerFactory(ordersRouter);
const app = useSeededApp();
const callerFor = async (email: string) => createCaller(await app.staff(email));
const admin = () => callerFor("admin@taller.demo");
const db = () => app.db();

type Caller = Awaited<ReturnType<typeof admin>>;
type ListInput = Parameters<Caller["list"]>[0];
type ListOrder = Awaited<ReturnType<Caller["list"]>>["orders"][number];

/** Every page of a list, following next_cursor. */
async function walk(caller: Caller, input: ListInput) {
  const pages = await allPages((cursor) => caller.list({ ...input, cursor }));
  return { pages, orders: pages.flatMap((p) => p.orders) };
}

/** The demo company's orders straight from the table, for comparison. */
async function demoOrders() {
  return db()
    .select({
      id: orders.id,
      correlative: orders.correlativeId,
      statusId: orders.statusId,
      checkIn: orders.checkInTime,
      lastBudgetStatusId: orders.lastBudgetStatusId,
    })
    .from(orders)
    .where(eq(orders.companyId, app.fx().demo.companyId));
}

describe("orders.list", () => {
  it("answers the first page newest first, with the spec's shape and the company's total", async () => {
    const page = await (await admin()).list({});
    expect(page.page).toBe(1);
    expect(page.total).toBe(app.fx().demo.orderIds.length);
    expect(page.total_pages).toBe(Math.ceil(app.fx().demo.orderIds.length / PAGE_SIZE));
    expect(page.orders).toHaveLength(PAGE_SIZE);
    expect(page.next_cursor).toEqual(expect.any(String));
    const correlatives = page.orders.map((o) => o.correlative_id);
    expect(correlatives).toEqual([...correlatives].sort((a, b) => b - a));
    expect(correlatives[0]).toBe(app.fx().demo.orderIds.length);
    const first = page.orders[0]!;
    expect(first).toMatchObject({
      id: expect.any(Number),
      status: { id: expect.any(Number), name: expect.any(String), color: expect.stringMatching(/^#/) },
      recall_data: expect.any(Array),
    });
    // The instant in the one wire form (ISO-8601 UTC with milliseconds), which the web's formatters read.
    const [stored] = await db().select({ checkIn: orders.checkInTime }).from(orders).where(eq(orders.id, first.id));
    expect(formatDateTime(first.check_in_time)).toBe(formatDateTime(stored!.checkIn));
    expect(isInstant(first.check_in_time)).toBe(true);
    expect(first.check_in_time).toBe(stored!.checkIn.toISOString());
    expect(Object.keys(first).sort()).toEqual(
      [
        "check_in_time",
        "client",
        "correlative_id",
        "id",
        "last_budget_id",
        "last_budget_status_id",
        "object",
        "picture",
        "recall_data",
        "requirement",
        "status",
      ].sort(),
    );
    const withVehicle = page.orders.find((o) => o.object && o.client)!;
    expect(withVehicle.object).toEqual({
      id: expect.any(Number),
      identifier: expect.any(String),
      brand_name: expect.any(String),
      brand_model_name: expect.any(String),
    });
    expect(withVehicle.client).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      rut: expect.stringMatching(/^[\d.]+-[\dK]$/),
    });
    expect(page.orders.every((o) => app.fx().demo.orderIds.includes(o.id))).toBe(true);
  });

  it("shows an order's first picture, a video as such, and null without pictures", async () => {
    const caller = await admin();
    const [first, second] = (await caller.list({})).orders;
    await db()
      .update(orders)
      .set({ pictures: [{ url: "/files/a.jpg", name: "a.jpg" }, { url: "/files/b.jpg" }] })
      .where(eq(orders.id, first!.id));
    await db()
      .update(orders)
      .set({ pictures: [{ url: "/files/c.mp4", video: true }] })
      .where(eq(orders.id, second!.id));
    const [a, b] = (await caller.list({})).orders;
    expect(a!.picture).toEqual({ url: "/files/a.jpg", video: false });
    expect(b!.picture).toEqual({ url: "/files/c.mp4", video: true });
    await db().update(orders).set({ pictures: [] }).where(eq(orders.id, first!.id));
    expect((await caller.list({})).orders[0]!.picture).toBeNull();
  });

  const sorts: { name: string; input: ListInput; compare: (a: DemoRow, b: DemoRow) => number }[] = [
    { name: "correlative_id desc", input: {}, compare: (a, b) => b.correlative - a.correlative },
    { name: "correlative_id asc", input: { sort_direction: "asc" }, compare: (a, b) => a.correlative - b.correlative },
    {
      name: "check_in_time desc",
      input: { sort: "check_in_time" },
      compare: (a, b) => b.checkIn.getTime() - a.checkIn.getTime() || b.correlative - a.correlative,
    },
    {
      name: "check_in_time asc",
      input: { sort: "check_in_time", sort_direction: "asc" },
      compare: (a, b) => a.checkIn.getTime() - b.checkIn.getTime() || a.correlative - b.correlative,
    },
  ];
  type DemoRow = Awaited<ReturnType<typeof demoOrders>>[number];

  for (const s of sorts) {
    it(`pages through every order by ${s.name} without gaps or repeats`, async () => {
      const { pages, orders: listed } = await walk(await admin(), s.input);
      const expected = (await demoOrders()).sort(s.compare).map((o) => o.correlative);
      expect(listed.map((o) => o.correlative_id)).toEqual(expected);
      expect(pages.map((p) => p.page)).toEqual(pages.map((_, i) => i + 1));
      expect(pages.length).toBe(pages[0]!.total_pages);
      expect(pages.every((p) => p.total === expected.length)).toBe(true);
      expect(pages.at(-1)!.next_cursor).toBeNull();
    });
  }

  it("filters by order status and by budget status, -1 meaning no budget", async () => {
    const caller = await admin();
    const all = await demoOrders();
    const [open] = app.fx().demo.statusIds.Order;
    const byStatus = await walk(caller, { status_id: [open!] });
    expect(byStatus.orders.length).toBe(all.filter((o) => o.statusId === open).length);
    expect(byStatus.orders.every((o) => o.status.id === open)).toBe(true);

    const noBudget = await walk(caller, { budget_status_id: [-1] });
    expect(noBudget.orders.length).toBe(all.filter((o) => o.lastBudgetStatusId === null).length);
    expect(noBudget.orders.every((o) => o.last_budget_id === null && o.last_budget_status_id === null)).toBe(true);
    expect(noBudget.pages[0]!.total).toBe(noBudget.orders.length);

    const budgetStatus = app.fx().demo.statusIds.Budget[0]!;
    const mixed = await walk(caller, {
      budget_status_id: [budgetStatus, -1],
      status_id: app.fx().demo.statusIds.Order.slice(0, 5),
    });
    const expected = all.filter(
      (o) =>
        app.fx().demo.statusIds.Order.slice(0, 5).includes(o.statusId) &&
        (o.lastBudgetStatusId === null || o.lastBudgetStatusId === budgetStatus),
    );
    expect(mixed.orders.map((o) => o.id).sort()).toEqual(expected.map((o) => o.id).sort());
    expect(mixed.pages[0]!.total).toBe(expected.length);
  });

  it("matches nothing for an empty status list", async () => {
    const page = await (await admin()).list({ status_id: [] });
    expect(page).toMatchObject({ orders: [], total: 0, page: 1, total_pages: 0, next_cursor: null });
  });

  describe("search", () => {
    async function sample(): Promise<{ order: ListOrder; plate: string; rut: string; name: string }> {
      const page = await (await admin()).list({});
      const order = page.orders.find((o) => o.object && o.client?.rut)!;
      return { order, plate: order.object!.identifier, rut: order.client!.rut!, name: order.client!.name };
    }
    const search = async (text: string) => (await walk(await admin(), { search: text })).orders;

    it("finds by plate", async () => {
      const { order, plate } = await sample();
      const found = await search(plate.toLowerCase());
      expect(found.map((o) => o.id)).toContain(order.id);
      expect(found.every((o) => o.object?.identifier.includes(plate) || o.client?.rut?.includes(plate))).toBe(true);
    });

    it("finds by RUT written with dots, without dots, or as bare digits", async () => {
      const { order, rut } = await sample();
      for (const written of [rut, rut.replace(/\./g, ""), rut.replace(/[.-]/g, "")]) {
        const found = await search(written);
        expect(
          found.map((o) => o.id),
          written,
        ).toContain(order.id);
        expect(found.every((o) => o.client?.rut === rut)).toBe(true);
      }
    });

    it("finds by client name, whatever the case and accents", async () => {
      const { order, name } = await sample();
      const plain = name
        .normalize("NFD")
        .replace(/[\u0300-\u036f]/g, "")
        .toLowerCase();
      const found = await search(plain);
      expect(found.map((o) => o.id)).toContain(order.id);
      expect(found.every((o) => o.client?.name === name)).toBe(true);
    });

    it("finds by correlative number and by brand and model", async () => {
      const found = await search("#15");
      expect(found.map((o) => o.correlative_id).sort((a, b) => a - b)).toEqual([
        15, 150, 151, 152, 153, 154, 155, 156, 157, 158, 159,
      ]);
      const { order } = await sample();
      const byModel = await search(`${order.object!.brand_name} ${order.object!.brand_model_name}`);
      expect(byModel.map((o) => o.id)).toContain(order.id);
      expect(byModel.every((o) => o.object?.brand_model_name === order.object!.brand_model_name)).toBe(true);
    });

    it("answers an empty list for no match, and treats LIKE wildcards literally", async () => {
      expect(await search("ZZZZ-NO-EXISTE")).toEqual([]);
      expect(await search("%")).toEqual([]);
    });

    it("counts the searched total on the first page and keeps it across pages", async () => {
      const { pages, orders: found } = await walk(await admin(), { search: "#1" });
      expect(found.length).toBeGreaterThan(PAGE_SIZE);
      expect(pages.every((p) => p.total === found.length)).toBe(true);
      expect(new Set(found.map((o) => o.id)).size).toBe(found.length);
    });
  });

  describe("cursors", () => {
    it("answers an empty page after the last one", async () => {
      const caller = await admin();
      const { pages, orders: listed } = await walk(caller, {});
      const last = pages.at(-1)!;
      const key = await cursorKey(db());
      const after = encodeCursor(
        {
          after: [listed.at(-1)!.correlative_id],
          page: last.page,
          total: last.total,
          capped: false,
          filter: decodeCursor(pages[0]!.next_cursor!, key)!.filter,
        },
        key,
      );
      const beyond = await caller.list({ cursor: after });
      expect(beyond).toMatchObject({ orders: [], page: last.page + 1, total: last.total, next_cursor: null });
    });

    it("refuses a tampered cursor and a cursor made for other filters", async () => {
      const caller = await admin();
      const first = await caller.list({});
      for (const input of [
        { cursor: "not-a-cursor" },
        { cursor: first.next_cursor, status_id: [app.fx().demo.statusIds.Order[0]!] },
        { cursor: first.next_cursor, sort: "check_in_time" as const },
      ]) {
        const error = await caller.list(input).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(TRPCError);
        expect((error as TRPCError).code).toBe("BAD_REQUEST");
        expect((error as TRPCError).message).toBe("Cursor inválido para estos filtros");
      }
    });

    it("refuses a cursor whose key was rewritten (cursors are signed, so a client cannot steer the SQL)", async () => {
      const caller = await admin();
      const { next_cursor } = await caller.list({});
      const [body, signature] = next_cursor!.split(".");
      const payload = JSON.parse(Buffer.from(body!, "base64url").toString()) as { after: number[] };
      const edited = Buffer.from(JSON.stringify({ ...payload, after: [2_147_483_647] })).toString("base64url");
      const error = await caller.list({ cursor: `${edited}.${signature}` }).catch((e: unknown) => e);
      expect((error as TRPCError).code).toBe("BAD_REQUEST");
    });
  });
});

describe("orders.totalsByStatus", () => {
  it("counts every order status of the company, under the budget filter and the search", async () => {
    const caller = await admin();
    const all = await demoOrders();
    const totals = (await caller.totalsByStatus()).by_status;
    expect(totals.map((t) => t.status_id)).toEqual(app.fx().demo.statusIds.Order);
    for (const t of totals) expect(t.count).toBe(all.filter((o) => o.statusId === t.status_id).length);

    const noBudget = (await caller.totalsByStatus({ budget_status_id: [-1] })).by_status;
    for (const t of noBudget) {
      expect(t.count).toBe(all.filter((o) => o.statusId === t.status_id && o.lastBudgetStatusId === null).length);
    }

    const searched = (await caller.totalsByStatus({ search: "a", budget_status_id: [-1] })).by_status;
    const listed = await walk(caller, { search: "a", budget_status_id: [-1] });
    for (const t of searched) expect(t.count).toBe(listed.orders.filter((o) => o.status.id === t.status_id).length);
  });

  it("is what the list's first page answers in `totals`, so a search counts once", async () => {
    const caller = await admin();
    const input = { search: "#1" };
    const shown = app.fx().demo.statusIds.Order.slice(0, 6);
    const first = await caller.list({ ...input, status_id: shown });
    expect(first.totals).toEqual(await caller.totalsByStatus(input));
    expect(first.total).toBe(
      first.totals!.by_status.filter((t) => shown.includes(t.status_id)).reduce((sum, t) => sum + t.count, 0),
    );
    expect(first.next_cursor).not.toBeNull();
    const second = await caller.list({ ...input, status_id: shown, cursor: first.next_cursor });
    expect(second.totals).toBeNull();
  });
});

describe("orders.statuses and orders.transitions", () => {
  it("lists order and budget statuses with finish flags, ending with 'Sin Presupuesto'", async () => {
    const result = await (await admin()).statuses();
    expect(result.order_statuses.map((s) => s.id)).toEqual(app.fx().demo.statusIds.Order);
    expect(result.order_statuses.filter((s) => s.finish).map((s) => s.name)).toEqual(["Entregado", "Anulado"]);
    expect(result.budget_statuses.map((s) => s.id)).toEqual([...app.fx().demo.statusIds.Budget, -1]);
    expect(result.budget_statuses.at(-1)).toMatchObject({ id: -1, name: "Sin Presupuesto", finish: false });
  });

  it("lists the company's configured transitions between order statuses", async () => {
    const transitions = await (await admin()).transitions();
    const [recepcionado, diagnostico] = app.fx().demo.statusIds.Order;
    expect(transitions).toContainEqual({ from_status_id: recepcionado, to_status_id: diagnostico });
    const own = new Set(app.fx().demo.statusIds.Order);
    expect(transitions.every((t) => own.has(t.from_status_id) && own.has(t.to_status_id))).toBe(true);
  });
});

describe("orders.get", () => {
  it("answers everything the detail shows", async () => {
    const [withBudget] = await db()
      .select({ id: orders.id, correlativeId: orders.correlativeId })
      .from(orders)
      .where(and(eq(orders.companyId, app.fx().demo.companyId), isNotNull(orders.lastBudgetId)))
      .orderBy(orders.correlativeId)
      .limit(1);
    const order = await (await admin()).get({ id: withBudget!.id });
    expect(order).toMatchObject({
      id: withBudget!.id,
      correlative_id: withBudget!.correlativeId,
      status: { name: expect.any(String), color: expect.any(String), finish: expect.any(Boolean) },
      check_in_time: expect.any(String),
      pictures: expect.any(Array),
    });
    expect(order.last_budget).toMatchObject({
      id: expect.any(Number),
      correlative_id: expect.any(Number),
      status: { name: expect.any(String) },
    });
    const [vehicle] = await db().select().from(vehicles).where(eq(vehicles.id, order.object!.id));
    expect(order.object!.identifier).toBe(vehicle!.identifier);
    expect(order.custom_fields).toContainEqual({
      key: "$$motor",
      label: "Motor",
      value: expect.stringMatching(/^(Bencina|Diésel|Híbrido|Eléctrico)$/),
    });
  });

  it("answers NOT_FOUND for another company's order", async () => {
    const error = await (await admin()).get({ id: app.fx().other.orderIds[0]! }).catch((e: unknown) => e);
    expect((error as TRPCError).code).toBe("NOT_FOUND");
  });

  it("shows an order without a budget with last_budget null", async () => {
    const [none] = await db()
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.companyId, app.fx().demo.companyId), isNull(orders.lastBudgetId)))
      .limit(1);
    expect((await (await admin()).get({ id: none!.id })).last_budget).toBeNull();
  });
});

describe("permissions", () => {
  it("shows the Técnico (own-only read on check_in) only the orders he received or is assigned", async () => {
    const me = app.fx().demo.userIds["tecnico@taller.demo"]!;
    const all = await db()
      .select({ id: orders.id, userId: orders.userId, assigneeId: orders.assigneeId })
      .from(orders)
      .where(eq(orders.companyId, app.fx().demo.companyId));
    const mine = all.filter((o) => o.userId === me || o.assigneeId === me).map((o) => o.id);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThan(all.length);

    const tecnico = await callerFor("tecnico@taller.demo");
    const { pages, orders: listed } = await walk(tecnico, {});
    expect(listed.map((o) => o.id).sort((a, b) => a - b)).toEqual([...mine].sort((a, b) => a - b));
    expect(pages[0]!.total).toBe(mine.length);
    const boxes = (await tecnico.totalsByStatus()).by_status;
    expect(boxes.reduce((sum, t) => sum + t.count, 0)).toBe(mine.length);
    // Searched too (the search path counts on its own).
    const searched = await walk(tecnico, { search: "#1" });
    expect(searched.orders.every((o) => mine.includes(o.id))).toBe(true);

    expect((await tecnico.get({ id: mine[0]! })).id).toBe(mine[0]);
    const notMine = all.find((o) => !mine.includes(o.id))!;
    expect(((await tecnico.get({ id: notMine.id }).catch((e: unknown) => e)) as TRPCError).code).toBe("NOT_FOUND");
  });

  it("lets a role without read on check_in see nothing of the orders", async () => {
    const [role] = await db()
      .insert(roles)
      .values({ companyId: app.fx().demo.companyId, name: "Sin órdenes" })
      .returning();
    const [user] = await db()
      .insert(users)
      .values({
        companyId: app.fx().demo.companyId,
        roleId: role!.id,
        name: "Sonia Sin",
        email: "sin-ordenes@taller.demo",
        passwordHash: "x",
      })
      .returning();
    const nobody = await callerFor(user!.email);
    for (const call of [
      () => nobody.list({}),
      () => nobody.totalsByStatus(),
      () => nobody.get({ id: app.fx().demo.orderIds[0]! }),
    ]) {
      const error = await call().catch((e: unknown) => e);
      expect((error as TRPCError).code).toBe("FORBIDDEN");
    }
  });

  it("shows another company only its own orders", async () => {
    const page = await (await callerFor("admin@otro.demo")).list({});
    expect(page.total).toBe(app.fx().other.orderIds.length);
    expect(page.orders.every((o) => app.fx().other.orderIds.includes(o.id))).toBe(true);
  });
});

describe("location selector", () => {
  it("lists, counts and pages only the selected locations; all of them is the same as none", async () => {
    const caller = await admin();
    const [first, second] = app.fx().demo.locationIds;
    const all = await db()
      .select({ id: orders.id, locationId: orders.locationId })
      .from(orders)
      .where(eq(orders.companyId, app.fx().demo.companyId));
    const atFirst = all.filter((o) => o.locationId === first).map((o) => o.id);
    expect(atFirst.length).toBeGreaterThan(PAGE_SIZE);
    expect(atFirst.length).toBeLessThan(all.length);

    const { pages, orders: listed } = await walk(caller, { location_ids: [first!] });
    expect(listed.map((o) => o.id).sort((a, b) => a - b)).toEqual([...atFirst].sort((a, b) => a - b));
    expect(pages[0]!.total).toBe(atFirst.length);
    expect(pages[0]!.totals!.by_status.reduce((sum, t) => sum + t.count, 0)).toBe(atFirst.length);
    const searched = await walk(caller, { location_ids: [first!], search: "a" });
    expect(searched.orders.every((o) => atFirst.includes(o.id))).toBe(true);

    const everywhere = await caller.list({ location_ids: [second!, first!] });
    expect(everywhere.total).toBe(all.length);
    // A cursor made for one location is not valid for another.
    const error = await caller
      .list({ location_ids: [second!], cursor: pages[0]!.next_cursor })
      .catch((e: unknown) => e);
    expect((error as TRPCError).code).toBe("BAD_REQUEST");
  });

  it("refuses a location the user may not see with a Spanish error on `location_ids`", async () => {
    const caller = await admin();
    const [foreign] = await db()
      .select({ id: locations.id })
      .from(locations)
      .where(eq(locations.companyId, app.fx().other.companyId))
      .limit(1);
    const error = (await caller.list({ location_ids: [foreign!.id] }).catch((e: unknown) => e)) as TRPCError;
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toBe("Local no disponible");
  });
});

describe("search counts", () => {
  it("serve one- and two-character terms as a word's start", async () => {
    const caller = await admin();
    const { orders: found } = await walk(caller, { search: "#1" });
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((o) => String(o.correlative_id).startsWith("1"))).toBe(true);
  });

  it(`stop at ${COUNT_CAP} and say the total is a lower bound`, async () => {
    await seedScale(db(), { orders: COUNT_CAP + 200, name: "Taller Conteo", domain: "conteo.demo" });
    const caller = await callerFor("admin@conteo.demo");
    const page = await caller.list({ search: "#" });
    expect(page).toMatchObject({ total: COUNT_CAP, total_capped: true, totals: { capped: true } });
    const next = await caller.list({ search: "#", cursor: page.next_cursor });
    expect(next).toMatchObject({ total: COUNT_CAP, total_capped: true, page: 2 });
    // Without a search the totals come from the counts table: exact, never capped.
    expect(await caller.list({})).toMatchObject({ total: COUNT_CAP + 200, total_capped: false });
  });

  it("read the planner's estimate, which decides whether a search is counted at all", async () => {
    await db().execute(sql`ANALYZE orders`);
    const [row] = await db().select({ n: count() }).from(orders);
    const estimate = await estimateRows(db(), sql`orders`, sql`true`);
    expect(estimate).toBeGreaterThan(row!.n * 0.8);
    expect(estimate).toBeLessThan(row!.n * 1.2);
  });
});
