/**
 * The frame of every staff page (seed 002 section 2.1): side menu, toolbar with the page title and location
 * selector, chat panel, and on screens under 1080 px a drawer menu and a bottom navigation. Rendered once the route
 * guard loaded the user and company setup (the route's pending and error components are the loader and error state).
 */
import { Outlet, useRouterState } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { lazyComponent } from "../../lib/lazy-component";
import { useCompanySetupLive } from "../../lib/company-setup";
import { useIsMobile } from "../../lib/media";
import { useStoredValue } from "../../lib/storage";
import { ApiProvider, trpc } from "../../lib/trpc";
import { useOpenedOnce } from "../../ui/dialog";
import { applyTheme, asTheme } from "../../ui/themes";
import { PushNotifications } from "../push";
import { UpdateDialog } from "../update";
import { BottomNav } from "./bottom-nav";
import { ChatPanel, chatVisibleStore, useChatLink, useChatUserEvents } from "../chat";
import { MenuContent, SideMenu } from "./side-menu";
import { Toolbar } from "./toolbar";
import "./shell.css";

const SideMenuDrawer = lazyComponent(() => import("./side-menu-drawer").then((m) => m.default), {
  onFailure: (props) => <PlainDrawer {...props} />,
});

/**
 * The drawer without its code (Radix's dialog): the same menu over the page, which takes the focus and closes with
 * Escape or a tap beside it, so the shell and its page go on rather than showing the error page.
 */
function PlainDrawer({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const menu = useRef<HTMLElement>(null);
  useEffect(() => {
    if (open) menu.current?.focus();
  }, [open]);
  if (!open) return null;
  return (
    <>
      <div className="dialog-overlay" onClick={() => onOpenChange(false)} />
      <aside
        ref={menu}
        className="sidebar sidebar-drawer"
        role="dialog"
        aria-modal="true"
        aria-label="Menú"
        tabIndex={-1}
        onKeyDown={(event) => event.key === "Escape" && onOpenChange(false)}
      >
        <MenuContent onNavigate={() => onOpenChange(false)} />
      </aside>
    </>
  );
}

/** The staff area is where screens read the API through React Query: its provider starts here. */
export function MainShell() {
  return (
    <ApiProvider>
      <Shell />
    </ApiProvider>
  );
}

function Shell() {
  const me = trpc.auth.me.useQuery().data;
  const mobile = useIsMobile();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [chatVisible, setChatVisible] = useStoredValue(chatVisibleStore);
  const [menuOpen, setMenuOpen] = useState(!mobile);
  const drawerOpened = useOpenedOnce(mobile && menuOpen);
  useChatUserEvents();
  useChatLink();
  useCompanySetupLive();

  useEffect(() => applyTheme(asTheme(me?.theme)), [me?.theme]);

  // On a phone every navigation hides the chat, so the page the user asked for is visible.
  useEffect(() => {
    if (mobile) setChatVisible(false);
  }, [pathname, mobile, setChatVisible]);

  useEffect(() => setMenuOpen(!mobile), [mobile]);

  return (
    <div className={`shell${mobile ? " shell-mobile" : ""}`}>
      {mobile
        ? drawerOpened && <SideMenuDrawer open={menuOpen} onOpenChange={setMenuOpen} />
        : menuOpen && <SideMenu />}
      <div className="shell-main">
        <Toolbar
          onToggleMenu={() => setMenuOpen((open) => !open)}
          menuOpen={menuOpen}
          chatVisible={chatVisible}
          onToggleChat={() => setChatVisible(!chatVisible)}
        />
        <div className="shell-body">
          <main className="shell-content" id="content">
            <Outlet />
          </main>
          {chatVisible && <ChatPanel onClose={() => setChatVisible(false)} />}
        </div>
        {mobile && (
          <BottomNav
            chatVisible={chatVisible}
            onShowChat={() => setChatVisible(true)}
            onHome={() => setChatVisible(false)}
          />
        )}
      </div>
      <UpdateDialog />
      <PushNotifications />
    </div>
  );
}
