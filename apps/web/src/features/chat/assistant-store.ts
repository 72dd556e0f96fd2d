/**
 * Whether the chat panel shows the AI assistant, which thread, and the document it was opened from (its context goes
 * with each question). Small and eager, like chat-store: the document chat's header and the list open it.
 */
import { useSyncExternalStore } from "react";
import { chatVisibleStore, type ChatRef } from "./chat-store";

export interface AssistantState {
  open: boolean;
  /** null: the newest empty thread (chat.assistant.create makes or reuses it). */
  threadId: number | null;
  context: ChatRef | null;
}

let state: AssistantState = { open: false, threadId: null, context: null };
const listeners = new Set<() => void>();
function set(next: AssistantState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Opens the assistant in the panel, about this document when given. */
export function showAssistant(context: ChatRef | null = null) {
  set({ open: true, threadId: null, context });
  chatVisibleStore.set(true);
}
export function closeAssistant() {
  set({ open: false, threadId: null, context: null });
}
/** Another thread of the history menu (its questions go without a document unless asked from one). */
export function pickThread(threadId: number | null) {
  set({ ...state, threadId });
}

export function useAssistant(): AssistantState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
