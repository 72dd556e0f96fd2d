/**
 * Reportes (/main/analytics): how the workshop is doing over a range of days, at the locations chosen in the shell's
 * selector, against the period just before. One call (`analytics.dashboard`) answers every figure from the daily
 * aggregates; each figure is a chart with its numbers on hover, its key numbers with their change, its definition
 * behind an 'i', the table behind the chart and its .xlsx export. The range and the comparison live in the URL.
 */
import type { RouterOutputs } from "@taller/api";
import {
  CRM_STAGES,
  orderStageNames,
  ordersShort,
  formatMoney,
  formatNumber,
  RANGE_PRESETS,
  todayIn,
} from "@taller/core";
import { keepPreviousData } from "@tanstack/react-query";
import { useSearch } from "@tanstack/react-router";
import { lazyComponent } from "../../lib/lazy-component";
import { QueryFailed } from "../../lib/load-state";
import { useLocationFilter } from "../../lib/locations";
import { trpc } from "../../lib/trpc";
import { useSetParams } from "../../lib/url-search";
import { DateField } from "../../ui/date-field";
import { Select } from "../../ui/select";
import { PageLoader, Spinner } from "../../ui/spinner";
import { Switch } from "../../ui/switch";
import { dashboardInput } from "./dashboard-input";
import { ChartLoading, Figure } from "./figure";
import { kpi } from "./kpis";
import "./analytics.css";
import { useTerms } from "../../lib/company-setup";

// recharts is most of this page's weight (~95 KB gzipped): the figures' numbers show first, each chart as it loads
// (ChartLoading holds its place).
const charts = () => import("./charts");
const chartLoading = { placeholder: () => <ChartLoading /> };
const TimeChart = lazyComponent(() => charts().then((m) => m.TimeChart), chartLoading);
const CategoryChart = lazyComponent(() => charts().then((m) => m.CategoryChart), chartLoading);
const ShareChart = lazyComponent(() => charts().then((m) => m.ShareChart), chartLoading);

type Dashboard = RouterOutputs["analytics"]["dashboard"];

const CUSTOM = "custom";
const count = (n: number) => formatNumber(Math.round(n));
// One argument only: chart callbacks pass more (a tick's index), and formatMoney's second is the currency.
const money = (n: number) => formatMoney(n);
const hoursText = (n: number) => `${formatNumber(n, 1)} h`;
const percentText = (share: number) => `${formatNumber(Math.round(share * 1000) / 10, 1)} %`;
const plainCell = (v: string | number | null) => (v === null ? "—" : typeof v === "number" ? formatNumber(v) : v);
const moneyCell = (v: string | number | null, c: number) => (typeof v === "number" && c >= 2 ? money(v) : plainCell(v));

export function AnalyticsPage() {
  const setParams = useSetParams();
  const { input, range } = dashboardInput(useSearch({ from: "/main/analytics" }), useLocationFilter());
  const { from, to, compare } = input;
  const rangeError = range.success ? null : (range.error.issues[0]?.message ?? null);
  const dashboard = trpc.analytics.dashboard.useQuery(input, {
    enabled: range.success,
    placeholderData: keepPreviousData,
  });
  const today = todayIn();
  const preset = RANGE_PRESETS.find((p) => {
    const r = p.range(today);
    return r.from === from && r.to === to;
  });

  return (
    <div className="analytics">
      <div className="analytics-toolbar" role="group" aria-label="Período">
        <Select
          label="Período"
          value={preset?.key ?? CUSTOM}
          onValueChange={(key) => {
            const picked = RANGE_PRESETS.find((p) => p.key === key);
            if (picked) setParams(picked.range(today));
          }}
          options={[
            ...RANGE_PRESETS.map((p) => ({ value: p.key, label: p.label })),
            { value: CUSTOM, label: "Personalizado" },
          ]}
        />
        <DateField label="Desde" value={from} onChange={(v) => setParams({ from: v })} error={rangeError} />
        <DateField label="Hasta" value={to} onChange={(v) => setParams({ to: v })} />
        <Switch
          label="Comparar con el período anterior"
          checked={compare}
          onCheckedChange={(on) => setParams({ compare: on })}
        />
        {dashboard.isFetching && dashboard.data && (
          <span className="analytics-refreshing" role="status">
            <Spinner size={16} /> Actualizando…
          </span>
        )}
      </div>
      {rangeError ? null : dashboard.isError ? (
        <QueryFailed query={dashboard} what="los reportes" />
      ) : !dashboard.data ? (
        <PageLoader label="Cargando reportes…" />
      ) : (
        <Figures d={dashboard.data} input={input} />
      )}
    </div>
  );
}

function Figures({ d, input }: { d: Dashboard; input: Parameters<typeof Figure>[0]["input"] }) {
  const p = d.previous?.totals;
  const o = d.totals.orders;
  const series = d.series.map((point, i) => ({ ...point, label: String(d.tables.orders.rows[i]?.[0] ?? "") }));
  const names = new Map(d.users.map((u) => [u.id, u.name]));
  const tables = d.tables;
  const terms = useTerms();
  const orders = ordersShort(terms.order);
  const stage = orderStageNames(terms.order);
  const b = d.totals.budgets;
  // A second bar per category with the previous period's number when comparing.
  const withPreviousSeries = (now: { key: string; name: string }) =>
    p ? [now, { key: "previous", name: "Período anterior" }] : [now];
  return (
    <>
      <h2 className="analytics-section">{orders} y tiempos</h2>
      <div className="analytics-grid">
        <Figure
          figure="orders"
          input={input}
          table={tables.orders}
          formatCell={plainCell}
          kpis={[
            kpi(stage.received, o.received, p?.orders.received, count),
            kpi(stage.finished, o.finished, p?.orders.finished, count),
            kpi(stage.delivered, o.delivered, p?.orders.delivered, count),
          ]}
        >
          <TimeChart
            label={`${orders} por período`}
            data={series}
            xKey="label"
            format={count}
            series={[
              { key: "received", name: stage.received },
              { key: "finished", name: stage.finished },
              { key: "delivered", name: stage.delivered },
            ]}
          />
        </Figure>
        <Figure
          figure="times"
          input={input}
          table={tables.times}
          formatCell={(v, c) => (typeof v === "number" && c > 0 ? hoursText(v) : plainCell(v))}
          kpis={[
            kpi("Promedio a finalización", o.finish_avg_hours, p?.orders.finish_avg_hours, hoursText, false),
            kpi("P90 a finalización", o.finish_p90_hours, p?.orders.finish_p90_hours, hoursText, false),
            kpi("Promedio a entrega", o.deliver_avg_hours, p?.orders.deliver_avg_hours, hoursText, false),
            kpi("P90 a entrega", o.deliver_p90_hours, p?.orders.deliver_p90_hours, hoursText, false),
          ]}
        >
          <CategoryChart
            label="Horas de atención"
            format={hoursText}
            data={[
              { name: "A finalización", avg: o.finish_avg_hours, p90: o.finish_p90_hours },
              { name: "A entrega", avg: o.deliver_avg_hours, p90: o.deliver_p90_hours },
            ]}
            series={[
              { key: "avg", name: "Promedio" },
              { key: "p90", name: "Percentil 90" },
            ]}
          />
        </Figure>
        <Figure
          figure="onTime"
          input={input}
          table={tables.onTime}
          formatCell={plainCell}
          kpis={[
            kpi("A tiempo", o.on_time_share, p?.orders.on_time_share, percentText),
            kpi("Con fecha prometida", o.promised, p?.orders.promised, count),
            kpi(stage.cancelled, o.cancelled, p?.orders.cancelled, count, false),
          ]}
        >
          <ShareChart
            label={stage.finishedOnTime}
            format={count}
            data={[
              { name: "A tiempo", value: o.on_time },
              { name: "Atrasadas", value: o.promised - o.on_time },
            ]}
          />
        </Figure>
      </div>

      <h2 className="analytics-section">Ingresos</h2>
      <div className="analytics-grid">
        <Figure
          figure="revenue"
          input={input}
          table={tables.revenue}
          formatCell={moneyCell}
          kpis={[
            kpi("Cobrado", d.totals.revenue.collected, p?.revenue.collected, money),
            kpi("Cobros pagados", d.totals.revenue.paid, p?.revenue.paid, count),
            kpi("Ticket promedio", d.totals.revenue.average_ticket, p?.revenue.average_ticket, money),
          ]}
        >
          <TimeChart
            label="Monto cobrado por período"
            data={series}
            xKey="label"
            kind="line"
            format={money}
            series={[{ key: "collected", name: "Monto cobrado" }]}
          />
        </Figure>
      </div>

      <h2 className="analytics-section">Presupuestos y {terms.crm.one}</h2>
      <div className="analytics-grid">
        <Figure
          figure="budgets"
          input={input}
          table={tables.budgets}
          formatCell={plainCell}
          kpis={[
            kpi("Enviados", b.sent, p?.budgets.sent, count),
            kpi("Aprobados", b.approved, p?.budgets.approved, count),
            kpi("Conversión", b.conversion, p?.budgets.conversion, percentText),
          ]}
        >
          <CategoryChart
            label="Presupuestos creados, enviados y aprobados"
            format={count}
            data={[
              { name: "Creados", count: b.created, previous: p?.budgets.created ?? null },
              { name: "Enviados", count: b.sent, previous: p?.budgets.sent ?? null },
              { name: "Aprobados", count: b.approved, previous: p?.budgets.approved ?? null },
            ]}
            series={withPreviousSeries({ key: "count", name: "Presupuestos" })}
          />
        </Figure>
        <Figure
          figure="crm"
          input={input}
          table={tables.crm}
          formatCell={plainCell}
          kpis={d.totals.crm.flatMap((k, i) => [
            kpi(`${k.name} levantadas`, k.raised, p?.crm[i]?.raised, count),
            kpi(`Recuperación de ${k.name.toLowerCase()}`, k.recovered_share, p?.crm[i]?.recovered_share, percentText),
          ])}
        >
          <CategoryChart
            label="Retenciones y ausencias por etapa"
            format={count}
            data={CRM_STAGES.map((stage) => ({
              name: stage.name,
              ...Object.fromEntries(d.totals.crm.map((k) => [`kind${k.kind}`, k[stage.key]])),
            }))}
            series={d.totals.crm.map((k) => ({ key: `kind${k.kind}`, name: k.name }))}
          />
        </Figure>
      </div>

      <h2 className="analytics-section">Agenda</h2>
      <div className="analytics-grid">
        <Figure
          figure="agenda"
          input={input}
          table={tables.agenda}
          formatCell={plainCell}
          kpis={[
            kpi("Reservas", d.totals.agenda.bookings, p?.agenda.bookings, count),
            kpi("Inasistencia", d.totals.agenda.no_show_rate, p?.agenda.no_show_rate, percentText, false),
            kpi("Reprogramadas", d.totals.agenda.rescheduled_rate, p?.agenda.rescheduled_rate, percentText, false),
            kpi("Anulación", d.totals.agenda.cancelled_rate, p?.agenda.cancelled_rate, percentText, false),
            kpi("Horas reservadas", d.totals.agenda.booked_hours, p?.agenda.booked_hours, hoursText),
            kpi("Ocupación", d.totals.agenda.occupancy, p?.agenda.occupancy, percentText),
          ]}
        >
          <TimeChart
            label="Reservas, inasistencias y anulaciones por período"
            data={series}
            xKey="label"
            kind="line"
            format={count}
            series={[
              { key: "bookings", name: "Reservas" },
              { key: "no_show", name: "Inasistencias" },
              { key: "cancelled_bookings", name: "Anuladas" },
            ]}
          />
        </Figure>
        <Figure figure="channels" input={input} table={tables.channels} formatCell={plainCell} kpis={[]}>
          <ShareChart
            label="Reservas por canal"
            format={count}
            data={d.totals.agenda.by_channel.map((c) => ({ name: c.name, value: c.count }))}
          />
        </Figure>
      </div>

      <h2 className="analytics-section">Técnicos</h2>
      <div className="analytics-grid">
        <Figure
          figure="technicians"
          input={input}
          table={tables.technicians}
          formatCell={(v, c) => (typeof v === "number" && c === 2 ? hoursText(v) : plainCell(v))}
          kpis={[]}
        >
          <CategoryChart
            label="Trabajos y horas por técnico"
            format={count}
            data={d.totals.technicians.map((t) => ({
              name: names.get(t.user_id) ?? `Usuario ${t.user_id}`,
              works: t.works,
              hours: t.hours,
            }))}
            series={[
              { key: "works", name: "Trabajos" },
              { key: "hours", name: "Horas" },
            ]}
          />
        </Figure>
      </div>
    </>
  );
}
