/**
 * A `Dialog` whose code (Radix Dialog with its focus trap and scroll lock, ~14 KB gzipped) loads the first time it
 * opens: for dialogs a screen shows only on some event (a new version, the notification permission), so the screen's
 * first visit does not download them. Same props as `Dialog`.
 *
 *   <LazyDialog open={open} onOpenChange={setOpen} title="Nueva versión disponible" … />
 */
import { lazy, Suspense, useState } from "react";
import type { DialogProps } from "./dialog";

const Dialog = lazy(() => import("./dialog").then((m) => ({ default: m.Dialog })));

/** True from the first render where `open` is: a lazily loaded dialog stays mounted after that, to animate closing. */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

export function LazyDialog(props: DialogProps) {
  const opened = useOpenedOnce(props.open);
  return opened ? (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  ) : null;
}
