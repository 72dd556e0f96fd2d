// The dashboard at /main/analytics (packages/analytics, docs/domains/analytics.md): its range rules, presets, the
// duration histogram's buckets and percentile, and what each figure means (shown beside it and in the docs).
import { z } from "zod";
import { dayDateSchema } from "./fields";
import { addDays, todayIn, DEFAULT_TZ } from "./format";
import {
  agree,
  companyTerms,
  DEFAULT_TERMS,
  lowerTerm,
  orderShort,
  ordersShort,
  theTerm,
  type TermKey,
  type TermWords,
} from "./terms";

/** The longest range the dashboard answers: five years of days (leap days included). */
export const ANALYTICS_MAX_DAYS = 5 * 365 + 2;

export const ANALYTICS_TEXTS = {
  rangeOrder: "La fecha inicial debe ser anterior o igual a la final",
  rangeTooLong: "El rango puede abarcar como máximo 5 años",
  ownOnly: "Los reportes muestran toda la empresa: tu permiso está limitado a tus propios registros",
} as const;

/** Days from `from` to `to`, both included. */
export function daySpan(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The period just before a range, as long as it: what the comparison's deltas are against. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const end = addDays(from, -1);
  return { from: addDays(end, 1 - daySpan(from, to)), to: end };
}

/** A dashboard range: days in America/Santiago, both included, at most five years. */
export const analyticsRangeSchema = z
  .object({ from: dayDateSchema, to: dayDateSchema })
  .refine((r) => r.from <= r.to, { message: ANALYTICS_TEXTS.rangeOrder, path: ["to"] })
  .refine((r) => r.from > r.to || daySpan(r.from, r.to) <= ANALYTICS_MAX_DAYS, {
    message: ANALYTICS_TEXTS.rangeTooLong,
    path: ["from"],
  });

/** How a chart groups its days: by day up to two months, by week (from Monday) up to a year, else by month. */
export type AnalyticsGrain = "day" | "week" | "month";
export function analyticsGrain(from: string, to: string): AnalyticsGrain {
  const days = daySpan(from, to);
  return days <= 62 ? "day" : days <= 366 ? "week" : "month";
}

export interface RangePreset {
  key: string;
  label: string;
  range(today: string): { from: string; to: string };
}

const monthStart = (day: string) => `${day.slice(0, 8)}01`;

export const RANGE_PRESETS: readonly RangePreset[] = [
  { key: "today", label: "Hoy", range: (t) => ({ from: t, to: t }) },
  { key: "7d", label: "Últimos 7 días", range: (t) => ({ from: addDays(t, -6), to: t }) },
  { key: "30d", label: "Últimos 30 días", range: (t) => ({ from: addDays(t, -29), to: t }) },
  { key: "month", label: "Este mes", range: (t) => ({ from: monthStart(t), to: t }) },
  {
    key: "last_month",
    label: "Mes anterior",
    range: (t) => {
      const end = addDays(monthStart(t), -1);
      return { from: monthStart(end), to: end };
    },
  },
  { key: "year", label: "Este año", range: (t) => ({ from: `${t.slice(0, 4)}-01-01`, to: t }) },
];

/** The dashboard's first range: the last 30 days up to today in Chile. */
export function defaultAnalyticsRange(now = new Date()): { from: string; to: string } {
  const today = todayIn(DEFAULT_TZ, now);
  return { from: addDays(today, -29), to: today };
}

/**
 * The end (minutes, exclusive) of a duration bucket as the database's analytics_bucket() assigns them: an hour
 * wide below a day (0-23), a day wide below two weeks (24-36), a week wide below 13 weeks (37-47); the last (48)
 * holds everything longer and is reported at its start, 13 weeks.
 */
export function durationBucketEnd(bucket: number): number {
  if (bucket <= 23) return (bucket + 1) * 60;
  if (bucket <= 36) return (bucket - 22) * 1440;
  if (bucket <= 47) return (bucket - 34) * 10_080;
  return 91 * 1440;
}

/** The bucket of a duration in minutes, as analytics_bucket() in SQL (the tests hold both to the same buckets). */
export function durationBucket(minutes: number): number {
  if (minutes < 1440) return Math.floor(minutes / 60);
  if (minutes < 14 * 1440) return 23 + Math.floor(minutes / 1440);
  if (minutes < 91 * 1440) return 35 + Math.floor(minutes / 10_080);
  return 48;
}

/**
 * The q-quantile (0.9 for the 90th percentile) of a histogram, as its bucket's end in minutes: at most one bucket
 * above the exact value. null when the histogram is empty.
 */
export function histogramQuantile(counts: ReadonlyMap<number, number>, q: number): number | null {
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  if (total <= 0) return null;
  const rank = Math.ceil(q * total);
  let seen = 0;
  for (const bucket of [...counts.keys()].sort((a, b) => a - b)) {
    seen += counts.get(bucket) ?? 0;
    if (seen >= rank) return durationBucketEnd(bucket);
  }
  return null;
}

/** Where a booking came from (its `from`), as the dashboard groups them. */
export const BOOKING_CHANNELS = [
  { id: 1, name: "Personal" },
  { id: 2, name: "Página pública" },
  { id: 3, name: "Correo" },
  { id: 4, name: "WhatsApp" },
] as const;

/** The CRM's managements the dashboard follows (dim of the crm_* metrics). */
export const CRM_FOLLOWED_KINDS = [
  { id: 1, kind: "retention", name: "Retenciones" },
  { id: 2, kind: "absence", name: "Ausencias" },
] as const;

/** The stages of a retention's or absence's follow-up the dashboard counts (the keys of its CRM figures). */
export const CRM_STAGES = [
  { key: "raised", name: "Levantadas" },
  { key: "contacted", name: "Contactadas" },
  { key: "booked", name: "Agendadas" },
  { key: "recovered", name: "Recuperadas" },
  { key: "lost", name: "Perdidas" },
] as const;

/**
 * The words a figure's numbers of orders go by, agreeing with the company's term for them: 'Recibidas' orders,
 * 'Recibidos' jobs. The KPIs, the chart's series and the tables say the same.
 */
export function orderStageNames(order: TermWords) {
  const o = (masculine: string, feminine: string) => agree(order, masculine, feminine);
  return {
    received: o("Recibidos", "Recibidas"),
    finished: o("Finalizados", "Finalizadas"),
    delivered: o("Entregados", "Entregadas"),
    cancelled: o("Anulados", "Anuladas"),
    promised: `${o("Finalizados", "Finalizadas")} con fecha prometida`,
    finishedOnTime: `${o("Finalizados", "Finalizadas")} a tiempo y ${o("atrasados", "atrasadas")}`,
  };
}

/**
 * Each figure's title and definition, naming orders, vehicles and clients in the company's words (agreeing with
 * their gender): the 'i' beside it and the docs say the same.
 */
export function analyticsFigures(terms: Pick<Record<TermKey, TermWords>, "object" | "client" | "order">) {
  const { object, client, order } = terms;
  const orders = lowerTerm(ordersShort(order));
  const o = (masculine: string, feminine: string) => agree(order, masculine, feminine);
  const stage = orderStageNames(order);
  return {
    orders: {
      title: `${ordersShort(order)} ${stage.received.toLowerCase()} y ${stage.finished.toLowerCase()}`,
      definition: `${stage.received}: ${orders} con fecha de recepción en el período. ${stage.finished}: ${orders} cuyo trabajo se completó en el período (fecha de finalización). ${stage.delivered}: ${orders} que pasaron a un estado finalizado distinto de anulado en el período.`,
    },
    times: {
      title: "Tiempos de atención",
      definition: `Horas desde la recepción hasta la finalización y hasta la entrega, de ${o("los", "las")} ${orders} ${o("finalizados o entregados", "finalizadas o entregadas")} en el período: promedio exacto y percentil 90 (el 90% tardó eso o menos), redondeado hacia arriba a la hora bajo un día, al día bajo dos semanas y a la semana después.`,
    },
    onTime: {
      title: "Cumplimiento de la fecha prometida",
      definition: `De ${o("los", "las")} ${orders} ${stage.finished.toLowerCase()} en el período que tenían fecha de entrega prometida, la parte finalizada ese día o antes ('Finalizado a tiempo' o 'Finalizado antes' en el calendario).`,
    },
    revenue: {
      title: "Cobros pagados",
      definition: `Monto pagado de los cobros pagados en el período, por el día del pago y el local de su ${lowerTerm(orderShort(order))}. Ticket promedio: monto cobrado dividido por los cobros pagados.`,
    },
    agenda: {
      title: "Agenda",
      definition:
        "Reservas por su día, sin contar las reprogramadas (cuenta la nueva) ni las anuladas. Inasistencia: reservas marcadas como no asistió, sobre las reservas. Reprogramadas: reservas movidas a otra fecha, sobre las reservas más las reprogramadas. Anulación: reservas anuladas (por su día), sobre las reservas más las anuladas; una reserva anulada no cuenta como reserva. Ocupación: horas reservadas sobre las horas disponibles, las que la agenda ofrece según su configuración (días y horario de atención, intervalo, cupos por hora o profesionales, feriados, bloqueos y horas no disponibles de cada profesional).",
    },
    channels: {
      title: "Reservas por canal",
      definition: `Personal: creadas por el equipo (agenda, CRM, ${object.manyLower}). Página pública: reservadas por ${theTerm(client)} con su enlace. Correo: llegadas por correo. WhatsApp: reservadas por WhatsApp.`,
    },
    budgets: {
      title: "Presupuestos enviados y aprobados",
      definition:
        "Presupuestos creados en el período, por el estado en que están hoy. Enviados: los que dejaron el estado inicial de la empresa (el primero no finalizado). Aprobados: los que están en un estado marcado como de aprobación en Administración > Estados. Conversión: aprobados sobre enviados. La tabla muestra además cada estado, y cada estado finalizado con su parte de los enviados.",
    },
    crm: {
      title: "Retenciones y ausencias",
      definition: `Gestiones de retención y de ausencia levantadas en el período, por lo que pasó con ellas hasta hoy. Contactadas: alguien cambió su estado, la puso en lista de espera o la marcó perdida. Agendadas: tienen una reserva. Recuperadas: ${theTerm(object)} llegó a esa reserva (se recibió). Perdidas: en un estado de pérdida. Recuperación: recuperadas sobre levantadas.`,
    },
    technicians: {
      title: "Técnicos",
      definition:
        "Trabajos completados en el período por cada técnico (día de término en el punto de trabajo) y las horas entre su inicio y su término.",
    },
  } as const satisfies Record<string, { title: string; definition: string }>;
}
export type AnalyticsFigure = keyof ReturnType<typeof analyticsFigures>;
/** The figures, in the dashboard's order. */
export const ANALYTICS_FIGURE_KEYS = Object.keys(analyticsFigures(companyTerms(DEFAULT_TERMS))) as [
  AnalyticsFigure,
  ...AnalyticsFigure[],
];
