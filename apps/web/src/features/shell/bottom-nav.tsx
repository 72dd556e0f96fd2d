import { useNavigate } from "@tanstack/react-router";
import { House, MessageSquare } from "lucide-react";
import { useCompanySetup } from "../../lib/company-setup";
import { useCan } from "../../lib/permissions";
import { hasScreen } from "../../routes/router";
import { ChatButtonBadges } from "../chat";
import { homePath } from "./navigation";

/** Phones: 'Inicio' (the user's first page) and Chat, at the bottom of the screen. */
export function BottomNav({
  chatVisible,
  onShowChat,
  onHome,
}: {
  chatVisible: boolean;
  onShowChat(): void;
  onHome(): void;
}) {
  const navigate = useNavigate();
  const { company } = useCompanySetup();
  const can = useCan();
  return (
    <nav className="bottom-nav" aria-label="Navegación inferior">
      <button
        type="button"
        className="bottom-nav-item"
        aria-current={chatVisible ? undefined : "page"}
        onClick={() => {
          onHome();
          void navigate({ to: homePath(company.preferences, can, hasScreen) });
        }}
      >
        <House size={22} aria-hidden />
        <span>Inicio</span>
      </button>
      <button
        type="button"
        className="bottom-nav-item chat-toggle"
        aria-current={chatVisible ? "page" : undefined}
        onClick={onShowChat}
      >
        <MessageSquare size={22} aria-hidden />
        <ChatButtonBadges />
        <span>Chat</span>
      </button>
    </nav>
  );
}
