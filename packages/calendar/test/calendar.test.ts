import { addDays, calendarWindow, deliveryDisplay, todayIn, zonedInstant } from "@taller/core";
import { events, orders, realtimeEvents, rolePermissions, roles, users } from "@taller/db";
import { createCallerFactory, TRPCError } from "@taller/trpc";
import { useSeededApp } from "@taller/trpc/testing";
import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { calendarRouter } from "../src";

const createCaller = createCallerFactory(calendarRouter);
const app = useSeededApp();
const callerFor = async (email: string) => createCaller(await app.staff(email));
const admin = () => callerFor("admin@taller.demo");

const today = () => todayIn();
const month = () => calendarWindow(today());

async function failure(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

/** The field errors a TRPCError carries (zod issues or a handler's fieldError). */
function fieldsOf(error: TRPCError): Record<string, string> {
  const issues = (error.cause as { issues?: { path: PropertyKey[]; message: string }[] } | undefined)?.issues ?? [];
  return Object.fromEntries(issues.map((i) => [i.path.join("."), i.message]));
}

describe("calendar.range", () => {
  it("answers the month's deliveries in every state, each on the day its rule names, inside the window", async () => {
    const window = month();
    const answer = await (await admin()).range(window);
    const shown = answer.deliveries.map((d) => ({ d, display: deliveryDisplay(d) }));
    expect(shown.length).toBeGreaterThan(0);
    for (const { display } of shown) {
      expect(display).not.toBeNull();
      expect(display!.date >= window.from && display!.date <= window.to).toBe(true);
    }
    expect(new Set(shown.map((s) => s.display!.text))).toEqual(
      new Set([
        "Finalización agendada",
        "Finalizado a tiempo",
        "Finalizado atrasado",
        "Finalizado antes",
        "Finalizado",
        "Entregado",
      ]),
    );
    expect(answer.deliveries_capped).toBe(false);
    // Instants travel as the wire's ISO strings, days as 'YYYY-MM-DD'.
    const completed = answer.deliveries.find((d) => d.completed_at !== null);
    expect(completed?.completed_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it("selects exactly the orders whose display day is in the window (the SQL and core's rule agree)", async () => {
    const window = month();
    const answer = await (await admin()).range(window);
    const all = await app
      .db()
      .select({
        id: orders.id,
        finish_date: orders.finishDate,
        completed_at: orders.completedAt,
        ended_at: orders.endedAt,
      })
      .from(orders)
      .where(eq(orders.companyId, app.fx().demo.companyId));
    const expected = all
      .filter((o) => {
        const display = deliveryDisplay({
          finish_date: o.finish_date,
          completed_at: o.completed_at?.toISOString() ?? null,
          ended_at: o.ended_at?.toISOString() ?? null,
        });
        return display !== null && display.date >= window.from && display.date <= window.to;
      })
      .map((o) => o.id)
      .sort((a, b) => a - b);
    expect(answer.deliveries.map((d) => d.id).sort((a, b) => a - b)).toEqual(expected);
  });

  it("a completion at 23:30 in Chile on the window's last day is in it; at 00:30 the next day it is not", async () => {
    const [order] = await app
      .db()
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.companyId, app.fx().demo.companyId))
      .limit(1);
    const day = "2031-05-20";
    const caller = await admin();
    await app
      .db()
      .update(orders)
      .set({ finishDate: null, completedAt: new Date(zonedInstant(day, "23:30")) })
      .where(eq(orders.id, order!.id));
    expect((await caller.range({ from: "2031-05-01", to: day })).deliveries.map((d) => d.id)).toContain(order!.id);
    await app
      .db()
      .update(orders)
      .set({ completedAt: new Date(zonedInstant(addDays(day, 1), "00:30")) })
      .where(eq(orders.id, order!.id));
    expect((await caller.range({ from: "2031-05-01", to: day })).deliveries.map((d) => d.id)).not.toContain(order!.id);
    expect((await caller.range({ from: addDays(day, 1), to: addDays(day, 1) })).deliveries.map((d) => d.id)).toContain(
      order!.id,
    );
  });

  it("answers the events overlapping the window, purple or attached, with end = start + duration", async () => {
    const answer = await (await admin()).range({ ...month(), type: "events" });
    expect(answer.deliveries).toEqual([]);
    expect(answer.events.map((e) => e.id).sort()).toEqual([...app.fx().demo.eventIds].sort());
    const attached = answer.events.find((e) => e.eventable_type === "Order");
    expect(attached?.eventable?.id).toBe(attached?.eventable_id);
    expect(attached?.status_name).toEqual(expect.any(String));
    for (const e of answer.events) {
      expect(Date.parse(e.end_date) - Date.parse(e.start_date)).toBe(e.duration * 3600_000);
    }
  });

  it("answers the company's holidays of the window ('holydays')", async () => {
    const year = Number(today().slice(0, 4));
    const answer = await (await admin()).range({ from: `${year}-09-15`, to: `${year}-09-25`, type: "events" });
    expect(answer.holydays.map((h) => h.date)).toEqual(expect.arrayContaining([`${year}-09-18`, `${year}-09-19`]));
  });

  it("honours the selected locations: only orders there, and events attached to them or to no order", async () => {
    const [first] = app.fx().demo.locationIds;
    const answer = await (await admin()).range({ ...month(), location_ids: [first!] });
    const ids = answer.deliveries.map((d) => d.id);
    const located = await app
      .db()
      .select({ id: orders.id, locationId: orders.locationId })
      .from(orders)
      .where(eq(orders.companyId, app.fx().demo.companyId));
    const at = new Map(located.map((o) => [o.id, o.locationId]));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id) => at.get(id) === first)).toBe(true);
    for (const e of answer.events) if (e.eventable_id !== null) expect(at.get(e.eventable_id)).toBe(first);
    const error = await failure((await admin()).range({ ...month(), location_ids: app.fx().other.locationIds }));
    expect(fieldsOf(error)).toEqual({ location_ids: "Local no disponible" });
  });

  it("own-only: the Técnico sees the orders he received or is assigned, and no order details on others' events", async () => {
    const tech = app.fx().demo.userIds["tecnico@taller.demo"]!;
    const answer = await (await callerFor("tecnico@taller.demo")).range(month());
    const rows = await app
      .db()
      .select({ id: orders.id, userId: orders.userId, assigneeId: orders.assigneeId })
      .from(orders)
      .where(eq(orders.companyId, app.fx().demo.companyId));
    const own = new Set(rows.filter((o) => o.userId === tech || o.assigneeId === tech).map((o) => o.id));
    expect(answer.deliveries.every((d) => own.has(d.id))).toBe(true);
    for (const e of answer.events) {
      if (e.eventable_id !== null && !own.has(e.eventable_id))
        expect([e.eventable, e.order_total, e.status_name]).toEqual([null, null, null]);
    }
  });

  it("own-only on event: a user sees only the events he created", async () => {
    const [role] = await app
      .db()
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.companyId, app.fx().demo.companyId), eq(roles.name, "Técnico")));
    const grant = and(
      eq(rolePermissions.roleId, role!.id),
      eq(rolePermissions.action, "read"),
      eq(rolePermissions.resource, "event"),
    );
    await app.db().update(rolePermissions).set({ restrictedToOwn: true }).where(grant);
    try {
      const tech = app.fx().demo.userIds["tecnico@taller.demo"]!;
      const [own] = await app
        .db()
        .insert(events)
        .values({
          companyId: app.fx().demo.companyId,
          name: "Mío",
          startAt: new Date(zonedInstant(today(), "08:00")),
          durationMinutes: 60,
          createdBy: tech,
        })
        .returning({ id: events.id });
      const answer = await (await callerFor("tecnico@taller.demo")).range({ ...month(), type: "events" });
      expect(answer.events.map((e) => e.id)).toEqual([own!.id]);
      const found = await (await callerFor("tecnico@taller.demo")).search({ query: "capacitacion" });
      expect(found.events).toEqual([]);
      await app.db().delete(events).where(eq(events.id, own!.id));
    } finally {
      await app.db().update(rolePermissions).set({ restrictedToOwn: false }).where(grant);
    }
  });

  it("refuses windows that are reversed, too long or not days, in Spanish", async () => {
    const caller = await admin();
    expect(fieldsOf(await failure(caller.range({ from: "2026-03-01", to: "2026-02-01" })))).toEqual({
      to: "La fecha final no puede ser anterior a la inicial",
    });
    expect(fieldsOf(await failure(caller.range({ from: "2026-01-01", to: "2026-12-31" })))).toEqual({
      to: "El rango no puede superar 62 días",
    });
    expect(fieldsOf(await failure(caller.range({ from: "2026-02-30", to: "2026-03-01" })))).toEqual({
      from: "Fecha inválida",
    });
  });

  it("needs read on event", async () => {
    const [role] = await app
      .db()
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.companyId, app.fx().demo.companyId), eq(roles.name, "Técnico")));
    await app
      .db()
      .delete(rolePermissions)
      .where(and(eq(rolePermissions.roleId, role!.id), eq(rolePermissions.resource, "event")));
    try {
      expect((await failure((await callerFor("tecnico@taller.demo")).range(month()))).code).toBe("FORBIDDEN");
    } finally {
      await app.db().insert(rolePermissions).values({ roleId: role!.id, action: "read", resource: "event" });
    }
  });
});

describe("calendar.search", () => {
  it("finds deliveries by plate and events by name, without accents or case", async () => {
    const caller = await admin();
    const answer = await caller.range(month());
    const plate = answer.deliveries.find((d) => d.identifier)!.identifier!;
    const found = await caller.search({ query: plate.slice(0, 4), type: "deliveries" });
    expect(found.deliveries.some((d) => d.identifier === plate)).toBe(true);
    expect(found.events).toEqual([]);
    const named = await caller.search({ query: "capacitacion", type: "events" });
    expect(named.events.map((e) => e.name)).toContain("Capacitación de frenos");
  });

  it("needs two characters; LIKE wildcards match themselves", async () => {
    const caller = await admin();
    expect(fieldsOf(await failure(caller.search({ query: " a " })))).toEqual({
      query: "Escribe al menos 2 caracteres",
    });
    expect(await caller.search({ query: "%%" })).toEqual({ deliveries: [], events: [] });
  });

  it("stays in the company", async () => {
    const found = await (await callerFor("admin@otro.demo")).search({ query: "capacitacion" });
    expect(found.events.every((e) => !app.fx().demo.eventIds.includes(e.id))).toBe(true);
    expect(found.events.length).toBeGreaterThan(0);
  });
});

describe("calendar.events", () => {
  it("creates a timed event on Chile's clock and an all-day one at 00:00, and announces them", async () => {
    const caller = await admin();
    const heard: string[] = [];
    const controller = new AbortController();
    const listening = (async () => {
      for await (const event of app
        .bus()
        .stream({ companyId: app.fx().demo.companyId, lastEventId: null, signal: controller.signal })) {
        heard.push(event.type);
      }
    })().catch(() => undefined);
    await new Promise((r) => setTimeout(r, 50));

    const timed = await caller.events.create({
      name: "Feria automotriz",
      date: "2031-04-05",
      time: "10:00",
      duration: 2.5,
    });
    expect(timed.start_date).toBe("2031-04-05T13:00:00.000Z"); // winter time (-04)
    expect(timed.end_date).toBe("2031-04-05T15:30:00.000Z");
    expect([timed.date, timed.duration, timed.eventable_type]).toEqual(["2031-04-05", 2.5, null]);
    // 7 September 2031 is the day summer time starts: its 00:00 does not exist, the day begins at 01:00 (-03).
    const whole = await caller.events.create({ name: "Inventario", date: "2031-09-07", all_day: true, duration: 24 });
    expect([whole.start_date, whole.date, whole.all_day]).toEqual(["2031-09-07T04:00:00.000Z", "2031-09-07", true]);

    await expect.poll(() => heard.filter((t) => t === "calendar.event.changed").length).toBe(2);
    controller.abort();
    await listening;
  });

  it("attaches an order and answers its details", async () => {
    const orderId = app.fx().demo.orderIds[3]!;
    const event = await (
      await admin()
    ).events.create({ name: "Prueba", date: "2031-04-10", time: "09:00", duration: 1, order_id: orderId });
    expect([event.eventable_type, event.eventable_id, event.eventable?.id]).toEqual(["Order", orderId, orderId]);
    expect(event.order_total).toEqual(expect.any(Number));
  });

  it("refuses another company's order as 'Orden de Trabajo inexistente'", async () => {
    const foreign = await failure(
      (await admin()).events.create({
        name: "X",
        date: "2031-04-10",
        time: "09:00",
        duration: 1,
        order_id: app.fx().other.orderIds[0],
      }),
    );
    expect([foreign.code, fieldsOf(foreign)]).toEqual(["NOT_FOUND", { order_id: "Orden de Trabajo inexistente" }]);
  });

  it("validates in Spanish, field by field", async () => {
    const error = await failure(
      (await admin()).events.create({ name: "", date: "2031-02-30", time: "9", duration: -1 }),
    );
    expect(error.code).toBe("BAD_REQUEST");
    expect(fieldsOf(error)).toEqual({
      name: "Ingresa un nombre",
      date: "Fecha inválida",
      time: "Hora inválida",
      duration: "La duración mínima es de 1 hora",
    });
    const noTime = await failure((await admin()).events.create({ name: "Sin hora", date: "2031-02-10", duration: 1 }));
    expect(fieldsOf(noTime)).toEqual({ time: "Ingresa la hora" });
  });

  it("updates every field, detaches the order, and another company's event is NOT_FOUND", async () => {
    const caller = await admin();
    const id = app.fx().demo.eventIds[3]!;
    const changed = await caller.events.update({
      id,
      name: "Prueba de ruta larga",
      date: "2031-06-01",
      time: "08:15",
      duration: 1.75,
      order_id: null,
    });
    expect([changed.name, changed.start_date, changed.duration, changed.eventable_type]).toEqual([
      "Prueba de ruta larga",
      "2031-06-01T12:15:00.000Z",
      1.75,
      null,
    ]);
    const [row] = await app
      .db()
      .select({ minutes: events.durationMinutes, orderId: events.orderId })
      .from(events)
      .where(eq(events.id, id));
    expect(row).toEqual({ minutes: 105, orderId: null });
    const foreign = await failure(
      (await callerFor("admin@otro.demo")).events.update({
        id,
        name: "X",
        date: "2031-06-01",
        time: "08:00",
        duration: 1,
      }),
    );
    expect(foreign.code).toBe("NOT_FOUND");
  });

  it("needs create / update on event: the Técnico reads only", async () => {
    const tech = await callerFor("tecnico@taller.demo");
    expect(
      (await failure(tech.events.create({ name: "X", date: "2031-04-10", time: "09:00", duration: 1 }))).code,
    ).toBe("FORBIDDEN");
    expect(
      (
        await failure(
          tech.events.update({
            id: app.fx().demo.eventIds[0]!,
            name: "X",
            date: "2031-04-10",
            time: "09:00",
            duration: 1,
          }),
        )
      ).code,
    ).toBe("FORBIDDEN");
  });

  it("deletes an event once, announcing it; a second delete, another company's event and a user without destroy are refused", async () => {
    const caller = await admin();
    const event = await caller.events.create({ name: "Para borrar", date: "2031-05-02", time: "11:00", duration: 1 });
    const announced = async () =>
      (
        await app
          .db()
          .select({ id: realtimeEvents.id })
          .from(realtimeEvents)
          .where(
            and(
              eq(realtimeEvents.type, "calendar.event.changed"),
              sql`${realtimeEvents.payload}->>'id' = ${String(event.id)}`,
            ),
          )
      ).length;
    const before = await announced();
    // Another company and the Técnico (read only) cannot.
    expect((await failure((await callerFor("admin@otro.demo")).events.delete({ id: event.id }))).code).toBe(
      "NOT_FOUND",
    );
    expect((await failure((await callerFor("tecnico@taller.demo")).events.delete({ id: event.id }))).code).toBe(
      "FORBIDDEN",
    );
    expect(await caller.events.delete({ id: event.id })).toEqual({ id: event.id });
    expect(await app.db().select().from(events).where(eq(events.id, event.id))).toEqual([]);
    expect(await announced()).toBe(before + 1);
    expect((await failure(caller.events.delete({ id: event.id }))).code).toBe("NOT_FOUND");
    expect(await announced()).toBe(before + 1);
  });

  it("an own-only destroy grant deletes only the user's own events", async () => {
    const [asesor] = await app
      .db()
      .select({ roleId: users.roleId })
      .from(users)
      .where(eq(users.email, "asesor@taller.demo"));
    const roleId = asesor?.roleId ?? 0;
    await app
      .db()
      .insert(rolePermissions)
      .values({ roleId, action: "destroy", resource: "event", restrictedToOwn: true });
    try {
      const mine = await (
        await callerFor("asesor@taller.demo")
      ).events.create({ name: "Mío", date: "2031-05-03", time: "09:00", duration: 1 });
      const admins = await (
        await admin()
      ).events.create({ name: "Del admin", date: "2031-05-03", time: "10:00", duration: 1 });
      const asesorCaller = await callerFor("asesor@taller.demo");
      expect((await failure(asesorCaller.events.delete({ id: admins.id }))).code).toBe("NOT_FOUND");
      expect(await asesorCaller.events.delete({ id: mine.id })).toEqual({ id: mine.id });
    } finally {
      await app
        .db()
        .delete(rolePermissions)
        .where(
          and(
            eq(rolePermissions.roleId, roleId),
            eq(rolePermissions.action, "destroy"),
            eq(rolePermissions.resource, "event"),
          ),
        );
    }
  });
});

describe("calendar.orderOptions (attaching an order from the event dialog)", () => {
  it("finds orders by number as typed, the exact one first, then newest; '#' allowed", async () => {
    const caller = await admin();
    const [order] = await app
      .db()
      .select({ id: orders.id, n: orders.correlativeId })
      .from(orders)
      .where(and(eq(orders.companyId, app.fx().demo.companyId), eq(orders.correlativeId, 12)));
    const found = await caller.orderOptions({ query: "#12" });
    expect(found[0]).toMatchObject({
      id: order?.id,
      correlative_id: 12,
      status_name: expect.any(String),
      order_total: expect.any(Number),
    });
    expect(found.every((o) => String(o.correlative_id).startsWith("12"))).toBe(true);
    expect(found.length).toBeGreaterThan(1);
    const rest = found.slice(1).map((o) => o.correlative_id);
    expect(rest).toEqual([...rest].sort((a, b) => b - a));
    expect(await caller.orderOptions({ query: "0" })).toEqual([]);
    expect(await caller.orderOptions({ query: "9999999999" })).toEqual([]);
  });

  it("offers only the company's orders the user may read; attaching turns the event the order's", async () => {
    const others = new Set(app.fx().other.orderIds);
    const mine = await (await admin()).orderOptions({ query: "1" });
    expect(mine.some((o) => others.has(o.id))).toBe(false);
    // The Técnico reads only his own orders.
    const tech = await callerFor("tecnico@taller.demo");
    const [techUser] = await app
      .db()
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, "tecnico@taller.demo"));
    const seen = await tech.orderOptions({ query: "1" });
    const rows = seen.length
      ? await app
          .db()
          .select({ userId: orders.userId, assigneeId: orders.assigneeId })
          .from(orders)
          .where(
            inArray(
              orders.id,
              seen.map((o) => o.id),
            ),
          )
      : [];
    expect(rows.every((r) => r.userId === techUser?.id || r.assigneeId === techUser?.id)).toBe(true);

    const event = await (
      await admin()
    ).events.create({ name: "Sin orden", date: "2031-05-04", time: "09:00", duration: 1 });
    const picked = mine[0]!;
    const attached = await (
      await admin()
    ).events.update({
      id: event.id,
      name: event.name,
      date: event.date,
      time: "09:00",
      duration: 1,
      order_id: picked.id,
    });
    expect([attached.eventable_type, attached.eventable?.correlative_id]).toEqual(["Order", picked.correlative_id]);
  });
});
