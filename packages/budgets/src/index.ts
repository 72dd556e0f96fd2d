export { budgetsRouter } from "./router";
export { loadBudget, type BudgetDetail } from "./detail";
export { budgetPdf } from "./pdf";
export { type PdfColumn, pdfTable } from "./pdf-table";
// The write functions other domains may call (DOMAIN_ORDER): the chat's budget form writes its budget through them.
export { budgetWriteError, writeBudget, type BudgetWrite, type BudgetWriteResult } from "./write/budget";
