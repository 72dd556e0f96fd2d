// The dashboard's figures, read from the daily aggregates the triggers keep, against the same figures counted
// directly from the source rows, after randomized writes of every kind: inserts of many rows in one statement,
// updates that move orders through finish, delivery, cancellation and back, payments paid, bookings moved and
// missed, works completed, and deletes. Any writer goes through the same triggers, so the rows are written with SQL.
import { BOOKING_CHANNELS, CRM_FOLLOWED_KINDS, dayOf, durationBucket, histogramQuantile } from "@taller/core";
import { queryRows } from "@taller/db";
import { createCallerFactory } from "@taller/trpc";
import { useSeededApp } from "@taller/trpc/testing";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { analyticsRouter } from "../src";

const createCaller = createCallerFactory(analyticsRouter);
const app = useSeededApp();
// Nearly five years, with a partial first and last month (read from day rows around the whole months' rows).
const RANGE = { from: "2024-01-15", to: "2028-12-20" };

const minutes = (from: string, to: string) => Math.max(0, Math.floor((Date.parse(to) - Date.parse(from)) / 60_000));
const hours = (m: number) => Math.round((m / 60) * 10) / 10;

const idArray = (ids: readonly number[]) =>
  sql`ARRAY[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;

/** Writes random data for the demo company, seeded so a failure can be replayed. */
async function randomWrites(seed: number) {
  const db = app.db();
  const f = app.fx().demo;
  const c = f.companyId;
  const locs = idArray(f.locationIds);
  const statuses = idArray(f.statusIds.Order);
  const users = idArray(Object.values(f.userIds));
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT setseed(${(seed % 1000) / 1000})`);
    // Orders received over two years, some at no location.
    await tx.execute(sql`
      INSERT INTO orders (company_id, correlative_id, status_id, location_id, check_in_time, finish_date)
      SELECT ${c}, 900000 + i, (${statuses})[1 + floor(random() * cardinality(${statuses}))::int],
             CASE WHEN random() < 0.2 THEN NULL ELSE (${locs})[1 + floor(random() * cardinality(${locs}))::int] END,
             timestamptz '2025-01-01 03:00Z' + random() * interval '700 days',
             CASE WHEN random() < 0.6 THEN (timestamptz '2025-01-01' + random() * interval '720 days')::date END
        FROM generate_series(1, 400) i`);
  });
  // Later statements, each its own transaction: finish some, deliver some, cancel some, reopen a few, delete some.
  await db.execute(sql`UPDATE orders SET completed_at = check_in_time + random() * interval '40 days'
                        WHERE company_id = ${c} AND correlative_id >= 900000 AND random() < 0.7`);
  await db.execute(sql`UPDATE orders SET ended_at = coalesce(completed_at, check_in_time) + random() * interval '3 days'
                        WHERE company_id = ${c} AND correlative_id >= 900000 AND random() < 0.5`);
  await db.execute(sql`UPDATE orders SET cancel_reason = 'Cliente desistió', ended_at = coalesce(ended_at, check_in_time + interval '2 hours')
                        WHERE company_id = ${c} AND correlative_id >= 900000 AND random() < 0.1`);
  await db.execute(sql`UPDATE orders SET ended_at = NULL, cancel_reason = NULL
                        WHERE company_id = ${c} AND correlative_id >= 900000 AND random() < 0.05`);
  const [one] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM orders WHERE company_id = ${c} AND correlative_id >= 900000 ORDER BY id LIMIT 1`,
  );
  await db.execute(sql`UPDATE orders SET location_id = ${f.locationIds[1] ?? null}, check_in_time = check_in_time - interval '1 day'
                        WHERE id = ${one?.id ?? 0}`);
  await db.execute(sql`DELETE FROM orders WHERE company_id = ${c} AND correlative_id >= 900000 AND random() < 0.05`);
  // Payment requests on random orders, some paid, some deleted.
  await db.execute(sql`
    INSERT INTO payment_requests (company_id, order_id, provider, requirement_name, client_name, vehicle_identifier, status)
    SELECT ${c}, o.id, 'local', 'Azar', 'Azar', 'AZAR' || o.id, 1
      FROM orders o WHERE o.company_id = ${c} AND o.correlative_id >= 900000 AND random() < 0.4`);
  await db.execute(sql`UPDATE payment_requests SET status = 2, payment_id = 'AZ' || id,
                              paid_at = timestamptz '2025-01-01' + random() * interval '700 days',
                              total_paid = 1000 + floor(random() * 500000)::int
                        WHERE company_id = ${c} AND requirement_name = 'Azar' AND random() < 0.6`);
  await db.execute(
    sql`DELETE FROM payment_requests WHERE company_id = ${c} AND requirement_name = 'Azar' AND random() < 0.1`,
  );
  // Bookings from every channel, at no professional (no overlap rule), then missed, rescheduled, moved, deleted.
  await db.execute(sql`
    INSERT INTO bookings (company_id, location_id, booking_date, booking_time, duration, "from", booking_type, comment)
    SELECT ${c}, (${locs})[1 + floor(random() * cardinality(${locs}))::int],
           (date '2025-01-01' + floor(random() * 700)::int), time '09:00' + floor(random() * 16) * interval '30 minutes',
           (1 + floor(random() * 4)::int) * 30, (ARRAY['agenda', 'crm', 'crm-addon', 'mail', 'vehicles', 'whatsapp'])[1 + floor(random() * 6)::int],
           CASE WHEN random() < 0.1 THEN 'reentry' ELSE 'booking' END, 'azar'
      FROM generate_series(1, 300)`);
  await db.execute(
    sql`UPDATE bookings SET non_attendance = true WHERE company_id = ${c} AND comment = 'azar' AND random() < 0.2`,
  );
  await db.execute(
    sql`UPDATE bookings SET rescheduled = true WHERE company_id = ${c} AND comment = 'azar' AND random() < 0.1`,
  );
  await db.execute(
    sql`UPDATE bookings SET booking_date = booking_date + 3 WHERE company_id = ${c} AND comment = 'azar' AND random() < 0.1`,
  );
  // Cancelled ('Anular': kept with its reason), a few of them cancelled in the same statement as a move of others.
  await db.execute(sql`UPDATE bookings SET cancelled_at = now(), cancel_reason = 'Cliente avisó'
                        WHERE company_id = ${c} AND comment = 'azar' AND NOT rescheduled AND random() < 0.15`);
  await db.execute(sql`UPDATE bookings SET booking_date = booking_date + 1
                        WHERE company_id = ${c} AND comment = 'azar' AND cancelled_at IS NOT NULL AND random() < 0.2`);
  await db.execute(sql`DELETE FROM bookings WHERE company_id = ${c} AND comment = 'azar' AND random() < 0.05`);
  // Works on the orders, started and completed by random users, some deleted.
  await db.execute(sql`
    INSERT INTO works (company_id, custom_work_id, user_id, document_type, document_id)
    SELECT ${c}, ${f.customWorkIds[0] ?? 0}, (${users})[1 + floor(random() * cardinality(${users}))::int], 'Order', o.id
      FROM orders o WHERE o.company_id = ${c} AND o.correlative_id >= 900000 AND random() < 0.5`);
  await db.execute(sql`UPDATE works SET started_at = timestamptz '2025-01-01' + random() * interval '700 days'
                        WHERE company_id = ${c} AND random() < 0.8`);
  await db.execute(sql`UPDATE works SET completed_at = started_at + random() * interval '6 hours'
                        WHERE company_id = ${c} AND started_at IS NOT NULL AND random() < 0.8`);
  await db.execute(sql`DELETE FROM works WHERE company_id = ${c} AND random() < 0.05`);
  // Budgets on the orders over two years, moved through the company's statuses and back, some deleted.
  const budgetStatuses = idArray(f.statusIds.Budget);
  await db.execute(sql`
    INSERT INTO budgets (company_id, order_id, status_id, created_at)
    SELECT ${c}, o.id, (${budgetStatuses})[1], timestamptz '2025-01-01' + random() * interval '700 days'
      FROM orders o WHERE o.company_id = ${c} AND o.correlative_id >= 900000 AND random() < 0.5`);
  for (let i = 0; i < 3; i++) {
    await db.execute(sql`UPDATE budgets SET status_id = (${budgetStatuses})[1 + floor(random() * cardinality(${budgetStatuses}))::int]
                          WHERE company_id = ${c} AND random() < 0.5`);
  }
  await db.execute(sql`DELETE FROM budgets WHERE company_id = ${c} AND random() < 0.05`);
  // Managements of every kind raised over two years, then contacted, booked, recovered, lost, reopened, deleted.
  await db.execute(sql`
    INSERT INTO crms (company_id, kind, location_id, comment, created_at)
    SELECT ${c}, (ARRAY['retention', 'absence', 'booking'])[1 + floor(random() * 3)::int],
           CASE WHEN random() < 0.2 THEN NULL ELSE (${locs})[1 + floor(random() * cardinality(${locs}))::int] END,
           'azar', timestamptz '2025-01-01' + random() * interval '700 days'
      FROM generate_series(1, 300)`);
  const crmStatuses = idArray(f.statusIds["Crm::Booking"]);
  await db.execute(sql`UPDATE crms SET last_contacted_at = created_at + interval '1 day',
                              status_id = (${crmStatuses})[1 + floor(random() * cardinality(${crmStatuses}))::int]
                        WHERE company_id = ${c} AND comment = 'azar' AND random() < 0.6`);
  await db.execute(sql`UPDATE crms c SET booking_id = b.id, booking_state = (ARRAY['pending', 'confirmed', 'checked_in', 'no_show'])[1 + floor(random() * 4)::int]
                         FROM (SELECT id FROM bookings WHERE company_id = ${c} ORDER BY id LIMIT 1) b
                        WHERE c.company_id = ${c} AND c.comment = 'azar' AND c.kind <> 'booking' AND random() < 0.5`);
  await db.execute(sql`UPDATE crms SET booking_id = NULL, booking_state = NULL, status_id = (${crmStatuses})[1]
                        WHERE company_id = ${c} AND comment = 'azar' AND random() < 0.1`);
  await db.execute(sql`DELETE FROM crms WHERE company_id = ${c} AND comment = 'azar' AND random() < 0.05`);
}

/** The figures counted from the source rows, by the definitions in docs/domains/analytics.md. */
async function direct(locationIds: number[] | null) {
  const db = app.db();
  const c = app.fx().demo.companyId;
  const at = (loc: number | null) => locationIds === null || (loc !== null && locationIds.includes(loc));
  const inRange = (day: string | null): day is string => day !== null && day >= RANGE.from && day <= RANGE.to;
  const orders = (
    await queryRows<{
      location_id: number | null;
      check_in_time: string;
      completed_at: string | null;
      ended_at: string | null;
      finish_date: string | null;
      cancel_reason: string | null;
    }>(
      db,
      sql`SELECT location_id, check_in_time::text, completed_at::text, ended_at::text, finish_date::text, cancel_reason
            FROM orders WHERE company_id = ${c}`,
    )
  ).filter((o) => at(o.location_id));
  const day = (t: string | null) => (t === null ? null : dayOf(new Date(t).toISOString()));
  const finished = orders.filter((o) => inRange(day(o.completed_at)));
  const delivered = orders.filter((o) => o.cancel_reason === null && inRange(day(o.ended_at)));
  const histogram = (durations: number[]) => {
    const counts = new Map<number, number>();
    for (const m of durations) counts.set(durationBucket(m), (counts.get(durationBucket(m)) ?? 0) + 1);
    const q = histogramQuantile(counts, 0.9);
    return q === null ? null : hours(q);
  };
  const finishMinutes = finished.map((o) => minutes(o.check_in_time, o.completed_at ?? ""));
  const deliverMinutes = delivered.map((o) => minutes(o.check_in_time, o.ended_at ?? ""));
  const avg = (xs: number[]) => (xs.length ? hours(xs.reduce((a, b) => a + b, 0) / xs.length) : null);
  const promised = finished.filter((o) => o.finish_date !== null);
  const payments = (
    await queryRows<{ location_id: number | null; paid_at: string; amount: number }>(
      db,
      sql`SELECT o.location_id, p.paid_at::text, p.total_paid AS amount
            FROM payment_requests p LEFT JOIN orders o ON o.company_id = p.company_id AND o.id = p.order_id
           WHERE p.company_id = ${c} AND p.status = 2`,
    )
  ).filter((p) => at(p.location_id) && inRange(day(p.paid_at)));
  const bookings = (
    await queryRows<{
      location_id: number | null;
      booking_date: string;
      from: string | null;
      non_attendance: boolean;
      rescheduled: boolean;
      cancelled: boolean;
    }>(
      db,
      sql`SELECT location_id, booking_date::text, "from", non_attendance, rescheduled,
                 cancelled_at IS NOT NULL AS cancelled FROM bookings
           WHERE company_id = ${c} AND booking_type = 'booking'`,
    )
  ).filter((b) => at(b.location_id) && inRange(b.booking_date));
  const held = bookings.filter((b) => !b.rescheduled && !b.cancelled);
  const channel = (from: string | null) =>
    from === "crm-addon" ? 2 : from === "mail" ? 3 : from === "whatsapp" ? 4 : 1;
  const works = (
    await queryRows<{ user_id: number; location_id: number | null; started_at: string; completed_at: string }>(
      db,
      sql`SELECT w.user_id, o.location_id, w.started_at::text, w.completed_at::text FROM works w
            LEFT JOIN orders o ON w.document_type = 'Order' AND o.company_id = w.company_id AND o.id = w.document_id
           WHERE w.company_id = ${c} AND w.completed_at IS NOT NULL`,
    )
  ).filter((w) => at(w.location_id) && inRange(day(w.completed_at)));
  const technicians = new Map<number, { works: number; minutes: number }>();
  for (const w of works) {
    const t = technicians.get(w.user_id) ?? { works: 0, minutes: 0 };
    t.works += 1;
    t.minutes += minutes(w.started_at, w.completed_at);
    technicians.set(w.user_id, t);
  }
  const budgets = (
    await queryRows<{ location_id: number | null; created_at: string; status_id: number }>(
      db,
      sql`SELECT o.location_id, b.created_at::text, b.status_id FROM budgets b
            JOIN orders o ON o.company_id = b.company_id AND o.id = b.order_id WHERE b.company_id = ${c}`,
    )
  ).filter((b) => at(b.location_id) && inRange(day(b.created_at)));
  const budgetStatuses = await queryRows<{ id: number; finish: boolean; approve: boolean }>(
    db,
    sql`SELECT id, finish, approve FROM statuses WHERE company_id = ${c} AND type = 'Budget' ORDER BY position, id`,
  );
  // The status a budget is created in (budgets' write module): the first not finished in the company's order.
  const initial = budgetStatuses.find((st) => !st.finish)?.id;
  const sent = budgets.filter((b) => b.status_id !== initial).length;
  const crms = (
    await queryRows<{
      kind: string;
      location_id: number | null;
      created_at: string;
      contacted: boolean;
      booked: boolean;
      recovered: boolean;
      lost: boolean;
    }>(
      db,
      sql`SELECT kind, location_id, created_at::text, last_contacted_at IS NOT NULL AS contacted,
                 booking_id IS NOT NULL AS booked, booking_state IS NOT DISTINCT FROM 'checked_in' AS recovered,
                 category = 'failed' AS lost
            FROM crms WHERE company_id = ${c}`,
    )
  ).filter((m) => at(m.location_id) && inRange(day(m.created_at)));
  const collected = payments.reduce((a, p) => a + p.amount, 0);
  return {
    orders: {
      received: orders.filter((o) => inRange(day(o.check_in_time))).length,
      finished: finished.length,
      delivered: delivered.length,
      cancelled: orders.filter((o) => o.cancel_reason !== null && inRange(day(o.ended_at))).length,
      finish_avg_hours: avg(finishMinutes),
      finish_p90_hours: histogram(finishMinutes),
      deliver_avg_hours: avg(deliverMinutes),
      deliver_p90_hours: histogram(deliverMinutes),
      promised: promised.length,
      on_time: promised.filter((o) => (day(o.completed_at) ?? "") <= (o.finish_date ?? "")).length,
    },
    revenue: {
      paid: payments.length,
      collected,
      average_ticket: payments.length ? Math.round(collected / payments.length) : null,
    },
    agenda: {
      bookings: held.length,
      by_channel: BOOKING_CHANNELS.map((ch) => held.filter((b) => channel(b.from) === ch.id).length),
      no_show: held.filter((b) => b.non_attendance).length,
      rescheduled: bookings.filter((b) => b.rescheduled).length,
      cancelled: bookings.filter((b) => b.cancelled).length,
    },
    budgets: {
      created: budgets.length,
      sent,
      // Approved: in a status the company marks as approval (read from statuses, not from the aggregates).
      approved: budgets.filter((b) => budgetStatuses.some((st) => st.approve && st.id === b.status_id)).length,
      by_status: budgetStatuses.map((st) => budgets.filter((b) => b.status_id === st.id).length),
    },
    crm: CRM_FOLLOWED_KINDS.map((k) => {
      const of = crms.filter((m) => m.kind === k.kind);
      return {
        raised: of.length,
        contacted: of.filter((m) => m.contacted).length,
        booked: of.filter((m) => m.booked).length,
        recovered: of.filter((m) => m.recovered).length,
        lost: of.filter((m) => m.lost).length,
      };
    }),
    technicians: [...technicians.entries()]
      .map(([user_id, t]) => ({ user_id, works: t.works, hours: hours(t.minutes) }))
      .sort((a, b) => b.works - a.works || a.user_id - b.user_id),
  };
}

describe("analytics.dashboard against direct counts", () => {
  it("agrees with the source rows after random writes, for the company and for one location", async () => {
    const seed = Date.now() % 100_000;
    console.info(`analytics agreement seed ${seed}`);
    await randomWrites(seed);
    const caller = createCaller(await app.staff("admin@taller.demo"));
    for (const location_ids of [null, [app.fx().demo.locationIds[0] ?? 0]]) {
      const got = await caller.dashboard({ ...RANGE, location_ids, compare: false });
      const want = await direct(location_ids);
      expect({ seed, ...got.totals.orders, on_time_share: undefined }).toEqual({
        seed,
        ...want.orders,
        on_time_share: undefined,
      });
      expect(got.totals.revenue).toEqual(want.revenue);
      expect({
        bookings: got.totals.agenda.bookings,
        by_channel: got.totals.agenda.by_channel.map((c) => c.count),
        no_show: got.totals.agenda.no_show,
        rescheduled: got.totals.agenda.rescheduled,
        cancelled: got.totals.agenda.cancelled,
      }).toEqual(want.agenda);
      expect(want.agenda.cancelled).toBeGreaterThan(0);
      expect(got.totals.technicians).toEqual(want.technicians);
      expect({
        created: got.totals.budgets.created,
        sent: got.totals.budgets.sent,
        approved: got.totals.budgets.approved,
        by_status: got.totals.budgets.by_status.map((st) => st.count),
      }).toEqual(want.budgets);
      expect(want.budgets.created).toBeGreaterThan(want.budgets.sent);
      expect(want.budgets.sent).toBeGreaterThan(want.budgets.approved);
      expect(want.budgets.approved).toBeGreaterThan(0);
      expect(
        got.totals.crm.map(({ raised, contacted, booked, recovered, lost }) => ({
          raised,
          contacted,
          booked,
          recovered,
          lost,
        })),
      ).toEqual(want.crm);
      expect(want.crm.every((k) => k.raised > 0 && k.contacted > 0 && k.booked > 0)).toBe(true);
      // The series (by month over five years) adds up to the totals.
      expect(got.grain).toBe("month");
      expect(got.series.reduce((a, p) => a + p.received, 0)).toBe(want.orders.received);
      expect(got.series.reduce((a, p) => a + p.collected, 0)).toBe(want.revenue.collected);
    }
  });

  it("keeps the same day rows a recount from scratch would write, and month rows that add them up", async () => {
    const mismatched = await queryRows<{ n: number }>(
      app.db(),
      sql`WITH recount AS (
            SELECT f.company_id, f.day, f.location_key, f.metric, f.dim, sum(f.value)::bigint AS value
              FROM (SELECT f.* FROM orders o, analytics_order_facts(o) f
                    UNION ALL SELECT f.* FROM payment_requests p, analytics_payment_facts(p) f
                    UNION ALL SELECT f.* FROM bookings b, analytics_booking_facts(b) f
                    UNION ALL SELECT f.* FROM works w, analytics_work_facts(w) f
                    UNION ALL SELECT f.* FROM budgets b, analytics_budget_facts(b) f
                    UNION ALL SELECT f.* FROM crms c, analytics_crm_facts(c) f) f
             GROUP BY 1, 2, 3, 4, 5 HAVING sum(f.value) <> 0)
          SELECT count(*)::int AS n FROM recount r
            FULL JOIN (SELECT * FROM analytics_days WHERE value <> 0) a
              ON (a.company_id, a.day, a.location_key, a.metric, a.dim) = (r.company_id, r.day, r.location_key, r.metric, r.dim)
           WHERE a.value IS DISTINCT FROM r.value`,
    );
    expect(mismatched[0]?.n).toBe(0);
    const months = await queryRows<{ n: number }>(
      app.db(),
      sql`WITH rollup AS (
            SELECT company_id, date_trunc('month', day)::date AS month, location_key, metric, dim, sum(value)::bigint AS value
              FROM analytics_days GROUP BY 1, 2, 3, 4, 5 HAVING sum(value) <> 0)
          SELECT count(*)::int AS n FROM rollup r
            FULL JOIN (SELECT * FROM analytics_months WHERE value <> 0) m
              ON (m.company_id, m.month, m.location_key, m.metric, m.dim) = (r.company_id, r.month, r.location_key, r.metric, r.dim)
           WHERE m.value IS DISTINCT FROM r.value`,
    );
    expect(months[0]?.n).toBe(0);
  });

  it("compares with the previous period of the same length", async () => {
    const caller = createCaller(await app.staff("admin@taller.demo"));
    const got = await caller.dashboard({ from: "2026-03-01", to: "2026-03-31", location_ids: null, compare: true });
    expect(got.previous).toMatchObject({ from: "2026-01-29", to: "2026-02-28" });
    expect(got.grain).toBe("day");
    expect(got.series).toHaveLength(31);
    expect(got.tables.orders.rows).toHaveLength(31);
    const file = await caller.export({ from: "2026-03-01", to: "2026-03-31", location_ids: null, figure: "orders" });
    expect(file.filename).toMatch(/^Órdenes recibidas y finalizadas 01-03-2026 a 31-03-2026 .*\.xlsx$/);
  });
});
