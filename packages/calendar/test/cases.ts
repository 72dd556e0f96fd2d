// Tenancy and bad-input cases of the calendar router (see ProcedureCase in @taller/trpc/testing).
import { addDays, calendarWindow, todayIn } from "@taller/core";
import { findIds, type DomainCases } from "@taller/trpc/testing";
import type { DemoFixtures } from "@taller/db/seed";
import type { calendarRouter } from "../src";

/** Demo orders or events anywhere in an answer of the calendar. */
function calendarLeak(result: unknown, f: DemoFixtures): string | null {
  const { deliveries, events } = result as { deliveries: unknown[]; events: unknown[] };
  return (
    findIds(deliveries, "id", f.demo.orderIds) ??
    findIds(events, "id", f.demo.eventIds) ??
    findIds(events, "eventable_id", f.demo.orderIds)
  );
}

const thisMonth = () => calendarWindow(todayIn());
const eventFields = (f: DemoFixtures) => ({
  name: "Revisión de flota",
  date: addDays(todayIn(), 1),
  time: "10:00",
  all_day: false,
  duration: 1.5,
  order_id: f.demo.orderIds[0],
});

export const calendarCases: DomainCases<typeof calendarRouter> = {
  range: {
    kind: "scoped",
    input: () => thisMonth(),
    leaks: calendarLeak,
    valid: (f) => ({ ...thisMonth(), type: "deliveries", location_ids: [f.demo.locationIds[0]] }),
    attacks: () => [
      { from: "2026-01-01", to: "2036-01-01" },
      { from: "2026-02-30", to: "2026-03-01" },
      { from: "0001-01-01", to: "0001-01-31" },
      { from: "2026-03-01", to: "2026-02-01" },
    ],
  },
  month: {
    kind: "scoped",
    input: () => thisMonth(),
    leaks: calendarLeak,
    valid: (f) => ({ ...thisMonth(), type: "events", location_ids: [f.demo.locationIds[0]] }),
  },
  search: {
    kind: "scoped",
    // "#1" finds orders #1, #10-#19, … of any company; "Re" the demo's events ('Revisión', 'Prueba de ruta').
    input: () => ({ query: "#1" }),
    leaks: calendarLeak,
    valid: () => ({ query: "re", type: "events" }),
    attacks: () => [{ query: "%_" }, { query: "\\\\" }, { query: "a".repeat(5000) }],
  },
  "events.create": {
    kind: "foreign",
    input: (f) => eventFields(f),
    valid: (f) => eventFields(f),
    attacks: (f) => [
      { ...eventFields(f), duration: 1e308 },
      { ...eventFields(f), duration: 0.001 },
      { ...eventFields(f), date: "2026-13-01" },
      { ...eventFields(f), time: "25:61" },
      { ...eventFields(f), name: "x".repeat(10_000) },
    ],
  },
  orderOptions: {
    kind: "scoped",
    // Any company's numbers start with 1: the answer must hold none of the demo's orders.
    input: () => ({ query: "1" }),
    leaks: (r, f) => findIds(r, "id", f.demo.orderIds),
    valid: () => ({ query: "#2" }),
    attacks: () => [
      { query: "1 OR 1=1" },
      { query: "99999999999" },
      { query: "9999999999" },
      { query: "#0" },
      { query: "-1" },
      { query: "%" },
    ],
  },
  "events.delete": {
    kind: "foreign",
    input: (f) => ({ id: f.demo.eventIds[0] }),
    valid: (f) => ({ id: f.demo.eventIds[1] }),
  },
  "events.update": {
    kind: "foreign",
    input: (f) => ({ ...eventFields(f), order_id: null, id: f.demo.eventIds[0] }),
    valid: (f) => ({ ...eventFields(f), id: f.demo.eventIds[0] }),
  },
};
