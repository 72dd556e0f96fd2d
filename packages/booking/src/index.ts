export { bookingRouter } from "./router";
export type { BookingDetail } from "./booking-rows";
export type { Professional } from "./professional-rows";
export type { BookingRange } from "./range";
export type { BookingBlock } from "./toggle-block";
export type { ExternalMail } from "./external-mails/list";
export type { PublicBookingData } from "./public/get";
export type { ClientOption } from "./options/client-options";
export type { VehicleOption } from "./options/vehicle-options";
