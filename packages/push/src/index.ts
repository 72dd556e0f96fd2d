export { pushRouter } from "./router";
export { configurePush, type PushPolicy } from "./policy";
export { vapidKeys, type VapidKeys } from "./vapid";
export { webPushTransport, PUSH_TTL_SECONDS, type PushTransport } from "./transport";
export {
  deliverPushRequest,
  prunePush,
  startPushDelivery,
  type DeliveryDeps,
  type DeliveryReport,
  type PushRequest,
} from "./delivery";
