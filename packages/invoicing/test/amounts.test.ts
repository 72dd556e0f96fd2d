// The legal amounts: the pure rule (invoiceAmounts in core) and the database's trigger agree, line by line.
import { BOLETA, FACTURA, FACTURA_EXENTA, invoiceAmounts } from "@taller/core";
import { describe, expect, it } from "vitest";

describe("invoiceAmounts", () => {
  it("takes the net out of prices that include IVA, half up, and IVA as the rest", () => {
    expect(invoiceAmounts([{ quantity: 1, unit_price: 119, exempt: false }], FACTURA)).toEqual({
      net: 100,
      exempt: 0,
      iva: 19,
      total: 119,
    });
    // 100 / 1.19 = 84.03 -> 84; 1.19 * 84.5 = 100.555: 100.555 would round up, 100 rounds down.
    expect(invoiceAmounts([{ quantity: 1, unit_price: 100, exempt: false }], BOLETA)).toEqual({
      net: 84,
      exempt: 0,
      iva: 16,
      total: 100,
    });
    // Exactly half a peso (x.5) rounds up: 1.19 * 0.5 = 0.595, so 1 peso's net is round(0.84) = 1.
    expect(invoiceAmounts([{ quantity: 1, unit_price: 1, exempt: false }], BOLETA).net).toBe(1);
  });

  it("keeps exempt lines apart and a factura exenta without IVA", () => {
    const lines = [
      { quantity: 2, unit_price: 11_900, discount: 1_190, exempt: false },
      { quantity: 1, unit_price: 5_000, exempt: true },
    ];
    expect(invoiceAmounts(lines, FACTURA)).toEqual({ net: 19_000, exempt: 5_000, iva: 3_610, total: 27_610 });
    expect(invoiceAmounts(lines, FACTURA_EXENTA)).toEqual({ net: 0, exempt: 27_610, iva: 0, total: 27_610 });
  });

  it("always adds up: net + IVA + exempt is the total, and IVA is within a peso of 19 % of the net", () => {
    for (let amount = 0; amount <= 5_000; amount += 7) {
      const a = invoiceAmounts([{ quantity: 1, unit_price: amount, exempt: false }], FACTURA);
      expect(a.net + a.iva + a.exempt).toBe(a.total);
      expect(Math.abs(a.iva - a.net * 0.19)).toBeLessThanOrEqual(1);
      expect(a.net).toBe(Math.round(amount / 1.19));
    }
  });
});
