export { calendarRouter } from "./router";
export type { CalendarEvent, Delivery } from "./rows";
export type { OrderOption } from "./order-options";
export type { CalendarMonth } from "./month";
