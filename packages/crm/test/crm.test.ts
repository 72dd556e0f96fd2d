// The crm procedures through the router's caller against a seeded database (Taller Demo has managements of every
// kind in every category: db/src/seed/crm.ts).
import { COUNT_CAP, CRM_TEXTS, type CrmCategory, type CrmKind, type Instant } from "@taller/core";
import { clients as clientsTable, crms, intArray, queryRows, realtimeEvents, statusTransitions } from "@taller/db";
import { createCallerFactory, TRPCError } from "@taller/trpc";
import { allPages, useSeededApp } from "@taller/trpc/testing";
import { and, eq, sql, TransactionRollbackError } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { crmRouter } from "../src";
import type { CrmListFilters } from "../src/filters";
import { countList } from "../src/list-query";

const createCaller = createCallerFactory(crmRouter);
const app = useSeededApp();
const callerFor = async (email: string) => createCaller(await app.staff(email));
const admin = () => callerFor("admin@taller.demo");
const tecnico = () => callerFor("tecnico@taller.demo");

async function failure(call: Promise<unknown>): Promise<TRPCError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

const listOf = (c: Awaited<ReturnType<typeof admin>>, kind: CrmKind) =>
  kind === "retention" ? c.retentions : kind === "absence" ? c.absences : c.bookings;

describe("lists and KPIs", () => {
  const cases: { kind: CrmKind; filters: Record<string, unknown> }[] = [
    { kind: "retention", filters: {} },
    { kind: "absence", filters: {} },
    { kind: "booking", filters: {} },
    { kind: "absence", filters: { date_range: "this_year" } },
    { kind: "retention", filters: { date_range: "last_month" } },
    { kind: "absence", filters: { search: "a" } },
  ];
  for (const { kind, filters } of cases) {
    it(`the ${kind} KPIs agree with the list (${JSON.stringify(filters)})`, async () => {
      const c = await admin();
      const kpis = await c.kpis({ kind, ...filters });
      const all = await allPages((cursor) => listOf(c, kind)({ ...filters, cursor }));
      const items = all.flatMap((p) => p.items);
      expect(all[0]?.total).toBe(items.length);
      expect(kpis.total_crms).toBe(items.length);
      const count = (cat: CrmCategory) => items.filter((i) => i.category === cat).length;
      expect(kpis.on_going_count).toBe(count("initial"));
      expect(kpis.on_hold_count).toBe(count("on_hold"));
      expect(kpis.lost_count).toBe(count("failed"));
      expect(kpis.completed_count).toBe(count("completed"));
      if (kind === "retention") expect(kpis.booked_count).toBeNull();
      else expect(kpis.booked_count).toBe(count("booked"));
      const sum = (cat: CrmCategory, f: "estimated_amount" | "recovered_amount") =>
        items.filter((i) => i.category === cat).reduce((n, i) => n + i[f], 0);
      expect(kpis.estimated_on_going_amount).toBe(sum("initial", "estimated_amount"));
      expect(kpis.recovered_amount).toBe(sum("completed", "recovered_amount"));
      // Each box's status filter lists exactly its count.
      for (const [category, n] of [
        ["initial", kpis.on_going_count],
        ["failed", kpis.lost_count],
      ] as const) {
        const page = await listOf(c, kind)({ ...filters, status: [category] });
        expect(page.total).toBe(n);
      }
    });
  }

  it("the counts kept for the default lists follow every write: bulk insert, status, location and amounts, delete", async () => {
    const fx = app.fx().demo;
    const kept = () =>
      queryRows<{
        kind: string;
        category: string;
        location_key: number;
        count: number;
        estimated: number;
        recovered: number;
      }>(
        app.db(),
        sql`SELECT kind, category, location_key, count, estimated::float8 AS estimated, recovered::float8 AS recovered FROM crm_counts
            WHERE company_id = ${fx.companyId} AND (count <> 0 OR estimated <> 0 OR recovered <> 0) ORDER BY 1, 2, 3`,
      );
    const recount = () =>
      queryRows<{
        kind: string;
        category: string;
        location_key: number;
        count: number;
        estimated: number;
        recovered: number;
      }>(
        app.db(),
        sql`SELECT kind, category, coalesce(location_id, -1) AS location_key, count(*)::int AS count,
                   sum(estimated_amount)::float8 AS estimated, sum(recovered_amount)::float8 AS recovered
            FROM crms WHERE company_id = ${fx.companyId} GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
      );
    expect(await kept()).toEqual(await recount());
    const added = await app
      .db()
      .insert(crms)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          companyId: fx.companyId,
          kind: "absence" as const,
          locationId: i % 3 ? fx.locationIds[0] : null,
          estimatedAmount: 1_000 * i,
        })),
      )
      .returning({ id: crms.id });
    const ids = added.map((a) => a.id);
    expect(await kept()).toEqual(await recount());
    const lost = fx.crmStatusIds.at(-1) ?? 0;
    await app
      .db()
      .update(crms)
      .set({ statusId: lost, recoveredAmount: 500 })
      .where(sql`id = ANY(${intArray(ids.slice(0, 10))})`);
    await app
      .db()
      .update(crms)
      .set({ locationId: fx.locationIds[1] ?? null, estimatedAmount: 7 })
      .where(sql`id = ANY(${intArray(ids.slice(5, 20))})`);
    expect(await kept()).toEqual(await recount());
    await app
      .db()
      .delete(crms)
      .where(sql`id = ANY(${intArray(ids)})`);
    expect(await kept()).toEqual(await recount());
  });

  it("counts a filtered list up to the cap, and the default view from the stored counts", async () => {
    const fx = app.fx().demo;
    const filters: CrmListFilters = {
      scope: { companyId: fx.companyId, locationIds: null, ownerId: null },
      kind: "absence",
      categories: null,
      dateRange: "today",
      from: new Date(Date.now() - 3_600_000).toISOString() as Instant,
      to: null,
      id: null,
      search: null,
    };
    const stored = await countList(app.db(), { ...filters, dateRange: "all_time", from: null });
    await expect(
      app.db().transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO crms (company_id, kind) SELECT ${fx.companyId}, 'absence'
                             FROM generate_series(1, ${COUNT_CAP + 1})`);
        expect(await countList(tx, filters)).toEqual({ total: COUNT_CAP, capped: true });
        const all = await countList(tx, { ...filters, dateRange: "all_time", from: null });
        expect(all).toEqual({ total: stored.total + COUNT_CAP + 1, capped: false });
        tx.rollback();
      }),
    ).rejects.toBeInstanceOf(TransactionRollbackError);
  });

  it("the demo has every category of retentions and absences", async () => {
    const c = await admin();
    const r = await c.kpis({ kind: "retention" });
    const a = await c.kpis({ kind: "absence" });
    for (const n of [r.on_going_count, r.on_hold_count, r.lost_count, r.completed_count]) expect(n).toBeGreaterThan(0);
    for (const n of [a.on_going_count, a.on_hold_count, a.lost_count, a.completed_count, a.booked_count])
      expect(n).toBeGreaterThan(0);
    expect(r.estimated_on_going_amount).toBeGreaterThan(0);
  });

  it("sorts by created_at desc by default, pages without repeats, and sorts ascending on other columns", async () => {
    const c = await admin();
    const items = (await allPages((cursor) => c.absences({ cursor }))).flatMap((p) => p.items);
    const created = items.map((i) => i.created_at);
    expect(created).toEqual([...created].sort().reverse());
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
    const scheduled = (
      await allPages((cursor) => c.retentions({ sort: "scheduled_for", sort_direction: "asc", cursor }))
    ).flatMap((p) => p.items);
    const days = scheduled.map((i) => i.scheduled_for ?? "");
    expect(days).toEqual([...days].sort());
  });

  it("filters by id (retentions/{id}) and by an empty status list", async () => {
    const c = await admin();
    const first = (await c.retentions({})).items[0];
    expect(first).toBeDefined();
    const one = await c.retentions({ id: first?.id });
    expect(one.items.map((i) => i.id)).toEqual([first?.id]);
    expect((await c.retentions({ status: [] })).total).toBe(0);
  });

  it("searches the client and the vehicle, whatever the case and accents", async () => {
    const c = await admin();
    const row = (await c.absences({})).items.find((i) => i.object_identifier);
    const plate = row?.object_identifier ?? "";
    const found = await c.absences({ search: plate.toLowerCase() });
    expect(found.items.some((i) => i.id === row?.id)).toBe(true);
    expect(found.items.every((i) => i.object_identifier?.includes(plate) || i.name !== null)).toBe(true);
  });

  it("follows the selected locations, and refuses another company's", async () => {
    const c = await admin();
    const [first] = app.fx().demo.locationIds;
    const page = await c.absences({ location_ids: [first ?? 0] });
    expect(page.items.every((i) => i.location_id === first)).toBe(true);
    const kpis = await c.kpis({ kind: "absence", location_ids: [first ?? 0] });
    expect(kpis.total_crms).toBe(page.total);
    const e = await failure(c.absences({ location_ids: [app.fx().other.locationIds[0] ?? 0] }));
    expect(e.code).toBe("BAD_REQUEST");
  });

  it("an own-only grant (Técnico) sees only managements assigned to him or about his bookings", async () => {
    const me = app.fx().demo.userIds["tecnico@taller.demo"] ?? 0;
    const db = app.db();
    const mine =
      await db.execute(sql`SELECT c.id FROM crms c LEFT JOIN bookings b ON b.company_id = c.company_id AND b.id = c.booking_id
      WHERE c.company_id = ${app.fx().demo.companyId} AND c.kind = 'absence' AND (c.user_id = ${me} OR b.user_id = ${me})`);
    const ids = ((Array.isArray(mine) ? mine : (mine as { rows: { id: number }[] }).rows) as { id: number }[])
      .map((r) => r.id)
      .sort();
    const t = await tecnico();
    const items = (await allPages((cursor) => t.absences({ cursor }))).flatMap((p) => p.items);
    expect(items.map((i) => i.id).sort()).toEqual(ids);
    expect((await t.kpis({ kind: "absence" })).total_crms).toBe(ids.length);
    const others = await db
      .select({ id: crms.id })
      .from(crms)
      .where(and(eq(crms.companyId, app.fx().demo.companyId), eq(crms.kind, "absence")));
    const notMine = others.find((o) => !ids.includes(o.id));
    if (notMine) {
      const e = await failure(t.get({ id: notMine.id }));
      expect(e.code).toBe("FORBIDDEN");
      expect(e.message).toBe(CRM_TEXTS.forbidden);
      expect((await failure(t.markLost({ id: notMine.id }))).code).toBe("FORBIDDEN");
    }
  });

  it("a cursor made for other filters is refused", async () => {
    const c = await admin();
    const page = await c.absences({});
    if (page.next_cursor)
      expect((await failure(c.absences({ search: "x", cursor: page.next_cursor }))).code).toBe("BAD_REQUEST");
  });
});

describe("detail and actions", () => {
  const openOne = async (kind: CrmKind) => {
    const c = await admin();
    const row = (await listOf(c, kind)({ status: ["initial"] })).items[0];
    if (!row) throw new Error(`no open ${kind}`);
    return row.id;
  };

  it("shows the management with previous -> next requirement, generated by and the custom action", async () => {
    const c = await admin();
    const id = await openOne("retention");
    const d = await c.get({ id });
    expect(d.kind).toBe("retention");
    expect(d.from_requirement?.name).toBeTruthy();
    expect(d.requirement?.name).toBeTruthy();
    expect(d.generated_by).toBeNull();
    expect(d.client?.name).toBeTruthy();
    expect(d.last_order?.id).toBeGreaterThan(0);
    expect(d.booking_action).toBe(d.booking ? (d.booking.checked_in ? null : "rebook") : "book");
    expect(d.can_update).toBe(true);
  });

  it("changes the status to any other, refuses the current one, and announces it", async () => {
    const c = await admin();
    const id = await openOne("absence");
    const { statuses } = await c.statuses();
    const before = await c.get({ id });
    const other = statuses.find((s) => s.id !== before.status?.id && s.category === "booked");
    const updated = await c.updateStatus({ id, status_id: other?.id ?? 0 });
    expect(updated.category).toBe("booked");
    expect((await failure(c.updateStatus({ id, status_id: other?.id ?? 0 }))).code).toBe("CONFLICT");
    const foreign = app.fx().other.crmStatusIds[0] ?? 0;
    expect((await failure(c.updateStatus({ id, status_id: foreign }))).code).toBe("BAD_REQUEST");
    const events = await app.db().select().from(realtimeEvents).where(eq(realtimeEvents.type, "crm.changed"));
    expect(events.some((e) => JSON.stringify(e.payload).includes(String(id)))).toBe(true);
  });

  it("honours the company's transitions from the current status: none configured, any status", async () => {
    const c = await admin();
    const id = await openOne("absence");
    const current = (await c.get({ id })).status?.id ?? 0;
    const [allowed, refused] = (await c.statuses()).statuses.filter((s) => s.id !== current);
    const companyId = app.fx().demo.companyId;
    await app
      .db()
      .insert(statusTransitions)
      .values({ companyId, fromStatusId: current, toStatusId: allowed?.id ?? 0 });
    // The menu's list carries the rule, so it offers only what the update takes.
    expect((await c.statuses()).transitions).toContainEqual({ from_status_id: current, to_status_id: allowed?.id });
    const error = await failure(c.updateStatus({ id, status_id: refused?.id ?? 0 }));
    expect([error.code, error.message]).toEqual(["CONFLICT", "Este cambio de estado no está permitido"]);
    expect((await c.get({ id })).status?.id).toBe(current);
    expect((await c.updateStatus({ id, status_id: allowed?.id ?? 0 })).status?.id).toBe(allowed?.id);
    await app.db().delete(statusTransitions).where(eq(statusTransitions.fromStatusId, current));
  });

  it("marks lost once with its comment; a second click changes nothing", async () => {
    const c = await admin();
    const id = await openOne("retention");
    const lost = await c.markLost({ id, comment: "No contesta" });
    expect(lost.category).toBe("failed");
    expect(lost.comment).toBe("No contesta");
    const again = await c.markLost({ id, comment: "Otra vez" });
    expect(again.comment).toBe("No contesta");
  });

  it("sends to the waiting list (on hold)", async () => {
    const c = await admin();
    const id = await openOne("absence");
    const held = await c.waitingList({ id, comment: "Llamar en marzo" });
    expect(held.on_hold).toBe(true);
    expect(held.category).toBe("on_hold");
    expect((await c.kpis({ kind: "absence", id })).on_hold_count).toBe(1);
  });

  it("another company's management is NOT_FOUND", async () => {
    const c = await admin();
    expect((await failure(c.get({ id: app.fx().other.crmIds[0] ?? 0 }))).code).toBe("NOT_FOUND");
  });
});

describe("clients", () => {
  it("counts ratings with percentages and filters by them", async () => {
    const c = await admin();
    const all = await c.clients({ page_size: 10 });
    expect(all.rating_counts.map((r) => r.rating)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(all.rating_counts.reduce((n, r) => n + r.count, 0)).toBe(all.total);
    expect(all.items).toHaveLength(10);
    const ids = all.items.map((i) => i.correlative_id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const fives = await c.clients({ rating: [5], page_size: 100 });
    expect(fives.total).toBe(all.rating_counts[5]?.count);
    expect(fives.items.every((i) => i.rating === 5)).toBe(true);
    expect((await failure(c.clients({ page_size: 30 }))).code).toBe("BAD_REQUEST");
  });

  it("shows and updates a client; another company's is NOT_FOUND", async () => {
    const c = await admin();
    const id = app.fx().demo.clientIds[0] ?? 0;
    const detail = await c.clientDetail({ id });
    expect(detail.client.id).toBe(id);
    const updated = await c.updateClient({ id, name: "Carolina Muñoz", rut: "12.345.678-5", rating: 5, email: "" });
    expect(updated.rating).toBe(5);
    expect(updated.email).toBeNull();
    // Open clients lists follow the edit.
    const events = await app.db().select().from(realtimeEvents).where(eq(realtimeEvents.type, "client.changed"));
    expect(
      events.some((e) => e.companyId === app.fx().demo.companyId && JSON.stringify(e.payload.ids) === `[${id}]`),
    ).toBe(true);
    expect((await failure(c.updateClient({ id, name: "X", rut: "12.345.678-9" }))).code).toBe("BAD_REQUEST");
    expect((await failure(c.clientDetail({ id: app.fx().other.clientIds[0] ?? 0 }))).code).toBe("NOT_FOUND");
    // The managements' search follows the client's new name.
    const [row] = await app.db().select({ text: crms.searchText }).from(crms).where(eq(crms.clientId, id)).limit(1);
    if (row) expect(row.text).toContain("CAROLINA MUNOZ");
  });

  it("searches name, RUT with or without dots, e-mail and phone (folded, a word's start below three characters); counts follow edits", async () => {
    const c = await admin();
    const id = app.fx().demo.clientIds[1] ?? 0;
    await c.updateClient({
      id,
      name: "Íñigo Zúñiga Quiroz",
      rut: "11.111.111-1",
      rating: 2,
      email: "inigo.zq@correo.cl",
      phone: "+56 9 7777 1234",
    });
    for (const search of ["zuñiga quir", "ZUNIGA", "11.111.111-1", "111111111", "inigo.zq@", "7777 1234", "zú"]) {
      const found = await c.clients({ search, page_size: 100 });
      expect(
        found.items.map((i) => i.id),
        search,
      ).toContain(id);
      expect(
        found.rating_counts.reduce((n, r) => n + r.count, 0),
        search,
      ).toBe(found.total);
    }
    expect((await c.clients({ search: "ñi" })).items.map((i) => i.id)).not.toContain(id);
    // The unfiltered counts are kept by triggers: equal to a recount after the edit above and a new client.
    await app
      .db()
      .insert(clientsTable)
      .values({ companyId: app.fx().demo.companyId, name: "Nuevo Cliente", rating: 4 });
    const [recount] = await queryRows<{ n: number[] }>(
      app.db(),
      sql`SELECT array_agg(n ORDER BY r) AS n FROM (SELECT r, count(cl.id)::int AS n FROM generate_series(0, 5) r
          LEFT JOIN clients cl ON cl.rating = r AND cl.company_id = ${app.fx().demo.companyId} GROUP BY r) x`,
    );
    expect((await c.clients({})).rating_counts.map((r) => r.count)).toEqual(recount?.n);
  });
});
