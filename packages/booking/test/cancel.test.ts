// 'Anular' a booking (booking.cancel): kept with its reason, its place free again in both modes (the day lock's count
// and the professional's exclusion constraint), out of the agenda's reads, final for every transition, and what
// follows bookings (a vehicle's 'Agendado', the CRM's managements, the client's page) lets go of it.
import { addDays, BOOKING_ERRORS } from "@taller/core";
import { crms, queryRows } from "@taller/db";
import { chileanHolidays } from "@taller/db/seed";
import { createCallerFactory } from "@taller/trpc";
import { callFailure as failure, useSeededApp } from "@taller/trpc/testing";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookingRouter } from "../src";
import { localNow } from "../src/slots";

const createCaller = createCallerFactory(bookingRouter);
const app = useSeededApp();
const callerFor = async (email: string) => createCaller(await app.staff(email));
const admin = () => callerFor("admin@taller.demo");
const other = () => callerFor("admin@otro.demo");

let keys = 0;
const key = () => `cancel-key-${++keys}-${Date.now()}`;
const today = localNow(Date.now()).date;
const holidays = new Set(
  [...chileanHolidays(Number(today.slice(0, 4))), ...chileanHolidays(Number(today.slice(0, 4)) + 1)].map((h) => h.date),
);
/** A Tuesday at least 40 days ahead (past the demo's bookings) that is not a holiday. */
function tuesday(n = 0): string {
  let d = addDays(today, 40);
  let found = -1;
  for (;;) {
    if (new Date(`${d}T00:00:00Z`).getUTCDay() === 2 && !holidays.has(d) && ++found === n) return d;
    d = addDays(d, 1);
  }
}
const fx = () => app.fx().demo;
const tomas = () => fx().userIds["tecnico@taller.demo"] ?? 0;
const reason = "El cliente avisó que no viene";

describe("booking.cancel", () => {
  const form = (over: Record<string, unknown> = {}) => ({
    vehicle_id: fx().vehicleIds[2],
    client_id: fx().clientIds[2],
    location_id: fx().locationIds[0],
    user_id: tomas(),
    booking_date: tuesday(),
    booking_time: "09:00",
    duration: 60,
    idempotency_key: key(),
    ...over,
  });

  it("keeps the booking with its reason, frees the professional's hour and leaves the agenda", async () => {
    const caller = await admin();
    const b = await caller.create(form());
    const hours = async () =>
      (await caller.freeSlots({ booking_date: tuesday(), user_id: tomas(), duration: 60 })).hours;
    expect(await hours()).not.toContain("09:00");
    const cancelled = await caller.cancel({ id: b.id, reason: `  ${reason} ` });
    expect(cancelled).toMatchObject({ id: b.id, cancel_reason: reason });
    expect(cancelled.cancelled_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // Twice answers the same booking; the first reason stays.
    expect((await caller.cancel({ id: b.id, reason: "otro" })).cancel_reason).toBe(reason);
    expect(await hours()).toContain("09:00");
    // The exclusion constraint lets the same professional take the same hour again.
    const again = await caller.create(form());
    expect(again.id).not.toBe(b.id);
    const day = await caller.day({ date: tuesday() });
    expect(day.bookings.map((x) => x.id)).toEqual([again.id]);
    const range = await caller.range({ from: tuesday(), to: tuesday() });
    expect(range.counts[tuesday()]).toBe(1);
    expect((await caller.get({ id: b.id })).cancelled_at).not.toBeNull();
  });

  it("is final: every transition is refused, and a moved, received or missed booking cannot be cancelled", async () => {
    const caller = await admin();
    const b = await caller.create(form({ booking_time: "11:00" }));
    await caller.cancel({ id: b.id, reason });
    for (const call of [
      () => caller.confirm({ id: b.id }),
      () => caller.markNoShow({ id: b.id }),
      () => caller.checkIn({ id: b.id }),
      () => caller.reschedule({ id: b.id, booking_date: tuesday(), booking_time: "15:00", idempotency_key: key() }),
    ])
      expect(await failure(call())).toMatchObject({ code: "CONFLICT", message: BOOKING_ERRORS.cancelled });
    const moved = await caller.create(form({ booking_time: "12:00" }));
    await caller.reschedule({ id: moved.id, booking_date: tuesday(), booking_time: "16:00", idempotency_key: key() });
    expect((await failure(caller.cancel({ id: moved.id, reason }))).message).toBe(BOOKING_ERRORS.rescheduled);
    const received = await caller.create(form({ booking_time: "17:00" }));
    await caller.checkIn({ id: received.id });
    expect((await failure(caller.cancel({ id: received.id, reason }))).message).toBe(BOOKING_ERRORS.checkedIn);
    // The cancelled booking's hour, free again.
    const missed = await caller.create(form({ booking_time: "11:00" }));
    await app.db().execute(sql`UPDATE bookings SET non_attendance = true WHERE id = ${missed.id}`);
    expect((await failure(caller.cancel({ id: missed.id, reason }))).message).toBe(BOOKING_ERRORS.noShow);
  });

  it("needs a reason, and refuses another company, a role without destroy and a user limited to his own", async () => {
    const caller = await admin();
    const b = await caller.create(form({ booking_time: "10:00" }));
    expect(await failure(caller.cancel({ id: b.id, reason: "   " }))).toMatchObject({
      code: "BAD_REQUEST",
      fields: { reason: [BOOKING_ERRORS.cancelReasonRequired] },
    });
    expect((await failure(caller.cancel({ id: b.id, reason: "x".repeat(501) }))).code).toBe("BAD_REQUEST");
    expect((await failure((await other()).cancel({ id: b.id, reason }))).code).toBe("NOT_FOUND");
    expect((await failure((await callerFor("tecnico@taller.demo")).cancel({ id: b.id, reason }))).code).toBe(
      "FORBIDDEN",
    );
    expect((await caller.get({ id: b.id })).cancelled_at).toBeNull();
    // Cancelling and confirming at once: the row lock orders them, and the booking ends cancelled either way.
    const settled = await Promise.allSettled([caller.cancel({ id: b.id, reason }), caller.confirm({ id: b.id })]);
    expect(settled[0].status).toBe("fulfilled");
    expect((await caller.get({ id: b.id })).cancelled_at).not.toBeNull();
  });

  it("frees a capacity place (Otro Taller): a full slot takes a booking again", async () => {
    const caller = await other();
    const o = app.fx().other;
    const slot = {
      location_id: o.locationIds[0],
      booking_date: tuesday(1),
      booking_time: "10:00",
      duration: 30,
      vehicle_id: o.vehicleIds[0],
    };
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await caller.create({ ...slot, idempotency_key: key() }));
    expect((await failure(caller.create({ ...slot, idempotency_key: key() }))).code).toBe("CONFLICT");
    await caller.cancel({ id: made[0]!.id, reason });
    expect(
      (await caller.freeSlots({ booking_date: tuesday(1), location_id: o.locationIds[0], duration: 30 })).hours,
    ).toContain("10:00");
    expect((await caller.create({ ...slot, idempotency_key: key() })).booking_time).toBe("10:00");
    expect((await failure(caller.create({ ...slot, idempotency_key: key() }))).code).toBe("CONFLICT");
  });

  it("leaves the vehicle's 'Agendado' and the client's page, and reopens the retention it had taken up", async () => {
    const o = app.fx().other;
    const db = app.db();
    await db.update(crms).set({ kind: "retention" }).where(eq(crms.id, o.crmId));
    const pub = createCaller(app.anonymous());
    const [hour] = (await pub.public.freeSlots({ token: o.crmToken, booking_date: tuesday(2) })).hours;
    const booked = await pub.public.create({
      token: o.crmToken,
      booking_date: tuesday(2),
      booking_time: hour ?? "",
      idempotency_key: key(),
    });
    const retention = async () =>
      (
        await db.select({ category: crms.category, bookingId: crms.bookingId }).from(crms).where(eq(crms.id, o.crmId))
      )[0];
    expect(await retention()).toEqual({ category: "completed", bookingId: booked.id });
    await (await other()).cancel({ id: booked.id, reason });
    expect(await retention()).toEqual({ category: "initial", bookingId: null });
    expect((await pub.public.get({ token: o.crmToken })).booking).toBeNull();
    // The vehicle's stored state agrees with its bookings that are not cancelled.
    const [state] = await queryRows<{ stored: string | null; live: string | null }>(
      db,
      sql`SELECT s.last_booking_date::text AS stored,
                 (SELECT max(b.booking_date)::text FROM bookings b WHERE b.vehicle_id = s.vehicle_id AND b.cancelled_at IS NULL) AS live
            FROM bookings bk JOIN vehicle_states s ON s.vehicle_id = bk.vehicle_id WHERE bk.id = ${booked.id}`,
    );
    expect(state?.stored).toBe(state?.live);
    expect(state?.stored).not.toBe(tuesday(2));
    // Booking again from the link places a new booking, which the retention follows.
    const again = await pub.public.create({
      token: o.crmToken,
      booking_date: tuesday(2),
      booking_time: hour ?? "",
      idempotency_key: key(),
    });
    expect(again.id).not.toBe(booked.id);
    expect(await retention()).toEqual({ category: "completed", bookingId: again.id });
  });
});
