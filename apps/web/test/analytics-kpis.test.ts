import { describe, expect, it } from "vitest";
import { deltaText, kpi } from "../src/features/analytics/kpis";

const n = (v: number) => String(v);

describe("the dashboard's key numbers", () => {
  it("tells the change against the previous period, coloured by whether more is better", () => {
    const orders = kpi("Recibidas", 120, 100, n);
    expect(orders).toMatchObject({ text: "120", delta: { tone: "up" } });
    expect(deltaText(orders)).toBe("+20,0 % vs período anterior");
    expect(kpi("P90", 30, 20, n, false).delta?.tone).toBe("down");
    expect(deltaText(kpi("Reservas", 5, 10, n))).toBe("-50,0 % vs período anterior");
  });

  it("says so when there is nothing to compare with, and shows a dash for no value", () => {
    expect(kpi("Recibidas", 3, undefined, n)).toEqual({ label: "Recibidas", text: "3" });
    expect(deltaText(kpi("Recibidas", 3, 0, n))).toBe("sin comparación");
    expect(kpi("Promedio", null, 2, n)).toMatchObject({ text: "—", delta: { change: null, tone: "flat" } });
  });
});
