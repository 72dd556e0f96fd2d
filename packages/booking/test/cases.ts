// Tenancy and bad-input cases of the booking router (see ProcedureCase in @taller/trpc/testing). Nested routers
// are keyed by their dotted path ("externalMails.list"), as the walk names them.
import { findIds, type ProcedureCase } from "@taller/trpc/testing";
import type { DemoFixtures } from "@taller/db/seed";
import type { bookingRouter } from "../src";

type Record_ = (typeof bookingRouter)["_def"]["record"];
type Nested = "externalMails" | "public";
type Keys =
  | Exclude<keyof Record_, Nested>
  | { [R in Nested]: `${R}.${Extract<keyof Record_[R], string>}` }[Nested];

const day = (offset: number) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);
const professional = (f: DemoFixtures) => f.demo.userIds["tecnico@taller.demo"];
const TOKEN_REASON = "the crm_token decides the company (tokenProcedure); packages/booking/test covers a foreign or wrong token";
const key = (n: number) => `walk-key-${n}-${"x".repeat(8)}`;

export const bookingCases: { [K in Keys]: ProcedureCase } = {
  range: {
    kind: "scoped",
    input: () => ({ from: day(-20), to: day(30) }),
    leaks: (r, f) => findIds(r, "id", f.demo.bookingIds),
    valid: (f) => ({ from: day(-7), to: day(38), location_ids: f.demo.locationIds }),
  },
  freeSlots: {
    kind: "foreign",
    input: (f) => ({ booking_date: day(2), location_id: f.demo.locationIds[0] }),
    valid: (f) => ({ booking_date: day(2), to_date: day(30), location_id: f.demo.locationIds[0], requirement_id: f.demo.requirementIds[0], duration: 30 }),
  },
  professionals: {
    kind: "foreign",
    input: (f) => ({ requirement_id: f.demo.requirementIds[0] }),
    valid: (f) => ({ location_id: f.demo.locationIds[0], requirement_id: f.demo.requirementIds[0] }),
  },
  create: {
    kind: "foreign",
    input: (f) => ({ vehicle_id: f.demo.vehicleIds[0], location_id: f.demo.locationIds[0], booking_date: day(3), booking_time: "10:00", idempotency_key: key(1) }),
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
  confirm: { kind: "foreign", input: (f) => ({ id: f.demo.bookingIds[0] }), valid: (f) => ({ id: f.demo.bookingIds[0] }) },
  markNoShow: { kind: "foreign", input: (f) => ({ id: f.demo.bookingIds[0] }), valid: (f) => ({ id: f.demo.bookingIds[0] }) },
  reschedule: {
    kind: "foreign",
    input: (f) => ({ id: f.demo.bookingIds[0], booking_date: day(4), booking_time: "11:00", idempotency_key: key(3) }),
    valid: (f) => ({ id: f.demo.bookingIds[1], booking_date: day(4), booking_time: "11:00", idempotency_key: key(4) }),
  },
  checkIn: { kind: "foreign", input: (f) => ({ id: f.demo.bookingIds[0] }), valid: (f) => ({ id: f.demo.bookingIds[2] }) },
  search: {
    kind: "scoped",
    input: () => ({ query: "a" + "a" }),
    leaks: (r, f) => findIds(r, "id", f.demo.bookingIds),
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
  "externalMails.remove": {
    kind: "foreign",
    input: (f) => ({ id: f.demo.externalMailIds[0] }),
    valid: (f) => ({ id: f.demo.externalMailIds[0] }),
  },
  "public.get": { kind: "public", reason: TOKEN_REASON, valid: (f) => ({ token: f.demo.crmToken }) },
  "public.professionals": { kind: "public", reason: TOKEN_REASON, valid: (f) => ({ token: f.demo.crmToken }) },
  "public.freeSlots": { kind: "public", reason: TOKEN_REASON, valid: (f) => ({ token: f.demo.crmToken, booking_date: day(2), to_date: day(20) }) },
  "public.create": {
    kind: "public",
    reason: TOKEN_REASON,
    valid: (f) => ({ token: f.demo.crmToken, booking_date: day(6), booking_time: "12:00", comment: "Por la tarde", idempotency_key: key(5) }),
  },
};
