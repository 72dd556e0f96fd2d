// The client's page from an attacker's side (booking-public): a crm_token opens its own company's case and nothing
// else, whatever ids or keys of another company it is sent with; inputs are bounded.
import { addDays, todayIn } from "@taller/core";
import { bookings } from "@taller/db";
import { createCallerFactory, TRPCError } from "@taller/trpc";
import { useSeededApp } from "@taller/trpc/testing";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookingRouter } from "../src";

const app = useSeededApp();
const pub = () => createCallerFactory(bookingRouter)(app.anonymous());
const [taller, otro] = [() => app.fx().demo, () => app.fx().other];

/** The tRPC code a call fails with (it must fail). */
const codeOf = (call: Promise<unknown>) =>
  call.then(
    () => expect.fail("the call should have failed"),
    (e: unknown) => (e instanceof TRPCError ? e.code : String(e)),
  );

/** The first day with free hours in the three weeks after the next, for this token (and professional). */
async function freeDay(token: string, userId: number | null) {
  const from = addDays(todayIn(), 7);
  const { days } = await pub().public.freeSlots({
    token,
    booking_date: from,
    to_date: addDays(from, 20),
    user_id: userId,
  });
  const found = Object.entries(days).find(([, hours]) => hours.length > 0);
  if (!found) throw new Error("no free day");
  return { day: found[0], hour: found[1][0] ?? "" };
}

const crmBookings = (companyId: number) =>
  app
    .db()
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.companyId, companyId), eq(bookings.from, "crm-addon")));

describe("a crm_token opens one company's case (booking-public)", () => {
  it("reads its own company's case, never the other's", async () => {
    const a = await pub().public.get({ token: taller().crmToken });
    const b = await pub().public.get({ token: otro().crmToken });
    expect(a).toMatchObject({ crm_id: taller().crmId, company: { name: "Taller Demo" } });
    expect(b).toMatchObject({ crm_id: otro().crmId, company: { name: "Otro Taller" } });
    const otroProfessionals = new Set(otro().professionalIds);
    expect(
      (await pub().public.professionals({ token: taller().crmToken })).some((p) => otroProfessionals.has(p.id)),
    ).toBe(false);
  });

  it("cannot book, nor see the hours of, another company's professional", async () => {
    const token = taller().crmToken;
    const stranger = Object.values(otro().userIds)[0] ?? 0;
    const { day, hour } = await freeDay(token, taller().professionalIds[0] ?? null);
    const slots = await pub().public.freeSlots({ token, booking_date: day, user_id: stranger });
    expect(slots.hours).toEqual([]);
    expect(
      await codeOf(
        pub().public.create({
          token,
          booking_date: day,
          booking_time: hour,
          user_id: stranger,
          idempotency_key: `stranger-${Date.now()}`,
        }),
      ),
    ).toMatch(/BAD_REQUEST|CONFLICT|NOT_FOUND/);
    expect(await crmBookings(otro().companyId)).toEqual([]);
  });

  it("a key one company used books anew for the other (keys are per company)", async () => {
    const key = `shared-key-${Date.now()}`;
    const a = await freeDay(taller().crmToken, taller().professionalIds[0] ?? null);
    const booked = await pub().public.create({
      token: taller().crmToken,
      booking_date: a.day,
      booking_time: a.hour,
      user_id: taller().professionalIds[0] ?? null,
      idempotency_key: key,
    });
    const b = await freeDay(otro().crmToken, null);
    const other = await pub().public.create({
      token: otro().crmToken,
      booking_date: b.day,
      booking_time: b.hour,
      idempotency_key: key,
    });
    expect(other.id).not.toBe(booked.id);
    expect((await crmBookings(otro().companyId)).map((r) => r.id)).toEqual([other.id]);
    expect((await pub().public.get({ token: otro().crmToken })).booking?.id).toBe(other.id);
  });

  it("a key of the company's own staff booking never answers that booking through a link (keys are per case)", async () => {
    const key = `staff-key-${Date.now()}`;
    const [staff] = await app
      .db()
      .insert(bookings)
      .values({
        companyId: otro().companyId,
        bookingDate: addDays(todayIn(), 40),
        bookingTime: "07:00",
        duration: 30,
        idempotencyKey: key,
      })
      .returning({ id: bookings.id });
    const b = await freeDay(otro().crmToken, null);
    const made = await pub().public.create({
      token: otro().crmToken,
      booking_date: b.day,
      booking_time: b.hour,
      idempotency_key: key,
    });
    expect(made.id).not.toBe(staff?.id);
    expect((await pub().public.get({ token: otro().crmToken })).booking?.id).toBe(made.id);
  });

  it("refuses oversized and malformed inputs", async () => {
    const token = otro().crmToken;
    const day = addDays(todayIn(), 8);
    // tokenProcedure refuses a token longer than any issued before hashing or looking it up.
    expect(await codeOf(pub().public.get({ token: "x".repeat(201) }))).toBe("BAD_REQUEST");
    expect(await codeOf(pub().public.get({ token: "x".repeat(200) }))).toBe("UNAUTHORIZED");
    expect(await codeOf(pub().public.get({ token: "" }))).toMatch(/BAD_REQUEST|UNAUTHORIZED/);
    expect(await codeOf(pub().public.freeSlots({ token, booking_date: day, to_date: addDays(day, 400) }))).toBe(
      "BAD_REQUEST",
    );
    const create = (extra: Record<string, unknown>) =>
      pub().public.create({
        token,
        booking_date: day,
        booking_time: "10:00",
        idempotency_key: `bounded-${Date.now()}`,
        ...extra,
      });
    expect(await codeOf(create({ comment: "x".repeat(2001) }))).toBe("BAD_REQUEST");
    expect(await codeOf(create({ idempotency_key: "short" }))).toBe("BAD_REQUEST");
    expect(await codeOf(create({ booking_time: "25:00" }))).toBe("BAD_REQUEST");
  });
});
