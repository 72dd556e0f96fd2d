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
import { Component, Suspense, use, useEffect, type ComponentType, type ReactNode } from "react";
import { LoadFailed } from "../ui/load-failed";
import { Spinner } from "../ui/spinner";
import { loadFailureText } from "./load-failure";
import { LoadFailure, retryingLoader } from "./retrying-loader";

export interface LazyPart<P> {
  (props: P): ReactNode;
  /** Starts loading the part's code; a failure is shown when the part renders, not here. */
  preload(): void;
}

/** What did not load, for the failure's sentence ("el formulario": 'No se pudo cargar el formulario.'). */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, what = "el formulario"): LazyPart<P> {
  const loader = retryingLoader(load);
  function Loaded(props: P) {
    const Part = loader.loaded() ?? use(loader.load());
    return <Part {...props} />;
  }
  function Part(props: P) {
    return (
      <LoadBoundary what={what} onRetry={loader.forget}>
        <Suspense fallback={<Spinner label="Cargando…" />}>
          <Loaded {...props} />
        </Suspense>
      </LoadBoundary>
    );
  }
  // A failed preload is forgotten: opening the part tries again, and shows a failure of its own.
  Part.preload = () => void loader.load().catch(() => loader.forget());
  return Part;
}

/**
 * Fetches the parts' code once the screen has painted, so that opening one rarely waits for it; `false` for a part
 * the user may not open (`usePreload(can("create", "payment") && CreateForm)`).
 */
export function usePreload(...parts: (Pick<LazyPart<never>, "preload"> | false)[]) {
  useEffect(() => parts.forEach((part) => part && part.preload()), []);
}

/** Catches only its part's failed load; anything else the part throws goes on to the boundary above. */
class LoadBoundary extends Component<{ what: string; onRetry(): void; children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!(error instanceof LoadFailure)) throw error;
    return (
      <LoadFailed
        text={loadFailureText(this.props.what, { code: null, message: "" })}
        onRetry={() => {
          this.props.onRetry();
          this.setState({ error: null });
        }}
      />
    );
  }
}
