/**
 * Clocks of the chat detail (seed 002 section 2.3, seed 001 section 9):
 *
 *   sinceText(work.started_at, now)   // "45 minuto(s)", "3 hora(s)", "2 día(s)" (core's elapsedText)
 *   eventClock(event, now)            // { state: "ongoing", text: "00:12:07" } | { state: "upcoming", … } | null
 */
import { elapsedText, type Instant } from "@taller/core";

const HOUR = 3600_000;

/** How long since `from`, in the works strip's words; a browser clock behind the server's reads 0 minutes. */
export const sinceText = (from: Instant, now: Date = new Date()) => elapsedText(now.getTime() - Date.parse(from));

/** "HH:MM:SS" of a duration; hours keep counting past 24 (an event three days away reads "72:00:00"). */
export function hhmmss(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

export interface ChatEventLike {
  start_date: Instant;
  /** Hours. */
  duration: number;
}

export type EventClock = { state: "ongoing"; text: string } | { state: "upcoming"; text: string } | null;

/**
 * An event in the events strip: ongoing from its start for `duration` hours (the text is the time elapsed),
 * upcoming before it (the time remaining), and null once it ended (the strip hides it).
 */
export function eventClock(event: ChatEventLike, now: Date = new Date()): EventClock {
  const start = Date.parse(event.start_date);
  const end = start + event.duration * HOUR;
  const t = now.getTime();
  if (t >= end) return null;
  if (t >= start) return { state: "ongoing", text: hhmmss(t - start) };
  return { state: "upcoming", text: hhmmss(start - t) };
}
