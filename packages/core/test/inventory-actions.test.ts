import { describe, expect, it } from "vitest";
import { leftToReceive, PROVIDER_KIND_STATUSES, providerReceiptSchema, receiptState } from "../src";

describe("a buy order's receipts", () => {
  it("what is left of a line: ordered minus received, nothing for a removed line, never negative", () => {
    expect(leftToReceive({ quantity: 5, received_quantity: 2, _destroy: false })).toBe(3);
    expect(leftToReceive({ quantity: 5, received_quantity: 5, _destroy: false })).toBe(0);
    expect(leftToReceive({ quantity: 5, received_quantity: 0, _destroy: true })).toBe(0);
    expect(leftToReceive({ quantity: 2, received_quantity: 3, _destroy: false })).toBe(0);
  });

  it("the receipt state: none, partial, full", () => {
    expect(receiptState([{ ordered: 3, received: 0 }])).toBe("none");
    expect(
      receiptState([
        { ordered: 3, received: 1 },
        { ordered: 2, received: 2 },
      ]),
    ).toBe("partial");
    expect(
      receiptState([
        { ordered: 3, received: 3 },
        { ordered: 2, received: 2 },
      ]),
    ).toBe("full");
    expect(receiptState([])).toBe("none");
  });

  it("the receipt input: a uuid key, at least one unit, no line twice", () => {
    const key = "0b7e1d2c-3f4a-4b5c-8d6e-7f8091a2b3c4";
    const ok = {
      id: 1,
      warehouse_id: 2,
      key,
      lines: [
        { line_id: 3, quantity: 1 },
        { line_id: 4, quantity: 0 },
      ],
    };
    expect(providerReceiptSchema.safeParse(ok).success).toBe(true);
    expect(providerReceiptSchema.safeParse({ ...ok, key: "x" }).success).toBe(false);
    const nothing = providerReceiptSchema.safeParse({ ...ok, lines: [{ line_id: 3, quantity: 0 }] });
    expect(nothing.error?.issues[0]?.message).toBe("Indique al menos una cantidad a recibir");
    const twice = {
      ...ok,
      lines: [
        { line_id: 3, quantity: 1 },
        { line_id: 3, quantity: 1 },
      ],
    };
    expect(providerReceiptSchema.safeParse(twice).error?.issues[0]?.message).toBe("Producto repetido");
    expect(providerReceiptSchema.safeParse({ ...ok, lines: [{ line_id: 3, quantity: -1 }] }).success).toBe(false);
  });

  it("each type's statuses for the lists' filter", () => {
    expect(PROVIDER_KIND_STATUSES.buy_order).toEqual(["pending", "confirmed", "cancelled"]);
    expect(PROVIDER_KIND_STATUSES.pricing).not.toContain("confirmed");
  });
});
