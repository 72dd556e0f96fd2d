import type { RouterOutputs } from "@taller/api";

/** An event as calendar.range, calendar.search and the event mutations answer it. */
export type CalendarEvent = RouterOutputs["calendar"]["range"]["events"][number];
