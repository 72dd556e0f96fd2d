import { describe, expect, it } from "vitest";
import { autosaveLabel, formErrors, formFromAction } from "../src/features/provider-public/provider-rules";

const action = {
  estimated_completion_date: null,
  expiration_date: null,
  warehouse_id: null,
  comment: null,
  inventory_action_products: [
    {
      id: 1,
      product: { code: "A", name: "Pastillas" },
      required_quantity: 2,
      quantity: 2,
      price: null,
      _destroy: false,
    },
    {
      id: 2,
      product: { code: "B", name: "Líquido" },
      required_quantity: 1,
      quantity: 1,
      price: 5_990,
      _destroy: false,
    },
  ],
};

describe("the supplier form's rules (seed 000 section 5)", () => {
  it("a pricing needs the estimated date, a warehouse and a price for each offered line", () => {
    const v = formFromAction(action);
    expect(Object.keys(formErrors("pricing", v)).sort()).toEqual([
      "estimated_completion_date",
      "inventory_action_products_attributes",
      "warehouse_id",
    ]);
    const filled = { ...v, estimated_completion_date: "2026-12-01", warehouse_id: "3" };
    expect(formErrors("pricing", filled)).toEqual({
      inventory_action_products_attributes: "Indique el precio de cada producto ofrecido",
    });
    // A line the supplier does not offer needs no price; offering nothing at all is not a pricing.
    const lines = filled.lines.map((l) => (l.id === 1 ? { ...l, removed: true } : l));
    expect(formErrors("pricing", { ...filled, lines })).toEqual({});
    expect(formErrors("pricing", { ...filled, lines: lines.map((l) => ({ ...l, removed: true })) })).toEqual({
      inventory_action_products_attributes: "Debe ofrecer al menos un producto con precio",
    });
    expect(
      formErrors("pricing", { ...filled, lines: filled.lines.map((l) => ({ ...l, price: "1.5" })) }),
    ).toHaveProperty("inventory_action_products_attributes");
  });

  it("a buy order needs only the estimated date", () => {
    const v = formFromAction(action);
    expect(formErrors("buy_order", v)).toEqual({
      estimated_completion_date: "La fecha estimada de entrega es obligatoria",
    });
    expect(formErrors("buy_order", { ...v, estimated_completion_date: "2026-12-01" })).toEqual({});
  });

  it("the saving indicator says 'Guardando cambios...' then 'Cambios guardados'", () => {
    expect(autosaveLabel({ saving: true, saved: true, failed: false })).toBe("Guardando cambios...");
    expect(autosaveLabel({ saving: false, saved: true, failed: false })).toBe("Cambios guardados");
    expect(autosaveLabel({ saving: false, saved: false, failed: false })).toBeNull();
  });
});
