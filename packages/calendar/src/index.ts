export { calendarRouter } from "./router";
export type { CalendarEvent, Delivery } from "./rows";
export type { OrderOption } from "./order-options";
export type { CalendarMonth } from "./month";
// The write functions other domains may call (DOMAIN_ORDER): the chat's event messages write their events here.
export { createEvent, updateEvent, type EventWrite, type WallClockStart } from "./write/events";
