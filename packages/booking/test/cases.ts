// Tenancy and bad-input cases of the booking router (see ProcedureCase in @taller/trpc/testing). Nested routers
// are keyed by their dotted path ("externalMails.list"), as the walk names them.
import { findIds, listLeak, type ProcedureCase } from "@taller/trpc/testing";
import type { DemoFixtures } from "@taller/db/seed";
import type { bookingRouter } from "../src";

type Record_ = (typeof bookingRouter)["_def"]["record"];
type Nested = "externalMails" | "public";
type Keys = Exclude<keyof Record_, Nested> | { [R in Nested]: `${R}.${Extract<keyof Record_[R], string>}` }[Nested];

const day = (offset: number) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);
const professional = (f: DemoFixtures) => f.demo.userIds["tecnico@taller.demo"];
const TOKEN_REASON =
  "the crm_token decides the company (tokenProcedure); packages/booking/test covers a foreign or wrong token";
const key = (n: number) => `walk-key-${n}-${"x".repeat(8)}`;

export const bookingCases: { [K in Keys]: ProcedureCase } = {
  range: {
    kind: "scoped",
    input: () => ({ from: day(-20), to: day(30) }),
    // The bookings' own ids only: blocks and linked orders carry ids of other sequences, which may equal a demo
    // booking's.
    leaks: (r, f) =>
      listLeak(
        Object.values((r as { bookings: Record<string, { id: number }[]> }).bookings).flat(),
        f.demo.bookingIds,
        "booking",
      ),
    valid: (f) => ({ from: day(-7), to: day(38), location_ids: f.demo.locationIds }),
  },
  day: {
    kind: "scoped",
    input: () => ({ date: day(1) }),
    leaks: (r, f) => listLeak((r as { bookings: { id: number }[] }).bookings, f.demo.bookingIds, "booking"),
    valid: (f) => ({ date: day(1), location_ids: f.demo.locationIds }),
  },
  freeSlots: {
    kind: "foreign",
    input: (f) => ({ booking_date: day(2), location_id: f.demo.locationIds[0] }),
    notOwned: "a location and a requirement are the company's setup; free time shows no one's booking",
    valid: (f) => ({
      booking_date: day(2),
      to_date: day(30),
      location_id: f.demo.locationIds[0],
      requirement_id: f.demo.requirementIds[0],
      duration: 30,
    }),
  },
  professionals: {
    kind: "foreign",
    input: (f) => ({ requirement_id: f.demo.requirementIds[0] }),
    notOwned: "a requirement is the company's setup; under an own-only grant the answer is the caller alone",
    valid: (f) => ({ location_id: f.demo.locationIds[0], requirement_id: f.demo.requirementIds[0] }),
  },
  create: {
    kind: "foreign",
    input: (f) => ({
      vehicle_id: f.demo.vehicleIds[0],
      location_id: f.demo.locationIds[0],
      crm_id: f.demo.crmId,
      booking_date: day(3),
      booking_time: "10:00",
      idempotency_key: key(1),
    }),
    valid: (f) => ({
      client_id: f.demo.clientIds[0],
      vehicle_id: f.demo.vehicleIds[0],
      requirement_id: f.demo.requirementIds[0],
      location_id: f.demo.locationIds[0],
      user_id: professional(f),
      booking_date: day(3),
      booking_time: "10:00",
      duration: 30,
      comment: "Cambio de aceite",
      idempotency_key: key(2),
    }),
  },
  get: { kind: "foreign", input: (f) => ({ id: f.demo.bookingIds[0] }), valid: (f) => ({ id: f.demo.bookingIds[0] }) },
  confirm: {
    kind: "foreign",
    input: (f) => ({ id: f.demo.bookingIds[0] }),
    valid: (f) => ({ id: f.demo.bookingIds[0] }),
  },
  markNoShow: {
    kind: "foreign",
    input: (f) => ({ id: f.demo.bookingIds[0] }),
    valid: (f) => ({ id: f.demo.bookingIds[0] }),
  },
  reschedule: {
    kind: "foreign",
    input: (f) => ({ id: f.demo.bookingIds[0], booking_date: day(4), booking_time: "11:00", idempotency_key: key(3) }),
    valid: (f) => ({ id: f.demo.bookingIds[1], booking_date: day(4), booking_time: "11:00", idempotency_key: key(4) }),
  },
  checkIn: {
    kind: "foreign",
    input: (f) => ({ id: f.demo.bookingIds[0] }),
    valid: (f) => ({ id: f.demo.bookingIds[2] }),
  },
  cancel: {
    kind: "foreign",
    input: (f) => ({ id: f.demo.bookingIds[0], reason: "Cliente avisó" }),
    valid: (f) => ({ id: f.demo.bookingIds[3], reason: "Cliente avisó" }),
  },
  search: {
    kind: "scoped",
    input: () => ({ query: "a" + "a" }),
    leaks: (r, f) => listLeak((r as { items: { id: number }[] }).items, f.demo.bookingIds, "booking"),
    valid: () => ({ query: "10:00" }),
  },
  toggleBlock: {
    kind: "foreign",
    input: (f) => ({ date: day(5), hour: "10:00", user_id: professional(f) }),
    valid: (f) => ({ date: day(5), hour: "10:00", user_id: professional(f) }),
  },
  clientOptions: {
    kind: "scoped",
    input: (f) => ({ query: "", id: f.demo.clientIds[0] }),
    leaks: (r, f) => findIds(r, "id", f.demo.clientIds),
    valid: () => ({ query: "a" }),
  },
  vehicleOptions: {
    kind: "scoped",
    input: (f) => ({ query: "", id: f.demo.vehicleIds[0], client_id: f.demo.clientIds[0] }),
    leaks: (r, f) => findIds(r, "id", f.demo.vehicleIds),
    valid: (f) => ({ query: "ab", client_id: f.demo.clientIds[0] }),
  },
  "externalMails.list": { kind: "scoped", leaks: (r, f) => findIds(r, "id", f.demo.externalMailIds) },
  "externalMails.markRead": {
    kind: "foreign",
    input: (f) => ({ ids: f.demo.externalMailIds }),
    valid: (f) => ({ ids: f.demo.externalMailIds }),
    attacks: (f) => [
      { ids: [f.other.externalMailIds[0]] },
      { ids: [] },
      { ids: [1, 1] },
      { ids: Array.from({ length: 201 }, (_, i) => i + 1) },
    ],
  },
  "externalMails.remove": {
    kind: "foreign",
    input: (f) => ({ id: f.demo.externalMailIds[0] }),
    valid: (f) => ({ id: f.demo.externalMailIds[0] }),
  },
  "public.get": { kind: "public", reason: TOKEN_REASON, valid: (f) => ({ token: f.demo.crmToken }) },
  "public.professionals": { kind: "public", reason: TOKEN_REASON, valid: (f) => ({ token: f.demo.crmToken }) },
  "public.freeSlots": {
    kind: "public",
    reason: TOKEN_REASON,
    valid: (f) => ({ token: f.demo.crmToken, booking_date: day(2), to_date: day(20) }),
  },
  "public.create": {
    kind: "public",
    reason: TOKEN_REASON,
    valid: (f) => ({
      token: f.demo.crmToken,
      booking_date: day(6),
      booking_time: "12:00",
      comment: "Por la tarde",
      idempotency_key: key(5),
    }),
  },
};

// ---------------------------------------------------------------------------------------------------------------
// booking-desk (range, search, toggleBlock, externalMails): known attacks, added to the fuzzing. Kept in one block
// apart from the entries above so the two helpers' changes merge cleanly.
const deskAttacks: Partial<Record<Keys, (f: DemoFixtures) => unknown[]>> = {
  range: (f) => [
    { from: day(5), to: day(1) },
    { from: "2000-01-01", to: "2099-12-31" },
    { from: "2026-02-30", to: "2026-03-01" },
    { from: day(0), to: day(1), location_ids: [f.other.locationIds[0]] },
    { from: day(0), to: day(1), location_ids: Array.from({ length: 101 }, (_, i) => i + 1) },
  ],
  search: (f) => [
    { query: "%_\\" },
    { query: "' OR 1=1 --" },
    { query: "x".repeat(101) },
    { query: "10:00", location_ids: [f.other.locationIds[0]] },
  ],
  toggleBlock: (f) => [
    { date: day(-1) },
    { date: day(1), hour: "24:00" },
    { date: day(1), user_id: f.other.userIds["admin@otro.demo"] },
    { date: day(1), user_id: "todos" },
    { date: "2026-13-01" },
  ],
  "externalMails.remove": (f) => [{ id: f.other.externalMailIds[0] }, { id: 2_147_483_647 }],
};
for (const [name, attacks] of Object.entries(deskAttacks) as [Keys, (f: DemoFixtures) => unknown[]][])
  bookingCases[name].attacks = attacks;
