// Invoicing: the list and document pages load lazily through routes/pages.ts; a finished order's page, a budget's
// page and a paid payment request's detail offer 'Facturar'.
export { BillButton } from "./bill-button";
