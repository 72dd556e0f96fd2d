// The invoicing route components (loaded with their routes).
export { InvoicePage } from "./invoice-page";
export { InvoicesPage } from "./invoices-page";
