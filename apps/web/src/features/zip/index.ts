export { BudgetZipButton } from "./budget-zip-button";
