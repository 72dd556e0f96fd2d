import { MessagesSquare, X } from "lucide-react";
import { IconButton } from "../../ui/icon-button";

/** The chat's place in the shell. Its conversations come with the internal chat issue (seed 002 sections 2.2-2.3). */
export function ChatPanel({ onClose }: { onClose(): void }) {
  return (
    <aside className="chat-panel" aria-label="Chat">
      <header className="chat-panel-header">
        <h2>Chat</h2>
        <IconButton label="Ocultar chat" onClick={onClose}>
          <X size={20} />
        </IconButton>
      </header>
      <div className="chat-panel-empty">
        <MessagesSquare size={40} aria-hidden />
        <p>El chat interno todavía no está disponible.</p>
      </div>
    </aside>
  );
}
