/**
 * Loads something once and keeps it, but forgets a failure: the next call loads again. A part of a screen whose code
 * did not arrive (offline, a deploy replaced the chunk) is loaded anew by its 'Reintentar' (lib/lazy-part.tsx).
 */
export interface RetryingLoader<T> {
  /** The one load in flight or done; after a failure, a new one. Fails with a LoadFailure. */
  load(): Promise<T>;
  /** What was loaded, once it was. */
  loaded(): T | undefined;
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
  let done: { value: T } | null = null;
  return {
    load: () =>
      (pending ??= load().then(
        (value) => {
          done = { value };
          return value;
        },
        (cause: unknown) => {
          pending = null;
          throw new LoadFailure(cause);
        },
      )),
    loaded: () => done?.value,
  };
}
