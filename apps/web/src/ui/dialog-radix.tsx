/** Radix Dialog behind `Dialog` (dialog.tsx), which loads it the first time a dialog opens or after the first paint. */
import { Dialog as DialogPrimitive } from "radix-ui";
import type { DialogProps } from "./dialog";

export default function DialogRadix({
  open,
  onOpenChange,
  title,
  description,
  actions,
  dismissible = true,
  width = 480,
  className,
  children,
}: DialogProps) {
  const keepOpen = (e: Event) => {
    if (!dismissible) e.preventDefault();
  };
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="dialog-overlay" />
        <DialogPrimitive.Content
          className={`dialog${className ? ` ${className}` : ""}`}
          style={{ maxWidth: width }}
          onPointerDownOutside={keepOpen}
          onInteractOutside={keepOpen}
          onEscapeKeyDown={keepOpen}
          // Radix warns about a missing description unless told explicitly that there is none.
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <DialogPrimitive.Title className="dialog-title">{title}</DialogPrimitive.Title>
          {description && (
            <DialogPrimitive.Description className="dialog-description">{description}</DialogPrimitive.Description>
          )}
          {children && <div className="dialog-body">{children}</div>}
          {actions && <div className="dialog-actions">{actions}</div>}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
