/**
 * A modal dialog (Radix Dialog: focus trapped and restored, Escape and outside click close it, labelled by its title).
 *
 *   <Dialog open={open} onOpenChange={setOpen} title="Cambiar Imagen de Perfil"
 *           actions={<><Button variant="text" onClick={close}>Cancelar</Button><Button>Guardar</Button></>}>
 *     …content…
 *   </Dialog>
 *
 * `dismissible={false}` keeps it open on outside clicks and Escape: the user must pick one of the actions.
 * `description` is read by screen readers when it opens; `width` caps its width in px (default 480); `className`
 * styles it further (e.g. a minimum width for a document shown in a dialog).
 */
import { Dialog as DialogPrimitive } from "radix-ui";
import type { ReactNode } from "react";

export interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  dismissible?: boolean;
  width?: number;
  className?: string;
  children?: ReactNode;
}

export function Dialog({
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
