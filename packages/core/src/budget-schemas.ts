import { z } from "zod";
import { BUDGET_TEXTS, budgetTotal, lineProblem, MAX_BUDGET_TOTAL, MAX_LINE_AMOUNT, MAX_LINES } from "./budgets";
import { idSchema } from "./ids";

// A budget's form schemas, apart from its rules (budgets.ts) so that screens that only show budgets load no zod.

/**
 * A budget line as the chat's budget form and budgets.create send it: a catalogue product (its name is the
 * description unless one is given) or free text, a quantity, a unit price and a discount in pesos.
 */
export const budgetLineInput = z
  .object({
    product_id: idSchema.nullish(),
    description: z.string().trim().max(500, "La descripción admite hasta 500 caracteres").nullish(),
    quantity: z
      .number({ error: "Ingresa una cantidad" })
      .int("La cantidad debe ser un número entero")
      .min(1, "La cantidad mínima es 1")
      .max(10_000, "La cantidad máxima es 10.000"),
    unit_price: z
      .number({ error: "Ingresa un precio" })
      .int("El precio debe ser un número entero de pesos")
      .min(0, "El precio no puede ser negativo")
      .max(MAX_LINE_AMOUNT, "El precio es demasiado alto"),
    discount: z
      .number()
      .int("El descuento debe ser un número entero de pesos")
      .min(0, "El descuento no puede ser negativo")
      .default(0),
  })
  .superRefine((line, issues) => {
    if (!line.product_id && !line.description)
      issues.addIssue({
        code: "custom",
        path: ["description"],
        message: "Elige un producto o escribe una descripción",
      });
    const problem = lineProblem(line);
    if (problem)
      issues.addIssue({
        code: "custom",
        path: [line.discount > line.quantity * line.unit_price ? "discount" : "unit_price"],
        message: problem,
      });
  });
export type BudgetLineInput = z.infer<typeof budgetLineInput>;

export const budgetLinesInput = z
  .array(budgetLineInput)
  .min(1, BUDGET_TEXTS.noLines)
  .max(MAX_LINES, BUDGET_TEXTS.tooManyLines)
  .superRefine((lines, issues) => {
    if (budgetTotal(lines) > MAX_BUDGET_TOTAL) issues.addIssue({ code: "custom", message: BUDGET_TEXTS.totalTooLarge });
  });

export const budgetNotesInput = z.string().trim().max(2000, "Las notas admiten hasta 2000 caracteres").nullish();
