/**
 * Which chat the panel shows, shared by the shell, the panel and screens that open a chat ('Abrir chat' on the
 * orders list) without loading the chat's code: this file is small and eager, the panel is a lazy chunk.
 *
 *   const [visible, setVisible] = useStoredValue(chatVisibleStore);   // the shell's toggle (kept on the device)
 *   showChat({ document_type: "Order", document_id: 12 })             // opens the panel on that document's chat
 *   const { current } = useOpenChat();                                // what the panel shows (null: the list)
 *
 * A chat is named by its document: the panel opens it through `chat.open`, which creates it on first use. Opening
 * pushes it on a history stack and remembers it as the last chat (seed 002 section 4.1); back pops.
 */
import type { ChatDocument } from "@taller/core";
import { useSyncExternalStore } from "react";
import { booleanCodec, storedValue, type Codec } from "../../lib/storage";
import { back, openInHistory } from "./message-rules";

export interface ChatRef {
  document_type: ChatDocument;
  document_id: number;
}

export const chatVisibleStore = storedValue("chat_visible", booleanCodec(false));

const REF = /^(Order|Budget|Crm|Booking):(\d{1,10})$/;
// Refs travel as "Order:12": one string per chat, comparable with ===.
type RefKey = string;
const toKey = (ref: ChatRef): RefKey => `${ref.document_type}:${ref.document_id}`;
function fromKey(key: RefKey | null): ChatRef | null {
  const m = key ? REF.exec(key) : null;
  return m ? { document_type: m[1] as ChatDocument, document_id: Number(m[2]) } : null;
}

const keyCodec: Codec<RefKey | null> = {
  parse: (raw) => (fromKey(raw) ? raw : null),
  serialize: (key) => key,
};
/** The last chat opened, reopened with the panel. */
export const lastChatStore = storedValue("last_chat", keyCodec);

interface State {
  current: RefKey | null;
  stack: readonly RefKey[];
}

let state: State = { current: lastChatStore.get(), stack: [] };
const listeners = new Set<() => void>();

function set(next: State) {
  state = next;
  lastChatStore.set(next.current);
  for (const listener of listeners) listener();
}

/** Shows the document's chat in the panel (opening the panel). */
export function showChat(ref: ChatRef) {
  const key = toKey(ref);
  set({ current: key, stack: openInHistory(state.current === null ? [] : openInHistory(state.stack, state.current), key) });
  chatVisibleStore.set(true);
}

/** Back: the previous chat of the stack, else the list. */
export function chatBack() {
  const previous = back(state.stack);
  set({ current: previous.chat, stack: previous.stack });
}

/** The list, forgetting the history (the chat could not be opened). */
export function chatList() {
  set({ current: null, stack: [] });
}

export function useOpenChat(): { current: ChatRef | null } {
  const key = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state.current,
  );
  return { current: fromKey(key) };
}
