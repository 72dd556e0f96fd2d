export { budgetsRouter } from "./router";
export { loadBudget, type BudgetDetail } from "./detail";
export { budgetPdf } from "./pdf";
