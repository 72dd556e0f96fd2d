// Works and the work-point kiosk (seed 002 sections 3.3, 4.1; seed 000 section 2.9): the shapes and pure rules the
// server and the screens share.
import { z } from "zod";

/** The documents a work can be requested for (the chat's document types). */
export const WORK_DOCUMENT_TYPES = ["Order", "Budget", "Crm", "Booking"] as const;
export type WorkDocumentType = (typeof WORK_DOCUMENT_TYPES)[number];
export const workDocumentTypeSchema = z.enum(WORK_DOCUMENT_TYPES);

/** A work's state, from its instants: it only moves forward. */
export type WorkState = "pending" | "started" | "completed";
export const WORK_STATE_LABELS: Record<WorkState, string> = { pending: "Pendiente", started: "En curso", completed: "Terminado" };

export function workState(work: { started_at: string | null; completed_at: string | null }): WorkState {
  if (work.completed_at !== null) return "completed";
  return work.started_at !== null ? "started" : "pending";
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/**
 * Time elapsed since `from` as the works strip writes it (seed 002 section 2.3: 'día(s)', 'hora(s)', 'minuto(s)'):
 * the two largest units that are not zero ('2 días 3 horas', '1 hora 5 minutos', '0 minutos').
 */
export function elapsedText(fromMs: number, nowMs: number): string {
  const minutes = Math.max(0, Math.floor((nowMs - fromMs) / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const parts: string[] = [];
  if (days > 0) parts.push(plural(days, "día"));
  if (hours > 0) parts.push(plural(hours, "hora"));
  if (mins > 0 && days === 0) parts.push(plural(mins, "minuto"));
  return parts.length ? parts.slice(0, 2).join(" ") : plural(0, "minuto");
}

/**
 * The kiosk's inactivity rule (seed 000 sections 4 and 9): the company's `workpoint_logout_time` in seconds, 0 for
 * never. The answer is how long after the last activity (mouse, key, wheel) the user is logged out, or null.
 */
export function kioskIdleMs(logoutTimeSeconds: number): number | null {
  if (!Number.isFinite(logoutTimeSeconds) || logoutTimeSeconds <= 0) return null;
  return Math.round(logoutTimeSeconds * 1000);
}

/** Whether the kiosk logs the user out now, given the last activity. */
export function kioskIdleExpired(logoutTimeSeconds: number, lastActivityMs: number, nowMs: number): boolean {
  const idle = kioskIdleMs(logoutTimeSeconds);
  return idle !== null && nowMs - lastActivityMs >= idle;
}
