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
 *
 * Radix Dialog with its focus trap and scroll lock (~12 KB gzipped) is not part of a screen's first load: it loads
 * after the screen has painted, or when a dialog opens first (docs/performance.md#the-web-app). Nothing of a closed
 * dialog is in the page either way.
 */
import { useEffect, useState, type ReactNode } from "react";
import { lazyComponent } from "../lib/lazy-component";

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

const DialogRadix = lazyComponent(() => import("./dialog-radix").then((m) => m.default));

/** True from the first render where `open` is: a lazily loaded dialog stays mounted after that, to animate closing. */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

export function Dialog(props: DialogProps) {
  const opened = useOpenedOnce(props.open);
  // Fetched once the screen has painted, so a first open rarely waits for it.
  useEffect(DialogRadix.preload, []);
  return opened ? <DialogRadix {...props} /> : null;
}
