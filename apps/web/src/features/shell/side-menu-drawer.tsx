/**
 * The side menu as a drawer over the page, on screens under 1080 px. Its own module, loaded the first time it opens:
 * Radix Dialog is not part of the shell's first paint (docs/performance.md#the-web-app).
 */
import { Dialog as DialogPrimitive } from "radix-ui";
import { MenuContent } from "./side-menu";

export default function SideMenuDrawer({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="dialog-overlay" />
        <DialogPrimitive.Content className="sidebar sidebar-drawer" aria-describedby={undefined}>
          <DialogPrimitive.Title className="visually-hidden">Menú</DialogPrimitive.Title>
          <MenuContent onNavigate={() => onOpenChange(false)} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
