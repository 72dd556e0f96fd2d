// Payment requests (cobros): the list page and client page load lazily through routes/pages.ts; the order detail
// and the budget's page offer 'Crear cobro' (the detail dialog stays inside the feature: it opens orders, which import
// this file).
export { BudgetPaymentButton, CreatePaymentButton } from "./create-payment";
