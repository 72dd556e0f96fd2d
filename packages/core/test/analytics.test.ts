import { describe, expect, it } from "vitest";
import {
  ANALYTICS_FIGURE_KEYS,
  ANALYTICS_TEXTS,
  analyticsFigures,
  companyTerms,
  DEFAULT_TERMS,
  orderStageNames,
  analyticsGrain,
  analyticsRangeSchema,
  durationBucket,
  durationBucketEnd,
  histogramQuantile,
  previousPeriod,
  RANGE_PRESETS,
} from "../src";

describe("analytics rules", () => {
  it("puts every duration below its bucket's end and at or above the previous one's", () => {
    for (const minutes of [0, 59, 60, 1439, 1440, 2879, 14 * 1440 - 1, 14 * 1440, 91 * 1440 - 1]) {
      const bucket = durationBucket(minutes);
      expect(minutes).toBeLessThan(durationBucketEnd(bucket));
      if (bucket > 0) expect(minutes).toBeGreaterThanOrEqual(durationBucketEnd(bucket - 1));
    }
    expect(durationBucket(91 * 1440)).toBe(48);
  });

  it("reads the 90th percentile as its bucket's end", () => {
    // 9 orders within the first hour, 1 at three days: the 9th of 10 is in the first hour.
    expect(
      histogramQuantile(
        new Map([
          [0, 9],
          [25, 1],
        ]),
        0.9,
      ),
    ).toBe(60);
    expect(
      histogramQuantile(
        new Map([
          [0, 8],
          [25, 2],
        ]),
        0.9,
      ),
    ).toBe(3 * 1440);
    expect(histogramQuantile(new Map(), 0.9)).toBeNull();
  });

  it("compares with the period just before, as long as the range", () => {
    expect(previousPeriod("2026-03-01", "2026-03-31")).toEqual({ from: "2026-01-29", to: "2026-02-28" });
    expect(previousPeriod("2026-01-01", "2026-01-01")).toEqual({ from: "2025-12-31", to: "2025-12-31" });
  });

  it("offers the presets in Chile's calendar", () => {
    const ranges = Object.fromEntries(RANGE_PRESETS.map((p) => [p.label, p.range("2026-03-15")]));
    expect(ranges).toEqual({
      Hoy: { from: "2026-03-15", to: "2026-03-15" },
      "Últimos 7 días": { from: "2026-03-09", to: "2026-03-15" },
      "Últimos 30 días": { from: "2026-02-14", to: "2026-03-15" },
      "Este mes": { from: "2026-03-01", to: "2026-03-15" },
      "Mes anterior": { from: "2026-02-01", to: "2026-02-28" },
      "Este año": { from: "2026-01-01", to: "2026-03-15" },
    });
  });

  it("takes at most five years, in order, with Spanish messages; groups by day, week or month", () => {
    expect(analyticsRangeSchema.safeParse({ from: "2024-01-01", to: "2028-12-31" }).success).toBe(true);
    const long = analyticsRangeSchema.safeParse({ from: "2024-01-01", to: "2029-01-01" });
    expect(long.error?.issues.map((i) => i.message)).toEqual([ANALYTICS_TEXTS.rangeTooLong]);
    const backwards = analyticsRangeSchema.safeParse({ from: "2026-02-01", to: "2026-01-01" });
    expect(backwards.error?.issues.map((i) => i.message)).toEqual([ANALYTICS_TEXTS.rangeOrder]);
    expect([analyticsGrain("2026-01-01", "2026-03-03"), analyticsGrain("2026-01-01", "2026-12-31")]).toEqual([
      "day",
      "week",
    ]);
    expect(analyticsGrain("2025-01-01", "2026-12-31")).toBe("month");
  });
});

describe("the figures in the company's words", () => {
  const words = (order: { singular: string; plural: string }) =>
    companyTerms({
      ...DEFAULT_TERMS,
      object: { singular: "Bicicleta", plural: "Bicicletas" },
      client: { singular: "Ciclista", plural: "Ciclistas", gender: "f" },
      order,
    });

  it("keeps the spec's words for the default terms", () => {
    const figures = analyticsFigures(companyTerms(DEFAULT_TERMS));
    expect(figures.orders.title).toBe("Órdenes recibidas y finalizadas");
    expect(figures.orders.definition).toMatch(/^Recibidas: órdenes con fecha de recepción/);
    expect(figures.channels.definition).toContain("(agenda, CRM, vehículos)");
    expect(orderStageNames(companyTerms(DEFAULT_TERMS).order).received).toBe("Recibidas");
  });

  it("names orders, objects and clients as the company does, agreeing with their gender", () => {
    const terms = words({ singular: "Trabajo", plural: "Trabajos" });
    const figures = analyticsFigures(terms);
    expect(figures.orders.title).toBe("Trabajos recibidos y finalizados");
    expect(figures.orders.definition).toMatch(/^Recibidos: trabajos con fecha/);
    expect(figures.times.definition).toContain("de los trabajos finalizados o entregados");
    expect(figures.channels.definition).toContain("(agenda, CRM, bicicletas)");
    expect(figures.channels.definition).toContain("reservadas por la ciclista");
    expect(figures.crm.definition).toContain("Recuperadas: la bicicleta llegó");
    expect(orderStageNames(terms.order)).toMatchObject({ received: "Recibidos", cancelled: "Anulados" });
    for (const { title, definition } of Object.values(figures))
      expect(`${title} ${definition}`).not.toMatch(/órdenes|vehículo|cliente/i);
  });

  it("lists every figure once, in the dashboard's order", () => {
    expect(ANALYTICS_FIGURE_KEYS).toEqual(Object.keys(analyticsFigures(companyTerms(DEFAULT_TERMS))));
    expect(ANALYTICS_FIGURE_KEYS[0]).toBe("orders");
  });
});
