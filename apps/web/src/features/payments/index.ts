// Payment requests (cobros): the list page and client page load lazily through routes/pages.ts; the order detail
// offers 'Crear cobro'.
export { CreatePaymentButton } from "./create-payment";
export { PaymentDialog } from "./payment-detail";
