// Works and the work-point kiosk (seed 002 sections 3.3, 4.1; seed 000 section 2.9): the shapes and pure rules the
// server and the screens share.
/** The documents a work can be requested for (the chat's document types). */
export const WORK_DOCUMENT_TYPES = ["Order", "Budget", "Crm", "Booking"] as const;
export type WorkDocumentType = (typeof WORK_DOCUMENT_TYPES)[number];

/** A work's state, from its instants: it only moves forward. */
export type WorkState = "pending" | "started" | "completed";
export const WORK_STATE_LABELS: Record<WorkState, string> = {
  pending: "Pendiente",
  started: "En curso",
  completed: "Terminado",
};

export function workState(work: { started_at: string | null; completed_at: string | null }): WorkState {
  if (work.completed_at !== null) return "completed";
  return work.started_at !== null ? "started" : "pending";
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
