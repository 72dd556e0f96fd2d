/**
 * A panel that slides up from the bottom on phones (Radix Dialog underneath: modal, focus trapped, Escape and a tap
 * outside close it).
 *
 *   <BottomSheet open={open} onOpenChange={setOpen} title="Seleccionar Locales">…</BottomSheet>
 */
import { Dialog as DialogPrimitive } from "radix-ui";
import type { ReactNode } from "react";

export function BottomSheet({
  open,
  onOpenChange,
  title,
  children,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  children: ReactNode;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="dialog-overlay" />
        <DialogPrimitive.Content className="bottom-sheet" aria-describedby={undefined}>
          <div className="bottom-sheet-handle" aria-hidden />
          <DialogPrimitive.Title className="bottom-sheet-title">{title}</DialogPrimitive.Title>
          <div className="bottom-sheet-body">{children}</div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
