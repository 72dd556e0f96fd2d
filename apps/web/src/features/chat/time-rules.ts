/**
 * Clocks of the chat detail (seed 002 section 2.3, seed 001 section 9):
 *
 *   elapsedText(work.started_at, now)   // "2 día(s) 3 hora(s)", "45 minuto(s)": how long a worker has been at it
 *   eventClock(event, now)              // { state: "ongoing", text: "00:12:07" } | { state: "upcoming", … } | null
 */
import type { Instant } from "@taller/core";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The time since `from`, in the spec's words: days and hours when a day has passed, hours and minutes when an hour
 * has, else minutes ('0 minuto(s)' for a work just started; a clock running behind the server never goes negative).
 */
export function elapsedText(from: Instant, now: Date = new Date()): string {
  const ms = Math.max(0, now.getTime() - Date.parse(from));
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms % DAY) / HOUR);
  const minutes = Math.floor((ms % HOUR) / MINUTE);
  if (days > 0) return hours > 0 ? `${days} día(s) ${hours} hora(s)` : `${days} día(s)`;
  if (hours > 0) return minutes > 0 ? `${hours} hora(s) ${minutes} minuto(s)` : `${hours} hora(s)`;
  return `${minutes} minuto(s)`;
}

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
