// The calendar's views. A file of their own: the router's query string schema reads them in every route's bundle
// (src/routes/search.ts), and calendar-rules.ts carries core's formatting.
export const CALENDAR_MODES = ["month", "week", "day"] as const;
export type CalendarMode = (typeof CALENDAR_MODES)[number];
