/**
 * Lazily loaded components whose failed load can be tried again (React.lazy keeps a failure for good): the shared
 * piece of lib/lazy-part.tsx and of the UI primitives that load their library after the first paint (dialog, select,
 * tooltip, date picker).
 */
import { Component, use, type ComponentType, type ReactNode } from "react";
import { type RetryingLoader, retryingLoader } from "./retrying-loader";

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

/**
 * React.lazy with a load that can be tried again (lib/retrying-loader.ts): the component suspends until its code is
 * in (wrap it in Suspense). A load that failed goes to the route's or the shell's error page, whose 'Reintentar'
 * loads it again (forgetFailedLoads); with `onFailure`, the component shows that instead, given a `retry` that loads
 * it again (a form's 'Reintentar', lib/lazy-part.tsx), or what the page shows without it (a tooltip's child).
 *
 *   const Drawer = lazyComponent(() => import("./drawer").then((m) => m.Drawer));
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  onFailure?: (props: P, retry: () => void) => ReactNode,
): LazyComponent<P> {
  const loader = retryingLoader(load);
  componentLoaders.add(loader);
  function Loaded(props: P) {
    const Part = loader.loaded() ?? use(loader.load());
    return <Part {...props} />;
  }
  function Lazy(props: P) {
    if (!onFailure) return <Loaded {...props} />;
    const failed = (reset: () => void) =>
      onFailure(props, () => {
        loader.forget();
        reset();
      });
    return (
      <LoadBoundary owns={(error) => error === loader.failure()} fallback={failed}>
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
