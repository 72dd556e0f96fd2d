// Two requests can never both take the last place of a slot: 200 concurrent 'Agendar' through the real HTTP server
// against PostgreSQL (PGlite has one connection, so it cannot race), for a capacity slot, for mixed slots and
// durations, and for a professional. The database's count afterwards never exceeds what the rules allow.
import { BOOKING_ERRORS, CLIENT_HEADER } from "@taller/core";
import { queryRows } from "@taller/db";
import { postgresOnly, testServerUrl } from "@taller/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freeMonday as monday, loginCookie, startTestServer, type TestServer } from "./helpers";

let server: TestServer;
const noServer = !testServerUrl();
beforeAll(async () => {
  if (!noServer) server = await startTestServer();
}, 120_000);
afterAll(async () => {
  if (!noServer) await server.close();
});

const ATTEMPTS = 200;
interface Answer {
  status: number;
  id?: number;
  fieldErrors?: Record<string, string[]>;
}

/** One booking.create over HTTP, as the web app posts it. */
async function create(cookie: string, input: Record<string, unknown>): Promise<Answer> {
  const res = await fetch(`${server.url}/trpc/booking.create`, {
    method: "POST",
    headers: { "content-type": "application/json", [CLIENT_HEADER]: "web", cookie },
    body: JSON.stringify({ json: input }),
  });
  const body = (await res.json()) as {
    result?: { data: { json: { id: number } } };
    error?: { json: { data: { fieldErrors: { fieldErrors: Record<string, string[]> } | null } } };
  };
  return {
    status: res.status,
    id: body.result?.data.json.id,
    fieldErrors: body.error?.json.data.fieldErrors?.fieldErrors,
  };
}

let keys = 0;
const key = () => `race-${++keys}-${Date.now()}`;

/** Fires every attempt at once and sorts the answers. */
async function race(cookie: string, inputs: Record<string, unknown>[]) {
  const answers = await Promise.all(inputs.map((input) => create(cookie, { ...input, idempotency_key: key() })));
  const won = answers.filter((a) => a.status === 200);
  const lost = answers.filter((a) => a.status !== 200);
  return { won, lost };
}

/** The most bookings that overlap any one slot of a day (capacity) or any one professional's slot. */
async function worstOverlap(companyId: number, date: string, interval: number, byUser: boolean): Promise<number> {
  const [row] = await queryRows<{ worst: number }>(
    server.tdb.database.db,
    sql`
    WITH slots AS (
      SELECT generate_series((${date}::date + time '09:00') AT TIME ZONE 'America/Santiago',
                             (${date}::date + time '17:50') AT TIME ZONE 'America/Santiago', make_interval(mins => ${interval})) AS s)
    SELECT coalesce(max(n), 0)::int AS worst FROM (
      SELECT count(*) AS n FROM slots sl JOIN bookings b
        ON b.company_id = ${companyId} AND NOT b.rescheduled AND b.start_at < sl.s + make_interval(mins => ${interval}) AND b.end_at > sl.s
      GROUP BY sl.s, ${byUser ? sql`b.user_id` : sql`b.location_id`}) x`,
  );
  return row?.worst ?? 0;
}

describe("the last place of a slot, under 200 concurrent requests", () => {
  it.skipIf(noServer)(
    postgresOnly("capacity: exactly one request takes the last place"),
    async () => {
      const cookie = await loginCookie(server.url, "admin@otro.demo");
      const o = server.fx.other;
      const slot = { location_id: o.locationIds[0], booking_date: monday(0), booking_time: "10:00", duration: 30 };
      // max_bookings is 3: two places taken, one left.
      for (let i = 0; i < 2; i++) expect((await create(cookie, { ...slot, idempotency_key: key() })).status).toBe(200);
      const { won, lost } = await race(
        cookie,
        Array.from({ length: ATTEMPTS }, () => slot),
      );
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(ATTEMPTS - 1);
      for (const a of lost) {
        expect(a.status).toBe(409);
        expect(a.fieldErrors).toEqual({ booking_time: [BOOKING_ERRORS.slotTaken] });
      }
      expect(await worstOverlap(o.companyId, monday(0), 10, false)).toBe(3);
    },
    120_000,
  );

  it.skipIf(noServer)(
    postgresOnly("capacity: mixed slots and durations never exceed max_bookings in any slot"),
    async () => {
      const cookie = await loginCookie(server.url, "admin@otro.demo");
      const o = server.fx.other;
      const times = ["10:00", "10:10", "10:20", "10:30", "10:40"];
      const durations = [10, 20, 30, 40, 60];
      const inputs = Array.from({ length: ATTEMPTS }, (_, i) => ({
        location_id: o.locationIds[0],
        booking_date: monday(1),
        booking_time: times[i % times.length],
        duration: durations[(i * 7) % durations.length],
      }));
      const { won, lost } = await race(cookie, inputs);
      expect(won.length).toBeGreaterThanOrEqual(3);
      for (const a of lost) expect(a.fieldErrors).toEqual({ booking_time: [BOOKING_ERRORS.slotTaken] });
      expect(await worstOverlap(o.companyId, monday(1), 10, false)).toBeLessThanOrEqual(3);
    },
    120_000,
  );

  it.skipIf(noServer)(
    postgresOnly("a professional: one booking wins a slot, and mixed slots never overlap"),
    async () => {
      const cookie = await loginCookie(server.url, "admin@taller.demo");
      const d = server.fx.demo;
      const professional = d.userIds["tecnico@taller.demo"];
      const same = {
        location_id: d.locationIds[0],
        user_id: professional,
        booking_date: monday(2),
        booking_time: "09:00",
        duration: 30,
      };
      const first = await race(
        cookie,
        Array.from({ length: ATTEMPTS }, () => same),
      );
      expect(first.won).toHaveLength(1);
      for (const a of first.lost) expect(a.fieldErrors).toEqual({ booking_time: [BOOKING_ERRORS.slotTaken] });

      const times = ["10:00", "10:10", "10:20", "10:30", "10:50"];
      const mixed = await race(
        cookie,
        Array.from({ length: ATTEMPTS }, (_, i) => ({
          ...same,
          booking_time: times[i % times.length],
          duration: [10, 20, 40, 60][i % 4],
          booking_date: monday(3),
        })),
      );
      expect(mixed.won.length).toBeGreaterThanOrEqual(1);
      for (const a of mixed.lost) expect(a.fieldErrors).toEqual({ booking_time: [BOOKING_ERRORS.slotTaken] });
      expect(await worstOverlap(d.companyId, monday(3), 10, true)).toBe(1);
    },
    120_000,
  );
});
