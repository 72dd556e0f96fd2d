// What other features use of the chat (features reach into each other through this file only). All of it is small
// and eager; the panel's content is a lazy chunk (chat-frame.tsx).
export { ChatButtonBadges, useChatUserEvents } from "./chat-badges";
export { ChatPanel } from "./chat-frame";
export { useChatLink } from "./chat-link";
export { chatVisibleStore, showChat } from "./chat-store";
