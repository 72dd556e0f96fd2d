export { bookingRouter } from "./router";
export { availableMinutes, loadAvailableMinutes, type AvailabilityFacts } from "./availability";
export type { BookingDetail, BookingWithAddons } from "./booking-rows";
export type { ConsumedProduct, OfferedAddon } from "./addons";
export type { Professional } from "./professional-rows";
export type { BookingDay } from "./day";
export type { BookingRange } from "./range";
export type { BookingBlock } from "./toggle-block";
export type { ExternalMail } from "./external-mails/list";
export type { PublicBookingData } from "./public/get";
export type { ClientOption } from "./options/client-options";
export type { VehicleOption } from "./options/vehicle-options";
export { companyForInboundMailKey, issueInboundMailKey } from "./inbound/key";
export { receiveBookingMail, type InboundBookingMail, type ReceiveResult } from "./inbound/receive";
// The write functions other domains may call (DOMAIN_ORDER): a client's WhatsApp 'Si' confirms the booking.
export { confirmByClient } from "./write/confirm-by-client";
