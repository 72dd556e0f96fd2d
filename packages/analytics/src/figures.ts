// From the aggregate rows to the dashboard's figures: pure, tested without a database.
import { addDays, BOOKING_CHANNELS, CRM_FOLLOWED_KINDS, histogramQuantile, type AnalyticsGrain } from "@taller/core";

/** One summed aggregate: a metric's value for one dimension (-1: none) over a period. */
export interface MetricRow {
  metric: string;
  dim: number;
  value: number;
}

/** The metrics a chart draws over time, one value per period. */
export const SERIES_METRICS = [
  "received",
  "finished",
  "delivered",
  "collected",
  "paid",
  "bookings",
  "no_show",
  "cancelled_bookings",
  "works_done",
] as const;
export type SeriesMetric = (typeof SERIES_METRICS)[number];
export type SeriesPoint = { period: string } & Record<SeriesMetric, number>;

export interface Totals {
  orders: {
    received: number;
    finished: number;
    delivered: number;
    cancelled: number;
    /** Hours from reception to finish / delivery: exact average, 90th percentile rounded up to its bucket. */
    finish_avg_hours: number | null;
    finish_p90_hours: number | null;
    deliver_avg_hours: number | null;
    deliver_p90_hours: number | null;
    promised: number;
    on_time: number;
    /** on_time / promised, 0..1; null without a promised date. */
    on_time_share: number | null;
  };
  revenue: { paid: number; collected: number; average_ticket: number | null };
  agenda: {
    bookings: number;
    by_channel: { channel: number; name: string; count: number }[];
    no_show: number;
    no_show_rate: number | null;
    rescheduled: number;
    rescheduled_rate: number | null;
    /** Bookings cancelled ('Anular'), on their day; rate: over the bookings plus the cancelled. */
    cancelled: number;
    cancelled_rate: number | null;
    /** Hours the agenda offered (the booking rules on an empty agenda); occupancy: booked / available, 0..1. */
    available_hours: number;
    occupancy: number | null;
    booked_hours: number;
  };
  budgets: {
    created: number;
    /** Created budgets no longer in the company's initial status. */
    sent: number;
    /** Created budgets in a status the company marks as approval (`statuses.approve`). */
    approved: number;
    /** approved / sent, 0..1; null with nothing sent. */
    conversion: number | null;
    /** Every budget status in the company's order; `conversion` (count / sent, 0..1) for the finished ones. */
    by_status: {
      status_id: number;
      name: string;
      finish: boolean;
      approve: boolean;
      count: number;
      conversion: number | null;
    }[];
  };
  crm: {
    kind: number;
    name: string;
    raised: number;
    contacted: number;
    booked: number;
    recovered: number;
    lost: number;
    recovered_share: number | null;
  }[];
  technicians: { user_id: number; works: number; hours: number }[];
}

/** A budget status as the dashboard reads it (the company's own, in its order). */
export interface BudgetStatus {
  id: number;
  name: string;
  finish: boolean;
  /** The company marks it as the client's acceptance (a finished status). */
  approve: boolean;
  position: number;
}

/** The status a budget is created in: the first in the company's order, preferring one that is not finished. */
export function initialBudgetStatus(statuses: readonly BudgetStatus[]): number | null {
  const first = [...statuses].sort(
    (a, b) => Number(a.finish) - Number(b.finish) || a.position - b.position || a.id - b.id,
  )[0];
  return first?.id ?? null;
}

const ratio = (a: number, b: number) => (b > 0 ? a / b : null);
const hours = (minutes: number) => Math.round((minutes / 60) * 10) / 10;

/**
 * The period's figures from its rows (every dimension of every metric, summed over the period's days), the
 * company's budget statuses in their order and the minutes its agenda offered over the period.
 */
export function totalsOf(
  rows: readonly MetricRow[],
  budgetStatuses: readonly BudgetStatus[],
  availableMinutes: number,
): Totals {
  // Grouped once: a five-year answer has thousands of rows (histogram buckets, technicians, channels).
  const byMetric = new Map<string, MetricRow[]>();
  for (const r of rows) {
    const group = byMetric.get(r.metric);
    if (group) group.push(r);
    else byMetric.set(r.metric, [r]);
  }
  const of = (metric: string) => byMetric.get(metric) ?? [];
  const sum = (metric: string, dim?: number) =>
    of(metric).reduce((a, r) => (dim === undefined || r.dim === dim ? a + r.value : a), 0);
  const histogram = (metric: string) => new Map(of(metric).map((r) => [r.dim, r.value]));
  const quantileHours = (metric: string) => {
    const minutes = histogramQuantile(histogram(metric), 0.9);
    return minutes === null ? null : hours(minutes);
  };
  const avgHours = (minutes: string, count: string) => {
    const avg = ratio(sum(minutes), sum(count));
    return avg === null ? null : hours(avg);
  };
  const finished = sum("finished");
  const promised = sum("promised");
  const paid = sum("paid");
  const collected = sum("collected");
  const bookings = sum("bookings");
  const rescheduled = sum("rescheduled");
  const cancelledBookings = sum("cancelled_bookings");
  const technicians = new Map<number, { user_id: number; works: number; hours: number }>();
  for (const r of [...of("works_done"), ...of("work_minutes")]) {
    const t = technicians.get(r.dim) ?? { user_id: r.dim, works: 0, hours: 0 };
    if (r.metric === "works_done") t.works += r.value;
    else t.hours += r.value;
    technicians.set(r.dim, t);
  }
  const created = sum("budgets");
  const initial = initialBudgetStatus(budgetStatuses);
  const sent = created - (initial === null ? 0 : sum("budgets", initial));
  const approved = budgetStatuses.reduce((a, st) => (st.approve ? a + sum("budgets", st.id) : a), 0);
  return {
    orders: {
      received: sum("received"),
      finished,
      delivered: sum("delivered"),
      cancelled: sum("cancelled"),
      finish_avg_hours: avgHours("finish_minutes", "finished"),
      finish_p90_hours: quantileHours("finish_bucket"),
      deliver_avg_hours: avgHours("deliver_minutes", "delivered"),
      deliver_p90_hours: quantileHours("deliver_bucket"),
      promised,
      on_time: sum("on_time"),
      on_time_share: ratio(sum("on_time"), promised),
    },
    revenue: { paid, collected, average_ticket: paid > 0 ? Math.round(collected / paid) : null },
    agenda: {
      bookings,
      by_channel: BOOKING_CHANNELS.map((c) => ({
        channel: c.id,
        name: c.name,
        count: sum("bookings", c.id),
      })),
      no_show: sum("no_show"),
      no_show_rate: ratio(sum("no_show"), bookings),
      rescheduled,
      rescheduled_rate: ratio(rescheduled, bookings + rescheduled),
      cancelled: cancelledBookings,
      cancelled_rate: ratio(cancelledBookings, bookings + cancelledBookings),
      available_hours: hours(availableMinutes),
      occupancy: ratio(sum("booked_minutes"), availableMinutes),
      booked_hours: hours(sum("booked_minutes")),
    },
    budgets: {
      created,
      sent,
      approved,
      conversion: ratio(approved, sent),
      by_status: budgetStatuses.map((st) => {
        const count = sum("budgets", st.id);
        return {
          status_id: st.id,
          name: st.name,
          finish: st.finish,
          approve: st.approve,
          count,
          conversion: st.finish ? ratio(count, sent) : null,
        };
      }),
    },
    crm: CRM_FOLLOWED_KINDS.map((k) => {
      const raised = sum("crm_raised", k.id);
      const recovered = sum("crm_recovered", k.id);
      return {
        kind: k.id,
        name: k.name,
        raised,
        contacted: sum("crm_contacted", k.id),
        booked: sum("crm_booked", k.id),
        recovered,
        lost: sum("crm_lost", k.id),
        recovered_share: ratio(recovered, raised),
      };
    }),
    technicians: [...technicians.values()]
      .filter((t) => t.works !== 0)
      .map((t) => ({ ...t, hours: hours(t.hours) }))
      .sort((a, b) => b.works - a.works || a.user_id - b.user_id),
  };
}

/** The first day of each period from `from` to `to` at a grain (weeks start on Monday, as date_trunc's). */
export function periodsOf(from: string, to: string, grain: AnalyticsGrain): string[] {
  const start = (day: string) => {
    if (grain === "day") return day;
    if (grain === "month") return `${day.slice(0, 8)}01`;
    const d = new Date(`${day}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
    return d.toISOString().slice(0, 10);
  };
  const out: string[] = [];
  const d = new Date(`${start(from)}T00:00:00Z`);
  while (d.toISOString().slice(0, 10) <= to) {
    out.push(d.toISOString().slice(0, 10));
    if (grain === "day") d.setUTCDate(d.getUTCDate() + 1);
    else if (grain === "week") d.setUTCDate(d.getUTCDate() + 7);
    else d.setUTCMonth(d.getUTCMonth() + 1);
  }
  return out;
}

/** Every period of the range, each metric 0 where no row came. */
export function seriesOf(
  periods: readonly string[],
  rows: readonly { period: string; metric: string; value: number }[],
): SeriesPoint[] {
  const empty = Object.fromEntries(SERIES_METRICS.map((m) => [m, 0])) as Record<SeriesMetric, number>;
  const points = new Map(periods.map((p) => [p, { period: p, ...empty }]));
  for (const r of rows) {
    const point = points.get(r.period);
    if (point && (SERIES_METRICS as readonly string[]).includes(r.metric)) point[r.metric as SeriesMetric] += r.value;
  }
  return [...points.values()];
}

/** Where a stretch of days is read: day rows, or month rows (`from`, `to`: the first days of its whole months). */
export interface Piece {
  table: "days" | "months";
  from: string;
  to: string;
}

const monthStart = (day: string) => `${day.slice(0, 8)}01`;
const nextMonth = (day: string) => monthStart(addDays(monthStart(day), 31));

/**
 * A range as its whole months (read from analytics_months) and the days before and after them (analytics_days): five
 * years are 60 month rows per key and at most 60 days of edges instead of 1,826 days.
 */
export function rangePieces(from: string, to: string): Piece[] {
  const firstWhole = from === monthStart(from) ? from : nextMonth(from);
  const afterLast = monthStart(addDays(to, 1));
  if (firstWhole >= afterLast) return [{ table: "days", from, to }];
  const pieces: Piece[] = [];
  if (from < firstWhole) pieces.push({ table: "days", from, to: addDays(firstWhole, -1) });
  pieces.push({ table: "months", from: firstWhole, to: monthStart(addDays(afterLast, -1)) });
  if (afterLast <= to) pieces.push({ table: "days", from: afterLast, to });
  return pieces;
}
