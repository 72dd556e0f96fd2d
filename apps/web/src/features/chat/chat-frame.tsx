/**
 * The chat panel in the shell (seed 002 section 2.1): 450 px while it lists chats, 500 px with a chat open, the
 * whole screen on phones. Its content is a lazy chunk, loaded when the panel first opens.
 */
import { X } from "lucide-react";
import { lazyPart } from "../../lib/lazy-part";
import { IconButton } from "../../ui/icon-button";
import { PageLoader } from "../../ui/spinner";
import { useAssistant } from "./assistant-store";
import { useOpenChat } from "./chat-store";

// A failed load stays inside the panel, with 'Reintentar': the shell and its page go on without the chat.
const ChatPanelBody = lazyPart(
  () => import("./chat-panel").then((m) => m.default),
  "el chat",
  () => <PageLoader label="Cargando chats..." />,
);

export function ChatPanel({ onClose }: { onClose(): void }) {
  const { current } = useOpenChat();
  const assistant = useAssistant();
  return (
    <aside className={`chat-panel${current || assistant.open ? " chat-panel-detail" : ""}`} aria-label="Chat">
      <header className="chat-panel-header">
        <h2>Chat</h2>
        <IconButton label="Ocultar chat" onClick={onClose}>
          <X size={20} />
        </IconButton>
      </header>
      <ChatPanelBody />
    </aside>
  );
}
