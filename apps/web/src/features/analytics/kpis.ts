// Key numbers beside a chart and their change against the previous period: pure, tested without a browser.
import { formatNumber } from "@taller/core";

export interface Kpi {
  label: string;
  text: string;
  /** The change against the previous period; absent without a comparison. */
  delta?: { change: number | null; tone: "up" | "down" | "flat" };
}

/**
 * A number and its change: `higherIsBetter` colours a rise green (orders, revenue) or red (hours, no-shows).
 * `previous` undefined: no comparison asked; null or 0: no change to tell.
 */
export function kpi(
  label: string,
  value: number | null,
  previous: number | null | undefined,
  format: (n: number) => string,
  higherIsBetter = true,
): Kpi {
  const text = value === null ? "—" : format(value);
  if (previous === undefined) return { label, text };
  const change = value === null || previous === null || previous === 0 ? null : (value - previous) / previous;
  const better = change === null || change === 0 ? "flat" : change > 0 === higherIsBetter ? "up" : "down";
  return { label, text, delta: { change, tone: better } };
}

/** '+12,5 % vs período anterior', or 'sin comparación' when the previous period had nothing. */
export function deltaText(k: Kpi): string {
  const change = k.delta?.change;
  if (change === null || change === undefined) return "sin comparación";
  const sign = change > 0 ? "+" : "";
  return `${sign}${formatNumber(Math.round(change * 1000) / 10, 1)} % vs período anterior`;
}
