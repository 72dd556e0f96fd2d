/**
 * A part of a screen that is not in the screen's first load: a form in a dialog, which brings react-hook-form and
 * zod (~43 KB gzipped), loads when it is first shown, or earlier when the screen asks for it once it has painted
 * (docs/web.md#bundle).
 *
 *   const BookingForm = lazyPart(() => import("./booking-form").then((m) => m.BookingForm));
 *   usePreload(BookingForm);                               // in the screen: fetched after its first paint
 *   <Dialog open={open} …><BookingForm initial={…} /></Dialog>
 *
 * While its code loads the part shows a spinner; when the code did not arrive it says so with 'Reintentar', which
 * loads it again, instead of spinning for ever or taking the whole page down. An error the loaded part throws goes
 * on to the route's error page, as before.
 */
import { useEffect, type ComponentType, type ReactNode } from "react";
import { LoadFailed } from "../ui/load-failed";
import { Spinner } from "../ui/spinner";
import { type LazyComponent, lazyComponent } from "./lazy-component";
import { loadFailureText } from "./load-failure";

export type LazyPart<P> = LazyComponent<P>;

/**
 * `what` did not load, for the failure's sentence ("el formulario": 'No se pudo cargar el formulario.'); `loading`
 * shows while the code loads (a spinner by default).
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  what = "el formulario",
  loading: () => ReactNode = () => <Spinner label="Cargando…" />,
): LazyPart<P> {
  // A failed preload is forgotten: opening the part tries again, and shows a failure of its own.
  return lazyComponent(load, {
    placeholder: loading,
    onFailure: (_props, retry) => (
      <LoadFailed text={loadFailureText(what, { code: null, message: "" })} onRetry={retry} />
    ),
  });
}

/**
 * Fetches the parts' code once the screen has painted, so that opening one rarely waits for it; `false` for a part
 * the user may not open (`usePreload(can("create", "payment") && CreateForm)`).
 */
export function usePreload(...parts: (Pick<LazyPart<never>, "preload"> | false)[]) {
  useEffect(() => parts.forEach((part) => part && part.preload()), []);
}
