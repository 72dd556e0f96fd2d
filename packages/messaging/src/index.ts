export { messagingRouter } from "./router";
export { configureMessaging, localAdapter, messagingAdapter, type WhatsappAdapter } from "./adapter";
export { gupshupAdapter } from "./gupshup";
export { companyForWebhookKey, newWebhookKey, receiveWebhook, webhookSchema, type WebhookReport } from "./inbound";
export { bookingReminderJob, messagingJobs, templateSyncJob } from "./jobs";
export { crmFollowUpJob, crmFollowUpKey } from "./crm-follow-up";
export { queueNotification, type NotifyRequest, type NotifyResult } from "./notify";
export {
  CATCH_UP_AFTER_MS,
  handleNotificationRequest,
  notificationCatchUpJob,
  notificationKey,
  queueDocumentNotification,
  startNotificationDelivery,
  type DocumentNotifyResult,
  type NotificationDeps,
} from "./document-notifications";
export { deliverMessage } from "./outbound";
