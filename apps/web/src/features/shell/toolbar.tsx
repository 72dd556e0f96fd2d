import { truncate } from "@taller/core";
import { useMatches } from "@tanstack/react-router";
import { Menu, MessageSquare, RefreshCw } from "lucide-react";
import { useEffect } from "react";
import { lazyComponent } from "../../lib/lazy-component";
import { useCompanySetup } from "../../lib/company-setup";
import { useIsMobile } from "../../lib/media";
import { IconButton } from "../../ui/icon-button";
import { ChatButtonBadges } from "../chat";
import { pageTitle } from "./navigation";

/**
 * The selector's code did not arrive: a button that loads it again, in its place, rather than the shell's error page
 * (the rest of the toolbar and the page work without it).
 */
const locationsFailed = (_props: object, retry: () => void) => (
  <IconButton label="No se pudo cargar el selector de locales. Reintentar" onClick={retry}>
    <RefreshCw size={20} />
  </IconButton>
);
// Only companies with several locations see the selector: its Radix select, checkboxes and sheet load with it.
const LocationSelect = lazyComponent(() => import("./location-select").then((m) => m.LocationSelect), {
  onFailure: locationsFailed,
});
const LocationSheetButton = lazyComponent(() => import("./location-select").then((m) => m.LocationSheetButton), {
  onFailure: locationsFailed,
});

/** Titles longer than this are cut with an ellipsis (seed 002 section 2.1). */
const TITLE_MAX = 30;

interface ToolbarProps {
  menuOpen: boolean;
  onToggleMenu(): void;
  chatVisible: boolean;
  onToggleChat(): void;
}

/** The top bar: menu button, the page title in the company's terms, location selector and chat toggle. */
export function Toolbar({ menuOpen, onToggleMenu, chatVisible, onToggleChat }: ToolbarProps) {
  const { company, locations } = useCompanySetup();
  const mobile = useIsMobile();
  const title = useMatches({ select: (matches) => matches.findLast((m) => m.staticData.title)?.staticData.title });
  const fullTitle = title ? pageTitle(title, company.preferences) : company.name;

  useEffect(() => {
    document.title = `${fullTitle} · ${company.name}`;
  }, [fullTitle, company.name]);

  return (
    <header className="toolbar">
      <IconButton label={menuOpen ? "Cerrar menú" : "Abrir menú"} aria-expanded={menuOpen} onClick={onToggleMenu}>
        <Menu size={22} />
      </IconButton>
      <h1 className="toolbar-title" title={fullTitle}>
        {truncate(fullTitle, TITLE_MAX)}
      </h1>
      <div className="toolbar-actions">
        {locations.length > 1 && (mobile ? <LocationSheetButton /> : <LocationSelect />)}
        {!mobile && (
          <IconButton
            label={chatVisible ? "Ocultar chat" : "Mostrar chat"}
            aria-pressed={chatVisible}
            onClick={onToggleChat}
            className="chat-toggle"
          >
            <MessageSquare size={22} />
            <ChatButtonBadges />
          </IconButton>
        )}
      </div>
    </header>
  );
}
