// E-mail bookings become read and booked (booking-gaps): opening 'Agendamientos por correo' marks the listed mails
// read (booking.externalMails.markRead, idempotent), and a booking made from a mail (booking.create with
// external_mail_id) marks it booked and links the booking, in the booking's transaction.
import { addDays, BOOKING_ERRORS, todayIn, type ExternalMailData } from "@taller/core";
import { bookings, clients, externalMails, realtimeEvents, requirements, vehicles } from "@taller/db";
import { createCallerFactory, TRPCError } from "@taller/trpc";
import { useSeededApp } from "@taller/trpc/testing";
import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookingRouter } from "../src";

const createCaller = createCallerFactory(bookingRouter);
const app = useSeededApp();
const as = async (email: string) => createCaller(await app.staff(email));
// Otro Taller books by capacity: no professional to pick.
const otroAdmin = () => as("admin@otro.demo");
const [taller, otro] = [() => app.fx().demo, () => app.fx().other];
let keys = 0;
const key = () => `mail-key-${++keys}-${Date.now()}`;

const data = (over: Partial<ExternalMailData> = {}): ExternalMailData => ({
  location_name: null,
  client_rut: null,
  client_name: "Cliente Correo",
  identifier: null,
  requirement_name: null,
  booking_date: null,
  booking_time: null,
  ...over,
});

async function insertMail(companyId: number, over: Partial<ExternalMailData> = {}, readed = false) {
  const [row] = await app
    .db()
    .insert(externalMails)
    .values({ companyId, messageId: `<t-${++keys}-${Date.now()}@test>`, readed, data: data(over) })
    .returning({ id: externalMails.id });
  return row?.id ?? 0;
}

const mailRow = async (id: number) => (await app.db().select().from(externalMails).where(eq(externalMails.id, id)))[0];
const mailEvents = async (companyId: number) =>
  (
    await app
      .db()
      .select({ n: sql<number>`count(*)::int` })
      .from(realtimeEvents)
      .where(and(eq(realtimeEvents.companyId, companyId), eq(realtimeEvents.type, "booking.external_mails_changed")))
  )[0]?.n ?? 0;

const codeOf = (call: Promise<unknown>) =>
  call.then(
    () => "ok",
    (e: unknown) => (e instanceof TRPCError ? e.code : String(e)),
  );

/** Free places of Otro Taller (capacity), from a week ahead. */
async function freeSlots(n: number) {
  const from = addDays(todayIn(), 7);
  const { days } = await (
    await otroAdmin()
  ).freeSlots({ booking_date: from, to_date: addDays(from, 30), location_id: otro().locationIds[0] });
  return Object.entries(days)
    .flatMap(([day, hours]) => hours.slice(0, 1).map((hour) => ({ booking_date: day, booking_time: hour })))
    .slice(0, n);
}

describe("opening the dialog marks the listed mails read (externalMails.markRead)", () => {
  it("marks unread ones read with one event, and a second call changes nothing and announces nothing", async () => {
    const fresh = [await insertMail(otro().companyId), await insertMail(otro().companyId)];
    const already = await insertMail(otro().companyId, {}, true);
    const caller = await otroAdmin();
    const events = await mailEvents(otro().companyId);
    const list = await caller.externalMails.markRead({ ids: [...fresh, already] });
    expect(list.filter((m) => [...fresh, already].includes(m.id)).every((m) => m.readed)).toBe(true);
    expect(await mailEvents(otro().companyId)).toBe(events + 1);
    const [event] = await app
      .db()
      .select({ payload: realtimeEvents.payload })
      .from(realtimeEvents)
      .where(
        and(eq(realtimeEvents.companyId, otro().companyId), eq(realtimeEvents.type, "booking.external_mails_changed")),
      )
      .orderBy(sql`${realtimeEvents.id} DESC`)
      .limit(1);
    expect(event?.payload).toEqual({ ids: [...fresh].sort((a, b) => a - b) });

    const again = await caller.externalMails.markRead({ ids: [...fresh, already] });
    expect(again.map((m) => [m.id, m.readed])).toEqual(list.map((m) => [m.id, m.readed]));
    expect(await mailEvents(otro().companyId)).toBe(events + 1);
  });

  it("another company's mail is NOT_FOUND and nothing is marked, not even the caller's own; an own-only user marks none", async () => {
    const mine = await insertMail(otro().companyId);
    const theirs = await insertMail(taller().companyId);
    expect(await codeOf((await otroAdmin()).externalMails.markRead({ ids: [mine, theirs] }))).toBe("NOT_FOUND");
    expect((await mailRow(mine))?.readed).toBe(false);
    expect((await mailRow(theirs))?.readed).toBe(false);
    // Técnico reads only his own bookings: e-mail bookings are nobody's.
    expect(await codeOf((await as("tecnico@taller.demo")).externalMails.markRead({ ids: [theirs] }))).toBe("NOT_FOUND");
    expect((await mailRow(theirs))?.readed).toBe(false);
  });
});

describe("a booking made from a mail marks it booked and links it (booking.create with external_mail_id)", () => {
  it("links the booking, marks the mail read and booked, and the list shows the booking", async () => {
    const mail = await insertMail(otro().companyId);
    const [slot] = await freeSlots(1);
    const caller = await otroAdmin();
    const events = await mailEvents(otro().companyId);
    const k = key();
    const booking = await caller.create({
      ...slot!,
      location_id: otro().locationIds[0],
      external_mail_id: mail,
      idempotency_key: k,
    });
    expect(await mailRow(mail)).toMatchObject({ readed: true, isBooked: true, bookingId: booking.id });
    expect(booking.from).toBe("mail");
    expect(await mailEvents(otro().companyId)).toBe(events + 1);
    const listed = (await caller.externalMails.list()).find((m) => m.id === mail);
    expect(listed).toMatchObject({
      readed: true,
      is_booked: true,
      get_booking: { id: booking.id, booking_date: slot!.booking_date, booking_time: slot!.booking_time },
    });
    // A retried 'Agendar' (same key) answers the same booking and changes nothing.
    const retried = await caller.create({
      ...slot!,
      location_id: otro().locationIds[0],
      external_mail_id: mail,
      idempotency_key: k,
    });
    expect(retried.id).toBe(booking.id);
  });

  it("a mail books once: a second booking of it is refused and rolled back, also when both race", async () => {
    const mail = await insertMail(otro().companyId);
    const [a, b, c] = await freeSlots(3);
    const caller = await otroAdmin();
    const count = async () =>
      (
        await app
          .db()
          .select({ n: sql<number>`count(*)::int` })
          .from(bookings)
          .where(eq(bookings.companyId, otro().companyId))
      )[0]?.n;
    const first = await caller.create({ ...a!, external_mail_id: mail, idempotency_key: key() });
    const before = await count();
    const second = await caller
      .create({ ...b!, external_mail_id: mail, idempotency_key: key() })
      .catch((e: unknown) => e);
    expect(second).toBeInstanceOf(TRPCError);
    expect((second as TRPCError).code).toBe("CONFLICT");
    expect((second as TRPCError).message).toBe(BOOKING_ERRORS.mailBooked);
    expect(await count()).toBe(before);
    expect((await mailRow(mail))?.bookingId).toBe(first.id);

    const raced = await insertMail(otro().companyId);
    const results = await Promise.allSettled(
      [b, c].map((slot) => caller.create({ ...slot!, external_mail_id: raced, idempotency_key: key() })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const won = results.find((r) => r.status === "fulfilled")?.value.id;
    expect((await mailRow(raced))?.bookingId).toBe(won);
    expect(await count()).toBe((before ?? 0) + 1);
  });

  it("another company's mail is NOT_FOUND and books nothing; an own-only user cannot book from a mail", async () => {
    const theirs = await insertMail(taller().companyId);
    const [slot] = await freeSlots(1);
    const before = await app
      .db()
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.companyId, otro().companyId));
    expect(
      await codeOf((await otroAdmin()).create({ ...slot!, external_mail_id: theirs, idempotency_key: key() })),
    ).toBe("NOT_FOUND");
    expect(
      await app.db().select({ id: bookings.id }).from(bookings).where(eq(bookings.companyId, otro().companyId)),
    ).toHaveLength(before.length);
    expect((await mailRow(theirs))?.isBooked).toBe(false);
    // Técnico (bookings restricted to his own) never sees e-mail bookings, so he cannot book one either.
    const tecnico = await as("tecnico@taller.demo");
    const call = tecnico.create({
      ...slot!,
      user_id: taller().userIds["tecnico@taller.demo"],
      external_mail_id: theirs,
      idempotency_key: key(),
    });
    expect(await codeOf(call)).toMatch(/NOT_FOUND|FORBIDDEN/);
    expect((await mailRow(theirs))?.isBooked).toBe(false);
  });

  it("the list offers the booking form's prefill: the client by RUT, the vehicle by plate, the requirement by name", async () => {
    const companyId = otro().companyId;
    const [vehicle] = await app
      .db()
      .select({ id: vehicles.id, identifier: vehicles.identifier, clientId: vehicles.clientId })
      .from(vehicles)
      .where(eq(vehicles.companyId, companyId))
      .limit(1);
    const [client] = await app
      .db()
      .select({ id: clients.id, rut: clients.rut })
      .from(clients)
      .where(and(eq(clients.companyId, companyId), sql`${clients.rut} IS NOT NULL`))
      .limit(1);
    const [requirement] = await app
      .db()
      .select({ id: requirements.id, name: requirements.name })
      .from(requirements)
      .where(eq(requirements.companyId, companyId))
      .limit(1);
    const byPlate = await insertMail(companyId, {
      identifier: vehicle?.identifier ?? null,
      requirement_name: requirement?.name.toUpperCase() ?? null,
    });
    const byRut = await insertMail(companyId, { client_rut: client?.rut ?? null });
    const unknown = await insertMail(companyId, {
      client_rut: "1-9",
      identifier: "ZZZZ99",
      requirement_name: "Otra cosa",
    });
    // Another company's client with the same RUT is never offered.
    const list = await (await otroAdmin()).externalMails.list();
    const prefill = (id: number) => list.find((m) => m.id === id)?.prefill;
    expect(prefill(byPlate)).toEqual({
      client_id: vehicle?.clientId ?? null,
      vehicle_id: vehicle?.id,
      requirement_id: requirement?.id,
    });
    expect(prefill(byRut)).toEqual({ client_id: client?.id, vehicle_id: null, requirement_id: null });
    expect(prefill(unknown)).toEqual({ client_id: null, vehicle_id: null, requirement_id: null });
    const own = new Set(
      (await app.db().select({ id: clients.id }).from(clients).where(eq(clients.companyId, companyId))).map(
        (c) => c.id,
      ),
    );
    expect(list.every((m) => m.prefill.client_id === null || own.has(m.prefill.client_id))).toBe(true);
    expect(
      await app
        .db()
        .select()
        .from(externalMails)
        .where(inArray(externalMails.id, [byPlate, byRut, unknown])),
    ).toHaveLength(3);
  });
});
