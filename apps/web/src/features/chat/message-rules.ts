/**
 * The messages of one open chat, as pure rules (seed 002 sections 4.1, 5 and 9):
 *
 *   messagesReducer(state, { type: "sending", message })   // optimistic: id null, shown at once
 *   messagesReducer(state, { type: "sent", key, message })  // the server's id and times replace it
 *   messagesReducer(state, { type: "failed", key })         // an image message disappears; a text one stays, marked
 *   authorName(message)                                     // the user, the client (WhatsApp), 'Sistema'…
 *   canDelete(message, me, now)                             // its author, within 5 minutes
 *   canSend(draft)                                          // trimmed text, an event, images or a budget
 *   createReadMarker(mark)                                  // debounced 300 ms, never > 300 px from the bottom
 *   eventFormErrors(form)                                   // name, start, duration >= 1 hour
 */
import { CHAT_DELETE_WINDOW_MINUTES, chatEventInput, type Instant } from "@taller/core";
import { inSpanish } from "../../lib/zod-spanish";

/** Older pages load when the list is scrolled this close to its top. */
export const LOAD_OLDER_PX = 100;
/** Further from the bottom than this, 'Ir al final' shows and nothing is marked read. */
export const BOTTOM_SLACK_PX = 300;
export const READ_DEBOUNCE_MS = 300;
const DELETE_WINDOW_MS = CHAT_DELETE_WINDOW_MINUTES * 60_000;
/** Others' messages ring after this delay. */
export const SOUND_DELAY_MS = 1000;

export interface MessageBase {
  /** null while the server has not answered (an optimistic message). */
  id: number | null;
  /** Stable React key: the id once known, else a local one kept after the id arrives so the row does not remount. */
  key: string;
  created_at: Instant;
  pictures: readonly unknown[];
  /** Set on an optimistic message whose send failed. */
  failed?: boolean;
}

/** Oldest first, by (created_at, id): the order the server pages in, so a merged page never reorders. */
function byTime(a: MessageBase, b: MessageBase): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? -1 : 1;
  // Optimistic messages (no id yet) after those with ids at the same instant.
  return (a.id ?? Number.MAX_SAFE_INTEGER) - (b.id ?? Number.MAX_SAFE_INTEGER);
}

export type MessagesAction<M extends MessageBase> =
  /** Messages from the server (a page, the cache, a realtime event): added or replacing the same id. */
  | { type: "merge"; messages: readonly M[] }
  | { type: "sending"; message: M }
  | { type: "sent"; key: string; message: M }
  | { type: "failed"; key: string }
  | { type: "reset"; messages: readonly M[] };

export function messagesReducer<M extends MessageBase>(state: readonly M[], action: MessagesAction<M>): M[] {
  switch (action.type) {
    case "reset":
      return [...action.messages].sort(byTime);
    case "merge": {
      if (!action.messages.length) return state as M[];
      const incoming = new Map(action.messages.map((m) => [m.id, m]));
      const byKey = new Map(action.messages.map((m) => [m.key, m]));
      // A known id keeps its row's key, so an edit or a deletion does not remount the bubble; an optimistic message
      // whose send the event announced before the answer came is replaced by it (same key).
      const kept = state.map((m) => {
        const next = (m.id === null ? byKey.get(m.key) : incoming.get(m.id)) ?? undefined;
        if (!next) return m;
        incoming.delete(next.id);
        return { ...next, key: m.key };
      });
      return [...kept, ...incoming.values()].sort(byTime);
    }
    case "sending":
      return [...state, action.message].sort(byTime);
    case "sent": {
      // The realtime event may have brought the message before the send's answer: keep one copy.
      const already = state.some((m) => m.id === action.message.id);
      return state
        .flatMap((m) => (m.key !== action.key ? [m] : already ? [] : [{ ...action.message, key: m.key }]))
        .sort(byTime);
    }
    case "failed":
      // Seed 002 section 8: an image message that failed is removed; a text stays, marked, so it can be copied.
      return state.flatMap((m) => (m.key !== action.key ? [m] : m.pictures.length ? [] : [{ ...m, failed: true }]));
  }
}

/** Who wrote a message, as its bubble, its quote and the reply preview name it. */
export function authorName(message: {
  author_type?: string;
  author: { name: string } | null;
  client_name: string | null;
}): string {
  return (
    message.author?.name ??
    message.client_name ??
    (message.author_type === "System" ? "Sistema" : message.author_type === "Assistant" ? "Asistente" : "Sin autor")
  );
}

export interface DeletableMessage {
  id: number | null;
  author_type: string;
  author: { id: number } | null;
  created_at: Instant;
  deleted_at: Instant | null;
}

/** Only its author may delete a message, within 5 minutes of its creation (seed 002 section 5; the server rechecks). */
export function canDelete(message: DeletableMessage, userId: number, now: Date = new Date()): boolean {
  return (
    message.id !== null &&
    message.deleted_at === null &&
    message.author_type === "User" &&
    message.author?.id === userId &&
    now.getTime() - Date.parse(message.created_at) < DELETE_WINDOW_MS
  );
}

export interface Draft {
  text: string;
  event: unknown;
  images: readonly unknown[];
  /** An assistant thread waiting for its answer blocks sending. */
  agentWorking?: boolean;
  /** The open budget form and its number of actions; null when closed. */
  budget?: { actions: number } | null;
}

/**
 * A message is sent only with trimmed text, an event, images or a budget form, never while the agent works, and
 * never while the budget form is open with zero actions (seed 002 section 5).
 */
export function canSend(draft: Draft): boolean {
  if (draft.agentWorking) return false;
  if (draft.budget) return draft.budget.actions > 0;
  return draft.text.trim() !== "" || Boolean(draft.event) || draft.images.length > 0;
}

/** Others' messages ring; the user's own never do (seed 002 section 9). */
export function rings(message: { author_type: string; author: { id: number } | null }, userId: number): boolean {
  return !(message.author_type === "User" && message.author?.id === userId);
}

export interface ScrollBox {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

export const distanceFromBottom = (box: ScrollBox) => box.scrollHeight - box.scrollTop - box.clientHeight;
export const showGoToEnd = (box: ScrollBox) => distanceFromBottom(box) > BOTTOM_SLACK_PX;
export const nearTop = (box: ScrollBox) => box.scrollTop <= LOAD_OLDER_PX;

/**
 * Marks the chat read once the user has seen its last message: `seen(lastId, distance)` on every scroll and every
 * new message. Further than 300 px from the bottom nothing is marked (and a pending mark is cancelled); otherwise the
 * mark waits 300 ms of quiet and is sent once per last message.
 */
export function createReadMarker(mark: (lastId: number) => void, delay = READ_DEBOUNCE_MS) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let marked: number | null = null;
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return {
    seen(lastId: number | null, distance: number) {
      cancel();
      if (lastId === null || lastId === marked || distance > BOTTOM_SLACK_PX) return;
      timer = setTimeout(() => {
        timer = undefined;
        marked = lastId;
        mark(lastId);
      }, delay);
    },
    cancel,
  };
}

export type EventFormField = "name" | "start" | "duration";

/**
 * The event form's problems by field (seed 002 section 5: name and start required, duration at least 1 hour), in
 * the server's words: the values are checked with core's `chatEventInput`, the schema `chat.send` applies. `start`
 * is a datetime-local value (checked here for being a date and time; sent as Santiago's clock by `eventInput`).
 */
export function eventFormErrors(form: {
  name: string;
  start: string;
  duration: number;
}): Partial<Record<EventFormField, string>> {
  const start = new Date(form.start);
  inSpanish();
  const parsed = chatEventInput.safeParse({
    name: form.name,
    start: Number.isNaN(start.getTime()) ? "" : start.toISOString(),
    duration: Number.isFinite(form.duration) ? form.duration : undefined,
  });
  const errors: Partial<Record<EventFormField, string>> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as EventFormField;
    errors[field] ??= issue.message;
  }
  // An empty duration takes the schema's default (1 hour); the form asks for it explicitly.
  if (!Number.isFinite(form.duration)) errors.duration ??= "Ingresa la duración en horas";
  return errors;
}

/** The file picker accepts only images: anything else is filtered out (seed 002 section 5). */
export function onlyImages<F extends { type: string }>(files: readonly F[]): F[] {
  return files.filter((f) => f.type.startsWith("image/"));
}
