export { paymentsRouter } from "./router";
export {
  configurePayments,
  currentProvider,
  providerNamed,
  ProviderError,
  type PaymentProvider,
  type ProviderName,
  type ProviderPayment,
} from "./provider";
export { localProvider, localCheckout, recordLocalPayment, LOCAL_CHECKOUT_PATH } from "./local";
export { mercadoPagoProvider, type MercadoPagoConfig } from "./mercadopago";
export { receiveWebhook, processInbox, type WebhookRequest, type WebhookAnswer } from "./webhook";
export { signatureHeader, verifySignature } from "./signature";
export { paymentJobs, pollPayments } from "./poller";
export { settlePayment } from "./settle";
