import { describe, expect, it } from "vitest";
import { budgetLinesInput, budgetTotal, lineProblem, lineTotal, pdfFileName, transitionAllowed } from "../src/budgets";

describe("budget rules", () => {
  it("totals lines in integer pesos", () => {
    expect(lineTotal({ quantity: 3, unit_price: 8_990, discount: 970 })).toBe(26_000);
    expect(budgetTotal([{ quantity: 1, unit_price: 1_000, discount: 0 }, { quantity: 2, unit_price: 500, discount: 100 }])).toBe(1_900);
    expect(budgetTotal([])).toBe(0);
  });
  it("says what is wrong with a line", () => {
    expect(lineProblem({ quantity: 1, unit_price: 100, discount: 100 })).toBeNull();
    expect(lineProblem({ quantity: 1, unit_price: 100, discount: 101 })).toBe("El descuento no puede superar el monto de la línea");
    expect(lineProblem({ quantity: 10_000, unit_price: 100_001, discount: 0 })).toBe("El monto de la línea no puede superar $1.000.000.000");
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
    const big = budgetLinesInput.safeParse(Array.from({ length: 3 }, () => ({ description: "x", quantity: 1, unit_price: 1_000_000_000, discount: 0 })));
    expect(big.error?.issues.map((i) => i.message)).toEqual(["El total del presupuesto es demasiado alto"]);
    expect(budgetLinesInput.safeParse([{ product_id: 1, quantity: 1, unit_price: 0 }]).success).toBe(true);
  });
});
