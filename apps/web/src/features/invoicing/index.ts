// Invoicing: the list and document pages load lazily through routes/pages.ts; a finished order's page offers
// 'Facturar'.
export { BillOrderButton } from "./bill-order";
