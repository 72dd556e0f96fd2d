/**
 * Loads something once and keeps it; a failure stays (so React shows it rather than asking again on every render)
 * until `forget()`, after which the next load tries anew. A part of a screen whose code did not arrive (offline, a
 * deploy replaced the chunk) is loaded again by its 'Reintentar' (lib/lazy-part.tsx).
 */
export interface RetryingLoader<T> {
  /** The one load in flight, done or failed (with a LoadFailure). */
  load(): Promise<T>;
  /** What was loaded, once it was. */
  loaded(): T | undefined;
  /** Drops a failed load, so that the next `load()` tries again; nothing otherwise. */
  forget(): void;
}

/** A load that failed, told apart from an error of what was loaded. */
export class LoadFailure extends Error {
  constructor(cause: unknown) {
    super("load failed", { cause });
    this.name = "LoadFailure";
  }
}

export function retryingLoader<T>(load: () => Promise<T>): RetryingLoader<T> {
  let pending: Promise<T> | null = null;
  let failed: LoadFailure | undefined;
  let done: { value: T } | null = null;
  return {
    load: () =>
      (pending ??= load().then(
        (value) => {
          done = { value };
          return value;
        },
        (cause: unknown) => {
          failed = new LoadFailure(cause);
          throw failed;
        },
      )),
    loaded: () => done?.value,
    forget: () => {
      if (!failed) return;
      pending = null;
      failed = undefined;
    },
  };
}
