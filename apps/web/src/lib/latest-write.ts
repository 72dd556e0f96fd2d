import { useCallback, useRef } from "react";

/** What to do with the last write's outcome. */
export interface LatestWriteOutcome<T> {
  onSuccess(value: T): void;
  onError(error: unknown): void;
}

/**
 * The writes of one setting the user may change again before the last one is answered (a switch toggled after a
 * pause, a theme chosen with the arrow keys): each starts once the one before has settled, so the server applies them
 * in the user's order; a write overtaken by a newer one while it waited is not sent; and only the last one's outcome
 * is applied, so a slower earlier answer does not put back a value the user has left.
 *
 *   const write = useLatestWrite();
 *   write(() => setOnline.mutateAsync({ online }), { onSuccess: (reply) => …, onError: (error) => … });
 */
export function useLatestWrite() {
  const queue = useRef<Promise<void>>(Promise.resolve());
  const last = useRef(0);
  return useCallback(<T>(write: () => Promise<T>, outcome: LatestWriteOutcome<T>) => {
    const mine = ++last.current;
    const step = async () => {
      if (mine !== last.current) return;
      let value: T;
      try {
        value = await write();
      } catch (error) {
        if (mine === last.current) outcome.onError(error);
        return;
      }
      if (mine === last.current) outcome.onSuccess(value);
    };
    // Whatever one step does, the next still runs.
    queue.current = queue.current
      .then(step)
      .catch((error: unknown) => console.error("a setting's write failed", error));
  }, []);
}
