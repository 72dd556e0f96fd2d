// What other features use of budgets: features reach into each other through this file only (lint boundary).
export { BudgetForm, type BudgetDraft, emptyBudgetDraft } from "./budget-form";
