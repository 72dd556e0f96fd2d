/**
 * Which chat the panel shows, shared by the shell, the panel and screens that open a chat ('Abrir chat' on the
 * orders list) without loading the chat's code: this file is small and eager, the panel is a lazy chunk.
 *
 *   const [visible, setVisible] = useStoredValue(chatVisibleStore);   // the shell's toggle (kept on the device)
 *   showChat({ document_type: "Order", document_id: 12 })             // opens the panel on that document's chat
 *   const { current } = useOpenChat();                                // what the panel shows (null: the list)
 *
 * A chat is named by its document. Opened from the list, the row's data is its header (the user is a member, who
 * may read the chat without reading the document: a mentioned technician); opened from a document ('Abrir chat')
 * or restored after a reload, the panel asks `chat.open`, which creates the chat on first use. Opening pushes it on
 * a history stack and remembers it as the last chat (seed 002 section 4.1); back pops.
 */
import { CHAT_DOCUMENTS, type ChatDocument, type ChatHeader } from "@taller/core";
import { useSyncExternalStore } from "react";
import { booleanCodec, storedValue, type Codec } from "../../lib/storage";
import { back, openInHistory } from "./history";

export interface ChatRef {
  document_type: ChatDocument;
  document_id: number;
}

export const chatVisibleStore = storedValue("chat_visible", booleanCodec(false));

const REF = new RegExp(`^(${CHAT_DOCUMENTS.join("|")}):(\\d{1,10})$`);
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
  /** False for the chat restored from the last session: failing to reopen it is not the user's doing. */
  asked: boolean;
}

let state: State = { current: lastChatStore.get(), stack: [], asked: false };
// Headers of chats opened from the list, so going back and forth does not ask the server again.
const headers = new Map<RefKey, ChatHeader>();
const listeners = new Set<() => void>();

function set(next: State) {
  state = next;
  lastChatStore.set(next.current);
  for (const listener of listeners) listener();
}

/** Shows the document's chat in the panel (opening the panel); `header` when the caller has it (a list row). */
export function showChat(ref: ChatRef, header?: ChatHeader) {
  const key = toKey(ref);
  if (header) headers.set(key, header);
  set({
    current: key,
    stack: openInHistory(state.current === null ? [] : openInHistory(state.stack, state.current), key),
    asked: true,
  });
  chatVisibleStore.set(true);
}

/** Back: the previous chat of the stack, else the list. */
export function chatBack() {
  const previous = back(state.stack);
  set({ current: previous.chat, stack: previous.stack, asked: true });
}

/** The list, forgetting the history (the chat could not be opened). */
export function chatList() {
  set({ current: null, stack: [], asked: true });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useOpenChat(): { current: ChatRef | null; header: ChatHeader | null; asked: boolean } {
  const snapshot = useSyncExternalStore(subscribe, () => state);
  return {
    current: fromKey(snapshot.current),
    header: snapshot.current === null ? null : (headers.get(snapshot.current) ?? null),
    asked: snapshot.asked,
  };
}
