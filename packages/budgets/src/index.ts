export { budgetsRouter } from "./router";
export { budgetWriteError } from "./create";
export { loadBudget, type BudgetDetail } from "./detail";
export { budgetPdf } from "./pdf";
