// The budgets' route components (loaded with their routes).
export { BudgetDetailPage } from "./budget-detail";
export { BudgetsPage } from "./budgets-page";
