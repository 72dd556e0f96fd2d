// The table behind each chart: the screen shows it under the chart and the export writes it, so both say the same.
import {
  CRM_STAGES,
  formatDay,
  orderStageNames,
  type AnalyticsFigure,
  type AnalyticsGrain,
  type TermWords,
} from "@taller/core";
import type { SeriesPoint, Totals } from "./figures";

export type TableCell = string | number | null;
export interface FigureTable {
  headers: string[];
  rows: TableCell[][];
}

/** A period's label: its day, the Monday its week starts on, or its month. */
export function periodLabel(period: string, grain: AnalyticsGrain): string {
  if (grain === "month") return formatDay(period).slice(3);
  return grain === "week" ? `Semana del ${formatDay(period)}` : formatDay(period);
}

const percent = (share: number | null) => (share === null ? null : Math.round(share * 1000) / 10);

/** Every figure's table, from the same figures the charts draw; orders counted in the company's word's gender. */
export function figureTables(
  d: {
    grain: AnalyticsGrain;
    series: SeriesPoint[];
    totals: Totals;
    previous: { totals: Totals } | null;
    users: { id: number; name: string }[];
  },
  order: TermWords,
): Record<AnalyticsFigure, FigureTable> {
  const stage = orderStageNames(order);
  const { grain, series, totals, previous } = d;
  const label = (p: SeriesPoint) => periodLabel(p.period, grain);
  const withPrevious = (headers: string[]) => (previous ? [...headers, "Período anterior"] : headers);
  const pair = (now: TableCell, before: TableCell) => (previous ? [now, before] : [now]);
  const o = totals.orders;
  const po = previous?.totals.orders;
  const names = new Map(d.users.map((u) => [u.id, u.name]));
  const pb = previous?.totals.budgets;
  const before = (v: number | undefined) => (previous ? [v ?? null] : []);
  const crmKinds = totals.crm.map((k) => k.name);
  return {
    orders: {
      headers: ["Período", stage.received, stage.finished, stage.delivered],
      rows: series.map((p) => [label(p), p.received, p.finished, p.delivered]),
    },
    times: {
      headers: withPrevious(["Medida", "Horas"]),
      rows: [
        ["Promedio recepción a finalización", ...pair(o.finish_avg_hours, po?.finish_avg_hours ?? null)],
        ["Percentil 90 recepción a finalización", ...pair(o.finish_p90_hours, po?.finish_p90_hours ?? null)],
        ["Promedio recepción a entrega", ...pair(o.deliver_avg_hours, po?.deliver_avg_hours ?? null)],
        ["Percentil 90 recepción a entrega", ...pair(o.deliver_p90_hours, po?.deliver_p90_hours ?? null)],
      ],
    },
    onTime: {
      headers: withPrevious(["Medida", "Valor"]),
      rows: [
        [stage.promised, ...pair(o.promised, po?.promised ?? null)],
        ["A tiempo", ...pair(o.on_time, po?.on_time ?? null)],
        ["% a tiempo", ...pair(percent(o.on_time_share), percent(po?.on_time_share ?? null))],
        [stage.cancelled, ...pair(o.cancelled, po?.cancelled ?? null)],
      ],
    },
    revenue: {
      headers: ["Período", "Cobros pagados", "Monto cobrado", "Ticket promedio"],
      rows: series.map((p) => [label(p), p.paid, p.collected, p.paid > 0 ? Math.round(p.collected / p.paid) : null]),
    },
    agenda: {
      headers: ["Período", "Reservas", "Inasistencias", "% inasistencia", "Anuladas", "% anulación"],
      rows: series.map((p) => [
        label(p),
        p.bookings,
        p.no_show,
        percent(p.bookings > 0 ? p.no_show / p.bookings : null),
        p.cancelled_bookings,
        percent(
          p.bookings + p.cancelled_bookings > 0 ? p.cancelled_bookings / (p.bookings + p.cancelled_bookings) : null,
        ),
      ]),
    },
    channels: {
      headers: withPrevious(["Canal", "Reservas"]),
      rows: totals.agenda.by_channel.map((c, i) => [
        c.name,
        ...pair(c.count, previous?.totals.agenda.by_channel[i]?.count ?? null),
      ]),
    },
    budgets: {
      headers: withPrevious(["Estado", "Presupuestos", "% de los enviados"]),
      rows: [
        ["Creados", totals.budgets.created, null, ...before(pb?.created)],
        ["Enviados", totals.budgets.sent, null, ...before(pb?.sent)],
        ["Aprobados", totals.budgets.approved, percent(totals.budgets.conversion), ...before(pb?.approved)],
        ...totals.budgets.by_status.map((st, i) => [
          st.name,
          st.count,
          percent(st.conversion),
          ...before(pb?.by_status[i]?.count),
        ]),
      ],
    },
    crm: {
      headers: previous
        ? ["Etapa", ...crmKinds, ...crmKinds.map((k) => `${k} período anterior`)]
        : ["Etapa", ...crmKinds],
      rows: [
        ...CRM_STAGES.map((stage) => [
          stage.name,
          ...totals.crm.map((k) => k[stage.key]),
          ...(previous ? previous.totals.crm.map((k) => k[stage.key]) : []),
        ]),
        [
          "% recuperación",
          ...totals.crm.map((k) => percent(k.recovered_share)),
          ...(previous ? previous.totals.crm.map((k) => percent(k.recovered_share)) : []),
        ],
      ],
    },
    technicians: {
      headers: ["Técnico", "Trabajos completados", "Horas en trabajos"],
      rows: totals.technicians.map((t) => [names.get(t.user_id) ?? `Usuario ${t.user_id}`, t.works, t.hours]),
    },
  };
}
