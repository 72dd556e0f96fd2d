/**
 * The dashboard's charts (recharts, loaded by the page after its first paint): each shows its numbers on hover and on
 * keyboard focus (recharts' accessibility layer: arrow keys move through the points).
 */
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";

/** The palette of the series, dark enough for white text and told apart without colour by the legend. */
export const CHART_COLORS = ["#1565C0", "#2E7D32", "#EF6C00", "#6A1B9A", "#00838F"];

export interface SeriesSpec {
  key: string;
  name: string;
}

/** Also the height of a chart's place while it loads (analytics.css `.analytics-chart-loading`). */
const HEIGHT = 260;
type Format = (value: number) => string;

const tooltipFormatter = (format: Format) => (value: unknown) =>
  typeof value === "number" ? format(value) : String(value);

/** Values over time, one bar per series and period (`kind: "line"` for a trend). */
export function TimeChart({
  data,
  xKey,
  series,
  format,
  kind = "bar",
  label,
}: {
  data: readonly Record<string, string | number | null>[];
  xKey: string;
  series: readonly SeriesSpec[];
  format: Format;
  kind?: "bar" | "line";
  label: string;
}) {
  const common = (
    <>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey={xKey} tick={{ fontSize: 12 }} minTickGap={16} />
      <YAxis tick={{ fontSize: 12 }} tickFormatter={(v: number) => format(v)} width={72} allowDecimals={false} />
      <Tooltip formatter={tooltipFormatter(format)} />
      <Legend />
    </>
  );
  return (
    <div className="analytics-chart" role="figure" aria-label={label}>
      <ResponsiveContainer width="100%" height={HEIGHT}>
        {kind === "line" ? (
          <LineChart data={data} accessibilityLayer>
            {common}
            {series.map((s, i) => (
              <Line
                key={s.key}
                dataKey={s.key}
                name={s.name}
                stroke={CHART_COLORS[i % CHART_COLORS.length]}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        ) : (
          <BarChart data={data} accessibilityLayer>
            {common}
            {bars(series)}
          </BarChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}

/** One bar per series in the chart's colours: a list of elements, since recharts reads its children's types. */
const bars = (series: readonly SeriesSpec[]) =>
  series.map((s, i) => (
    <Bar
      key={s.key}
      dataKey={s.key}
      name={s.name}
      fill={CHART_COLORS[i % CHART_COLORS.length]}
      isAnimationActive={false}
    />
  ));

/** Categories side by side (measures, technicians), optionally against the previous period. */
export function CategoryChart({
  data,
  series,
  format,
  label,
}: {
  data: readonly Record<string, string | number | null>[];
  series: readonly SeriesSpec[];
  format: Format;
  label: string;
}) {
  return (
    <div className="analytics-chart" role="figure" aria-label={label}>
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <BarChart data={data} layout="vertical" accessibilityLayer>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" tick={{ fontSize: 12 }} tickFormatter={(v: number) => format(v)} />
          <YAxis type="category" dataKey="name" tick={{ fontSize: 12 }} width={120} />
          <Tooltip formatter={tooltipFormatter(format)} />
          <Legend />
          {bars(series)}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Parts of a whole (bookings by channel). */
export function ShareChart({
  data,
  format,
  label,
}: {
  data: readonly { name: string; value: number }[];
  format: Format;
  label: string;
}) {
  return (
    <div className="analytics-chart" role="figure" aria-label={label}>
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <PieChart accessibilityLayer>
          <Pie data={data} dataKey="value" nameKey="name" isAnimationActive={false}>
            {data.map((d, i) => (
              <Cell key={d.name} fill={CHART_COLORS[i % CHART_COLORS.length]} />
            ))}
          </Pie>
          <Tooltip formatter={tooltipFormatter(format)} />
          <Legend />
        </PieChart>
      </ResponsiveContainer>
    </div>
  );
}
