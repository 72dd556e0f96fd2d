import { describe, expect, it } from "vitest";
import { budgetLinesInput } from "../src/budget-schemas";
import {
  budgetLocked,
  budgetReadyForClient,
  budgetTotal,
  lineProblem,
  lineTotal,
  pdfFileName,
  transitionAllowed,
} from "../src/budgets";
import { paymentLinesFromBudget, paymentLinesTotal } from "../src/payments";

describe("budget rules", () => {
  it("totals lines in integer pesos", () => {
    expect(lineTotal({ quantity: 3, unit_price: 8_990, discount: 970 })).toBe(26_000);
    expect(
      budgetTotal([
        { quantity: 1, unit_price: 1_000, discount: 0 },
        { quantity: 2, unit_price: 500, discount: 100 },
      ]),
    ).toBe(1_900);
    expect(budgetTotal([])).toBe(0);
  });
  it("says what is wrong with a line", () => {
    expect(lineProblem({ quantity: 1, unit_price: 100, discount: 100 })).toBeNull();
    expect(lineProblem({ quantity: 1, unit_price: 100, discount: 101 })).toBe(
      "El descuento no puede superar el monto de la línea",
    );
    expect(lineProblem({ quantity: 10_000, unit_price: 100_001, discount: 0 })).toBe(
      "El monto de la línea no puede superar $1.000.000.000",
    );
  });
  it("lets a status without rules move anywhere else, and a status with rules only where they say", () => {
    const rules = [{ from_status_id: 2, to_status_id: 3 }];
    expect(transitionAllowed(1, 4, rules)).toBe(true);
    expect(transitionAllowed(2, 3, rules)).toBe(true);
    expect(transitionAllowed(2, 4, rules)).toBe(false);
    expect(transitionAllowed(1, 1, [])).toBe(false);
  });
  it("names the PDF", () => expect(pdfFileName(42)).toBe("Presupuesto_42.pdf"));
  it("validates the form's lines with Spanish messages", () => {
    const bad = budgetLinesInput.safeParse([{ quantity: 0, unit_price: -1, discount: 0 }]);
    expect(bad.success).toBe(false);
    const messages = bad.error?.issues.map((i) => i.message) ?? [];
    expect(messages).toContain("La cantidad mínima es 1");
    expect(messages).toContain("El precio no puede ser negativo");
    expect(messages).toContain("Elige un producto o escribe una descripción");
    const big = budgetLinesInput.safeParse(
      Array.from({ length: 3 }, () => ({ description: "x", quantity: 1, unit_price: 1_000_000_000, discount: 0 })),
    );
    expect(big.error?.issues.map((i) => i.message)).toEqual(["El total del presupuesto es demasiado alto"]);
    expect(budgetLinesInput.safeParse([{ product_id: 1, quantity: 1, unit_price: 0 }]).success).toBe(true);
  });
});

describe("budgetLocked", () => {
  it("locks a budget in a finished status only", () => {
    expect(budgetLocked({ finish: true })).toBe(true);
    expect(budgetLocked({ finish: false })).toBe(false);
  });
});

describe("budgetReadyForClient", () => {
  it("is leaving the initial status for another open one; never a final status, never the initial one", () => {
    const draft = 1;
    expect(budgetReadyForClient({ id: 2, finish: false }, draft)).toBe(true);
    expect(budgetReadyForClient({ id: draft, finish: false }, draft)).toBe(false);
    expect(budgetReadyForClient({ id: 3, finish: true }, draft)).toBe(false);
  });
});

describe("paymentLinesFromBudget", () => {
  const line = (quantity: number, unit_price: number, discount: number, description = "Frenos") => ({
    description,
    quantity,
    unit_price,
    discount,
  });

  it("keeps quantity and price, folds an even discount into the price, else one unit of the line's total", () => {
    expect(paymentLinesFromBudget([line(2, 10_000, 0)])).toEqual([
      { title: "Frenos", description: null, quantity: 2, unit_price: 10_000 },
    ]);
    expect(paymentLinesFromBudget([line(4, 10_000, 2_000)])).toEqual([
      { title: "Frenos", description: "Incluye descuento de $2.000", quantity: 4, unit_price: 9_500 },
    ]);
    expect(paymentLinesFromBudget([line(3, 10_000, 1_000)])).toEqual([
      { title: "Frenos", description: "3 × $10.000 con descuento de $1.000", quantity: 1, unit_price: 29_000 },
    ]);
  });

  it("sums to the budget's total, leaves out lines of $0, and gives every line a title of at most 256 characters", () => {
    const lines = [
      line(3, 9_990, 7),
      line(1, 0, 0),
      line(2, 500, 100, ""),
      line(7, 1_234, 5, "x".repeat(500)),
      line(10_000, 100_000, 999_999),
    ];
    const out = paymentLinesFromBudget(lines);
    expect(paymentLinesTotal(out)).toBe(budgetTotal(lines));
    expect(out.map((l) => l.title.slice(0, 8))).toEqual(["Frenos", "Línea 3", "xxxxxxxx", "Frenos"]);
    expect(
      out.every(
        (l) => l.title.length >= 1 && l.title.length <= 256 && l.unit_price > 0 && Number.isInteger(l.unit_price),
      ),
    ).toBe(true);
  });
});
