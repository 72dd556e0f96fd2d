export { calendarRouter } from "./router";
export type { CalendarEvent, Delivery } from "./rows";
