// The agenda's reads and toggles through the router's caller (booking-desk): booking.range, booking.search,
// booking.toggleBlock, booking.externalMails.*, and the inbound mail's key and receiver, against a real database.
import { AGENDA_MONTH_SHOWN, BOOKING_RANGE_MAX_DAYS, compareBookingsForMonth, isInstant } from "@taller/core";
import {
  bookingBlocks,
  bookings,
  clients,
  externalMails,
  holidays,
  inboundMailKeys,
  rolePermissions,
  vehicles,
} from "@taller/db";
import { createCallerFactory, type BusEvent } from "@taller/trpc";
import { useSeededApp } from "@taller/trpc/testing";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingRouter, companyForInboundMailKey, issueInboundMailKey, receiveBookingMail } from "../src";
import { BLOCK_ERRORS } from "../src/toggle-block";
import { MAIL_ERRORS } from "../src/inbound/mail-layout";
import { SEARCH_MAX_ITEMS } from "../src/search";

const createCaller = createCallerFactory(bookingRouter);
const app = useSeededApp();
const as = async (email: string) => createCaller(await app.staff(email));
const admin = () => as("admin@taller.demo");
const other = () => as("admin@otro.demo");
const tecnico = () => as("tecnico@taller.demo");
const fx = () => app.fx().demo;

const DAY = 86400_000;
/** Today in America/Santiago, and days around it. */
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Santiago" }).format(new Date());
const day = (offset: number) => new Date(Date.parse(`${today()}T12:00:00Z`) + offset * DAY).toISOString().slice(0, 10);
const ddmmyyyy = (iso: string) => iso.split("-").reverse().join("-");

/**
 * Runs `fn` and waits for the bus to deliver an event like `expected` (PostgreSQL delivers after COMMIT, a moment
 * later).
 */
async function expectEvent(fn: () => Promise<unknown>, expected: Partial<BusEvent>): Promise<void> {
  const seen: BusEvent[] = [];
  const stop = app.bus().subscribe((e) => seen.push(e));
  try {
    await fn();
    await expect.poll(() => seen).toContainEqual(expect.objectContaining(expected));
  } finally {
    stop();
  }
}

async function insertBooking(
  values: Partial<typeof bookings.$inferInsert> & { bookingDate: string; bookingTime: string },
) {
  const [row] = await app
    .db()
    .insert(bookings)
    .values({ companyId: fx().companyId, duration: 30, ...values })
    .returning({ id: bookings.id });
  return row!.id;
}

describe("booking.range", () => {
  it("counts the window's bookings per day and lists the first of each in the month's order", async () => {
    const from = day(-7);
    const to = day(38);
    const r = await (await admin()).range({ from, to });
    const inWindow = await app
      .db()
      .select({ id: bookings.id, date: bookings.bookingDate })
      .from(bookings)
      .where(eq(bookings.companyId, fx().companyId));
    const expected: Record<string, number> = {};
    for (const b of inWindow) if (b.date >= from && b.date <= to) expected[b.date] = (expected[b.date] ?? 0) + 1;
    expect(r.counts).toEqual(expected);
    const got = Object.values(r.bookings).flat();
    expect(got.length).toBeGreaterThan(0);
    for (const [date, list] of Object.entries(r.bookings)) {
      expect(list.every((b) => b.booking_date === date)).toBe(true);
      expect(list).toHaveLength(Math.min(AGENDA_MONTH_SHOWN, expected[date] ?? 0));
      expect(list).toEqual([...list].sort(compareBookingsForMonth));
    }
    const first = got[0]!;
    expect(isInstant(first.start_date)).toBe(true);
    expect(Object.keys(first).sort()).toEqual(
      [
        "id",
        "start_date",
        "booking_date",
        "booking_time",
        "duration",
        "client_id",
        "client_name",
        "client_rut",
        "vehicle_id",
        "identifier",
        "requirement_id",
        "requirement_name",
        "location_id",
        "user_id",
        "booking_type",
        "completed",
        "confirmed",
        "non_attendance",
        "rescheduled",
        "rescheduled_for",
        "rescheduled_from",
        "check_in_time",
        "order",
        "comment",
      ].sort(),
    );
  });

  it("lists a day's first bookings by the month's rule, states before times, and counts the rest", async () => {
    // The core rule's example: checked in, confirmed, no-show, rescheduled, then re-entry and unconfirmed.
    const at = (bookingTime: string, values: Partial<typeof bookings.$inferInsert> = {}) =>
      insertBooking({ bookingDate: day(45), bookingTime, ...values });
    const unconfirmed = await at("07:00");
    await at("07:10", { rescheduled: true });
    const noShow = await at("07:20", { nonAttendance: true });
    const confirmed = await at("07:30", { confirmed: true });
    const checkedIn = await at("07:40", { checkInTime: new Date() });
    await at("06:50", { bookingType: "reentry" });
    const r = await (await admin()).range({ from: day(45), to: day(45) });
    expect(r.bookings[day(45)]?.map((b) => b.id)).toEqual([checkedIn, confirmed, noShow]);
    expect(r.counts[day(45)]).toBe(6);
    const whole = await (await admin()).day({ date: day(45) });
    expect(whole.total).toBe(6);
    expect(whole.bookings.map((b) => b.booking_time)).toEqual(["06:50", "07:00", "07:10", "07:20", "07:30", "07:40"]);
    expect(whole.bookings.map((b) => b.id)).toContain(unconfirmed);
  });

  it("answers the company's slots per weekday and the day view's preferences", async () => {
    const r = await (await admin()).range({ from: day(0), to: day(1) });
    expect(Object.keys(r.days)).toEqual(["1", "2", "3", "4", "5", "6", "7"]);
    // Demo: Monday to Friday 09:00-18:00, Saturday 09:00-13:00, Sunday closed; every 10 minutes.
    expect(r.days["1"]).toHaveLength(54);
    expect(r.days["1"]?.slice(0, 3)).toEqual(["09:00", "09:10", "09:20"]);
    expect(r.days["6"]?.at(-1)).toBe("12:50");
    expect(r.days["7"]).toEqual([]);
    // Taller Demo books per professional (Otro Taller by capacity).
    expect(r).toMatchObject({ booking_type: "professional", max_bookings: 3, time_interval: 10 });
    expect(await (await other()).range({ from: day(0), to: day(1) })).toMatchObject({ booking_type: "capacity" });
  });

  it("answers company-wide holidays and those of the selected locations", async () => {
    const year = new Date().getFullYear();
    const [loc1, loc2] = fx().locationIds;
    await app
      .db()
      .insert(holidays)
      .values({ companyId: fx().companyId, locationId: loc2!, date: `${year}-12-26`, name: "Aniversario sucursal" });
    const december = { from: `${year}-12-01`, to: `${year}-12-31` };
    const everything = await (await admin()).range(december);
    expect(everything.holydays).toEqual(
      expect.arrayContaining([
        { date: `${year}-12-25`, name: expect.any(String), location_id: null },
        { date: `${year}-12-26`, name: "Aniversario sucursal", location_id: loc2 },
      ]),
    );
    const onlyFirst = await (await admin()).range({ ...december, location_ids: [loc1!] });
    expect(onlyFirst.holydays.map((h) => h.date)).toContain(`${year}-12-25`);
    expect(onlyFirst.holydays.map((h) => h.date)).not.toContain(`${year}-12-26`);
  });

  it("follows the selected locations; a location of another company is refused", async () => {
    const [loc1, loc2] = fx().locationIds;
    const id = await insertBooking({ locationId: loc2!, bookingDate: day(4), bookingTime: "11:00" });
    const ids = async (location_ids?: number[]) =>
      (await (await admin()).day({ date: day(4), location_ids })).bookings.map((b) => b.id);
    expect(await ids([loc2!])).toEqual([id]);
    const month = async (location_ids: number[]) =>
      (await (await admin()).range({ from: day(0), to: day(10), location_ids })).counts[day(4)];
    expect(await month([loc2!])).toBe(1);
    expect(await month([loc1!, loc2!])).toBe(((await month([loc1!])) ?? 0) + 1);
    expect(await ids([loc1!])).not.toContain(id);
    expect(await ids([])).toContain(id);
    expect(await ids([loc1!, loc2!])).toContain(id);
    await expect(
      (await admin()).range({ from: day(0), to: day(10), location_ids: [app.fx().other.locationIds[0]!] }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(
      (await admin()).day({ date: day(4), location_ids: [app.fx().other.locationIds[0]!] }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("shows a user restricted to his own bookings only his, and only his and everyone's blocks", async () => {
    const me = fx().userIds["tecnico@taller.demo"]!;
    const boss = fx().userIds["admin@taller.demo"]!;
    // Before opening hours: the demo's bookings of these professionals never overlap them (exclusion constraint).
    const mine = await insertBooking({ userId: me, bookingDate: day(5), bookingTime: "07:00" });
    const created = await insertBooking({ createdBy: me, bookingDate: day(5), bookingTime: "07:30" });
    const theirs = await insertBooking({ userId: boss, bookingDate: day(5), bookingTime: "08:00" });
    const admin_ = await admin();
    await admin_.toggleBlock({ date: day(5), hour: "12:00", user_id: boss });
    await admin_.toggleBlock({ date: day(5), hour: "13:00", user_id: me });
    await admin_.toggleBlock({ date: day(5), hour: "14:00" });
    const r = await (await tecnico()).range({ from: day(0), to: day(10) });
    // His: those he is the professional of (the demo seeds him some) and the one he made for nobody in particular.
    const seen = (await (await tecnico()).day({ date: day(5) })).bookings;
    expect(r.counts[day(5)]).toBe(seen.length);
    expect(seen.map((b) => b.id)).toEqual(expect.arrayContaining([mine, created]));
    expect(seen.map((b) => b.id)).not.toContain(theirs);
    expect(seen.filter((b) => b.id !== created).every((b) => b.user_id === me)).toBe(true);
    expect(r.blocks.filter((b) => b.date === day(5)).map((b) => [b.hour, b.user_id])).toEqual([
      ["13:00", me],
      ["14:00", "all"],
    ]);
    const all = await admin_.day({ date: day(5) });
    expect(all.bookings.map((b) => b.id)).toEqual(expect.arrayContaining([mine, created, theirs]));
  });

  it("shows another company none of these bookings", async () => {
    const r = await (await other()).range({ from: day(-7), to: day(38) });
    const demo = new Set(fx().bookingIds);
    expect(
      Object.values(r.bookings)
        .flat()
        .filter((b) => demo.has(b.id)),
    ).toEqual([]);
    const days = await Promise.all(Object.keys(r.counts).map(async (date) => (await other()).day({ date })));
    expect(days.flatMap((d) => d.bookings).filter((b) => demo.has(b.id))).toEqual([]);
  });

  it.each([
    ["from after to", { from: day(3), to: day(2) }],
    [`more than ${BOOKING_RANGE_MAX_DAYS} days`, { from: day(0), to: day(BOOKING_RANGE_MAX_DAYS + 1) }],
    ["a date that does not exist", { from: "2026-02-30", to: "2026-03-02" }],
  ])("refuses %s", async (_, input) => {
    await expect((await admin()).range(input)).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it(`accepts exactly ${BOOKING_RANGE_MAX_DAYS} days`, async () => {
    await expect((await admin()).range({ from: day(0), to: day(BOOKING_RANGE_MAX_DAYS) })).resolves.toBeTruthy();
  });
});

describe("booking.search", () => {
  let target: { id: number; identifier: string; rut: string; date: string };
  beforeAll(async () => {
    const [vehicle] = await app.db().select().from(vehicles).where(eq(vehicles.companyId, fx().companyId)).limit(1);
    const [client] = await app
      .db()
      .insert(clients)
      .values({ companyId: fx().companyId, name: "Zoila Búsqueda", rut: "11.111.111-1" })
      .returning();
    const id = await insertBooking({
      vehicleId: vehicle!.id,
      clientId: client!.id,
      bookingDate: day(9),
      bookingTime: "17:35",
      comment: "Reagendada por lluvia",
      requirementId: fx().requirementIds[0]!,
    });
    target = { id, identifier: vehicle!.identifier, rut: client!.rut!, date: day(9) };
  });

  it.each([
    ["the time", () => "17:35"],
    ["the date as typed in Chile", () => ddmmyyyy(target.date)],
    ["the date as stored", () => target.date],
    ["the client's RUT with dots", () => target.rut],
    ["the client's RUT bare", () => "111111111"],
    ["the client's name without accents, any case", () => "zoila busq"],
    ["the vehicle's identifier", () => target.identifier.toLowerCase()],
    ["the reschedule note", () => "por lluvia"],
  ])("finds a booking by %s", async (_, query) => {
    const r = await (await admin()).search({ query: query() });
    expect(r.items.map((b) => b.id)).toContain(target.id);
  });

  it("treats LIKE wildcards as text", async () => {
    expect((await (await admin()).search({ query: "%%" })).items).toEqual([]);
    expect((await (await admin()).search({ query: "__" })).items).toEqual([]);
  });

  it(`answers at most ${SEARCH_MAX_ITEMS}, those closest to today, in start order`, async () => {
    const ids = [];
    for (let i = 0; i < SEARCH_MAX_ITEMS + 10; i++) {
      ids.push(await insertBooking({ bookingDate: day(i - 30), bookingTime: "08:05", comment: "lote de prueba" }));
    }
    const r = await (await admin()).search({ query: "lote de prueba" });
    expect(r.items).toHaveLength(SEARCH_MAX_ITEMS);
    // 60 bookings on days -30..29: the ten left out are the farthest from now (the oldest five or six, and the
    // last four or five, depending on the hour of the run against 08:05).
    const days = r.items.map((b) => b.booking_date);
    expect(days).toEqual([...days].sort());
    expect(days[0]! >= day(-25) && days.at(-1)! <= day(25)).toBe(true);
  });

  it("keeps to the caller's own bookings and company", async () => {
    expect((await (await tecnico()).search({ query: "por lluvia" })).items).toEqual([]);
    expect((await (await other()).search({ query: "por lluvia" })).items).toEqual([]);
  });

  it("refuses fewer than 2 characters", async () => {
    await expect((await admin()).search({ query: " a " })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});

describe("booking.toggleBlock", () => {
  const blockRows = (date: string) =>
    app
      .db()
      .select()
      .from(bookingBlocks)
      .where(and(eq(bookingBlocks.companyId, fx().companyId), eq(bookingBlocks.date, date)));

  it("blocks, then unblocks the same row, and announces each change", async () => {
    const caller = await admin();
    const first = await caller.toggleBlock({ date: day(6), hour: "10:00" });
    expect(first).toEqual({ id: expect.any(Number), date: day(6), hour: "10:00", user_id: "all", active: true });
    await expectEvent(() => caller.toggleBlock({ date: day(6), hour: "10:00", active: true }), {
      type: "booking.blocks_changed",
      companyId: fx().companyId,
      payload: { ids: [first.id] },
    });
    expect(await caller.toggleBlock({ date: day(6), hour: "10:00", user_id: "all" })).toEqual({
      ...first,
      active: false,
    });
    expect(await caller.toggleBlock({ date: day(6), hour: "10:00" })).toEqual({ ...first, active: true });
    const range = await caller.range({ from: day(6), to: day(6) });
    expect(range.blocks).toEqual([first]);
  });

  it("keeps one row per target whatever the concurrency, each toggle applied once", async () => {
    const caller = await admin();
    const answers = await Promise.all(Array.from({ length: 9 }, () => caller.toggleBlock({ date: day(7) })));
    const rows = await blockRows(day(7));
    expect(rows).toHaveLength(1);
    // Nine flips from nothing: blocked, and the answers alternate through both states.
    expect(rows[0]!.active).toBe(true);
    expect(answers.filter((a) => a.active)).toHaveLength(5);
    expect(new Set(answers.map((a) => a.id))).toEqual(new Set([rows[0]!.id]));
  });

  it("with the state wanted, is idempotent: retries and double clicks land on it", async () => {
    const caller = await admin();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => caller.toggleBlock({ date: day(8), hour: "15:30", active: true })),
    );
    expect(answers.every((a) => a.active)).toBe(true);
    expect(await blockRows(day(8))).toHaveLength(1);
    expect((await caller.toggleBlock({ date: day(8), hour: "15:30", active: false })).active).toBe(false);
    expect((await caller.toggleBlock({ date: day(8), hour: "15:30", active: false })).active).toBe(false);
  });

  it("blocks a professional's hour, apart from the whole workshop's", async () => {
    const caller = await admin();
    const me = fx().userIds["tecnico@taller.demo"]!;
    const pro = await caller.toggleBlock({ date: day(9), hour: "09:00", user_id: me });
    const all = await caller.toggleBlock({ date: day(9), hour: "09:00" });
    expect(pro.user_id).toBe(me);
    expect(all.user_id).toBe("all");
    expect(pro.id).not.toBe(all.id);
  });

  it("accepts today and refuses a past day (America/Santiago)", async () => {
    const caller = await admin();
    await expect(caller.toggleBlock({ date: today(), hour: "23:50" })).resolves.toMatchObject({ active: true });
    await expect(caller.toggleBlock({ date: day(-1) })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: BLOCK_ERRORS.pastDate,
    });
    expect(await blockRows(day(-1))).toEqual([]);
  });

  it("refuses another company's professional, and a user without the permission", async () => {
    await expect(
      (await other()).toggleBlock({ date: day(3), user_id: fx().userIds["tecnico@taller.demo"]! }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect((await tecnico()).toggleBlock({ date: day(3) })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("under an own-only grant, lets a professional block only his own hours", async () => {
    const roleId = app.fx().demo.roleIds["Técnico"]!;
    await app
      .db()
      .insert(rolePermissions)
      .values({ roleId, action: "create", resource: "booking_block", restrictedToOwn: true });
    try {
      const caller = await tecnico();
      const me = fx().userIds["tecnico@taller.demo"]!;
      await expect(caller.toggleBlock({ date: day(10), hour: "10:00", user_id: me })).resolves.toMatchObject({
        user_id: me,
        active: true,
      });
      await expect(caller.toggleBlock({ date: day(10), hour: "10:00" })).rejects.toMatchObject({
        code: "FORBIDDEN",
        message: BLOCK_ERRORS.notOwn,
      });
    } finally {
      await app
        .db()
        .delete(rolePermissions)
        .where(and(eq(rolePermissions.roleId, roleId), eq(rolePermissions.resource, "booking_block")));
    }
  });
});

describe("booking.externalMails", () => {
  it("lists the company's e-mail bookings newest first; another company and an own-only user see none of them", async () => {
    const list = await (await admin()).externalMails.list();
    expect(list.map((m) => m.id)).toEqual(expect.arrayContaining(fx().externalMailIds));
    const times = list.map((m) => Date.parse(m.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(list).toContainEqual(
      expect.objectContaining({ readed: false, is_booked: false, get_booking: null, data: expect.any(Object) }),
    );
    expect(isInstant(list[0]!.created_at)).toBe(true);
    const foreign = await (await other()).externalMails.list();
    expect(foreign.filter((m) => fx().externalMailIds.includes(m.id))).toEqual([]);
    expect(await (await tecnico()).externalMails.list()).toEqual([]);
  });

  it("shows the booking a mail produced, with its order", async () => {
    const bookingId = await insertBooking({ bookingDate: day(20), bookingTime: "07:00" });
    const [mail] = await app
      .db()
      .insert(externalMails)
      .values({
        companyId: fx().companyId,
        messageId: "<booked@test>",
        isBooked: true,
        bookingId,
        data: {
          location_name: null,
          client_rut: null,
          client_name: "X",
          identifier: null,
          requirement_name: null,
          booking_date: null,
          booking_time: null,
        },
      })
      .returning();
    const listed = (await (await admin()).externalMails.list()).find((m) => m.id === mail!.id);
    expect(listed?.get_booking).toEqual({
      id: bookingId,
      booking_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      booking_time: expect.stringMatching(/^\d{2}:\d{2}$/),
      order: null,
    });
  });

  it("removes one and answers the rest; removing it again, or another company's, is NOT_FOUND", async () => {
    const caller = await admin();
    const before = await caller.externalMails.list();
    const victim = before[0]!;
    let rest: typeof before = [];
    await expectEvent(async () => (rest = await caller.externalMails.remove({ id: victim.id })), {
      type: "booking.external_mails_changed",
      payload: { ids: [victim.id] },
    });
    expect(rest.map((m) => m.id)).toEqual(before.slice(1).map((m) => m.id));
    await expect(caller.externalMails.remove({ id: victim.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect((await other()).externalMails.remove({ id: rest[0]!.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await caller.externalMails.list()).map((m) => m.id)).toContain(rest[0]!.id);
  });
});

describe("inbound mail: key and receiver", () => {
  let key: string;
  afterAll(async () => {
    await app.db().delete(inboundMailKeys);
  });

  it("opens its company with the right key only; a new key retires the old", async () => {
    key = await issueInboundMailKey(app.db(), fx().companyId);
    expect(key).toMatch(/^[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}$/);
    expect(await companyForInboundMailKey(app.db(), key)).toBe(fx().companyId);
    const [selector, verifier] = key.split(".") as [string, string];
    const flipped = `${verifier.slice(0, -1)}${verifier.endsWith("A") ? "B" : "A"}`;
    expect(await companyForInboundMailKey(app.db(), `${selector}.${flipped}`)).toBeNull();
    expect(await companyForInboundMailKey(app.db(), `${"x".repeat(16)}.${verifier}`)).toBeNull();
    expect(await companyForInboundMailKey(app.db(), "not-a-key")).toBeNull();
    const [stored] = await app.db().select().from(inboundMailKeys).where(eq(inboundMailKeys.companyId, fx().companyId));
    expect(JSON.stringify(stored)).not.toContain(verifier);
    const next = await issueInboundMailKey(app.db(), fx().companyId);
    expect(await companyForInboundMailKey(app.db(), key)).toBeNull();
    expect(await companyForInboundMailKey(app.db(), next)).toBe(fx().companyId);
  });

  it("stores a mail once per Message-ID, matches its location by name, and announces it", async () => {
    const deps = { db: app.db(), bus: app.bus() };
    const text = `Local: casa MATRIZ\nPatente: ab-12-34\nFecha: ${ddmmyyyy(day(3))}\nHora: 11:00`;
    const first = await receiveBookingMail(deps, fx().companyId, { messageId: "<m1@test>", text, html: null });
    expect(first).toEqual({ status: "created", id: expect.any(Number) });
    const id = first.status === "created" ? first.id : 0;
    await expectEvent(() => receiveBookingMail(deps, fx().companyId, { messageId: "<m2@test>", text, html: null }), {
      type: "booking.external_mails_changed",
      companyId: fx().companyId,
    });
    expect(await receiveBookingMail(deps, fx().companyId, { messageId: "<m1@test>", text, html: null })).toEqual({
      status: "duplicate",
    });
    // The same Message-ID in another company is another mail.
    expect(
      await receiveBookingMail(deps, app.fx().other.companyId, { messageId: "<m1@test>", text, html: null }),
    ).toMatchObject({ status: "created" });
    const listed = (await (await admin()).externalMails.list()).find((m) => m.id === id);
    expect(listed).toMatchObject({
      location_id: fx().locationIds[0],
      location_name: "Casa Matriz",
      data: { identifier: "AB1234", booking_date: day(3), booking_time: "11:00" },
    });
    const rows = await app
      .db()
      .select()
      .from(externalMails)
      .where(inArray(externalMails.messageId, ["<m1@test>"]));
    expect(rows).toHaveLength(2);
  });

  it("reads an HTML-only mail, keeps an unknown location as a name, and refuses a mail it cannot read", async () => {
    const deps = { db: app.db(), bus: app.bus() };
    const html = `<p>Local: Sucursal Ñuñoa</p><p>Nombre: Ana</p><p>Fecha: ${ddmmyyyy(day(2))}</p><p>Hora: 9:00</p>`;
    const r = await receiveBookingMail(deps, fx().companyId, { messageId: "<h1@test>", text: "  ", html });
    expect(r.status).toBe("created");
    const listed = (await (await admin()).externalMails.list()).find((m) => r.status === "created" && m.id === r.id);
    expect(listed).toMatchObject({ location_id: null, location_name: "Sucursal Ñuñoa" });
    expect(
      await receiveBookingMail(deps, fx().companyId, { messageId: "<bad@test>", text: "Hola", html: null }),
    ).toEqual({ status: "invalid", reason: MAIL_ERRORS.noDate });
  });
});
