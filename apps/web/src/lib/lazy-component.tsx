/**
 * Lazily loaded components whose failed load can be tried again (React.lazy keeps a failure for good): the shared
 * piece of lib/lazy-part.tsx and of the UI primitives that load their library after the first paint (dialog, select,
 * tooltip, date picker).
 */
import { Component, type ComponentType, type ReactNode, useEffect, useReducer, useState } from "react";
import { type LoadFailure, type RetryingLoader, retryingLoader } from "./retrying-loader";

/** Every lazily loaded component's loader (one per component, made when its module is first evaluated). */
const componentLoaders = new Set<RetryingLoader<unknown>>();

/**
 * Drops every failed load of a lazy component, so that the next render loads it again: the error pages' 'Reintentar'
 * calls it (routes/route-error.tsx). React.lazy kept a failure for good, and that button then showed the same error.
 */
export function forgetFailedLoads() {
  componentLoaders.forEach((loader) => loader.forget());
}

export interface LazyComponent<P> {
  (props: P): ReactNode;
  /** Starts loading the code; a failed preload is forgotten, so that the first render tries again. */
  preload(): void;
}

export interface LazyOptions<P> {
  /** What shows while the code loads (nothing by default): a spinner, or the part without what its code adds. */
  placeholder?(props: P): ReactNode;
  /** What shows when the code did not arrive, given a `retry` that loads it again; without it, the error goes up. */
  onFailure?(props: P, retry: () => void): ReactNode;
}

/**
 * A component whose code loads when it first renders (or on `preload()`), with a load that can be tried again
 * (lib/retrying-loader.ts): until its code is in it shows its `placeholder`. A load that failed goes to the route's or
 * the shell's error page, whose 'Reintentar' loads it again (forgetFailedLoads); with `onFailure`, the component shows
 * that instead (a form's 'Reintentar', lib/lazy-part.tsx), or what the page shows without it (a tooltip's child).
 *
 *   const Drawer = lazyComponent(() => import("./drawer").then((m) => m.Drawer));
 *
 * It does not suspend: React shows a part that resolves a Suspense boundary no sooner than 300 ms after the last
 * fallback it showed anywhere in the page (its throttle of retries), so the placeholders of a page's tooltips and
 * selects held its content back by up to that much on a first visit. The loaded code renders as an ordinary update.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { placeholder: Placeholder, onFailure }: LazyOptions<P> = {},
): LazyComponent<P> {
  const loader = retryingLoader(load);
  componentLoaders.add(loader);
  // This part's failed loads, which its boundary handles (a failure of a part inside it goes on up).
  const failures = new WeakSet<Error>();
  function Loaded(props: P) {
    const [, loaded] = useReducer((n: number) => n + 1, 0);
    // Kept here, not read from the loader: a preload elsewhere forgets the loader's failure at once.
    const [failure, setFailure] = useState<LoadFailure | null>(null);
    const Part = loader.loaded();
    // Asked for while rendering, as React.lazy does, not after the commit: the part's code is then on its way with the
    // rest of the page's first requests (a socket's opening among them).
    if (!Part && failure === null) loader.load().catch(() => undefined);
    useEffect(() => {
      if (Part) return;
      let mounted = true;
      loader.load().then(
        () => mounted && loaded(),
        (error: LoadFailure) => {
          failures.add(error);
          if (mounted) setFailure(error);
        },
      );
      return () => void (mounted = false);
    }, [Part]);
    if (failure !== null) throw failure;
    if (Part) return <Part {...props} />;
    return Placeholder ? <Placeholder {...props} /> : null;
  }
  function Lazy(props: P) {
    if (!onFailure) return <Loaded {...props} />;
    const failed = (reset: () => void) =>
      onFailure(props, () => {
        loader.forget();
        reset();
      });
    return (
      <LoadBoundary owns={(error) => failures.has(error)} fallback={failed}>
        <Loaded {...props} />
      </LoadBoundary>
    );
  }
  Lazy.preload = () => void loader.load().catch(() => loader.forget());
  return Lazy;
}

/**
 * Catches only its own part's failed load: anything else goes on to the boundary above, a failed load of a part
 * inside it included (a form's select), whose retry is the error page's (forgetFailedLoads).
 */
export class LoadBoundary extends Component<
  { owns(error: Error): boolean; fallback(retry: () => void): ReactNode; children: ReactNode },
  { error: Error | null }
> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!this.props.owns(error)) throw error;
    return this.props.fallback(() => this.setState({ error: null }));
  }
}
