export { bookingRouter } from "./router";
export type { BookingDetail } from "./booking-rows";
export type { Professional } from "./professional-rows";
export type { BookingRange } from "./range";
export type { BookingBlock } from "./toggle-block";
export type { ExternalMail } from "./external-mails/list";
export type { PublicBookingData } from "./public/get";
export { companyForInboundMailKey, issueInboundMailKey } from "./inbound/key";
export { receiveBookingMail, type InboundBookingMail, type ReceiveResult } from "./inbound/receive";
