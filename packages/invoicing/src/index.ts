export { invoicingRouter } from "./router";
export { configureDte, httpDteProvider, type DteDocument, type DteOutcome, type DteProvider } from "./provider";
export { parseCaf } from "./caf";
export { configureInvoiceLinks } from "./client-link";
export { invoicePdf, invoicePdfFileName, loadInvoicePdf } from "./pdf";
