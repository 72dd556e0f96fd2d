/**
 * Layout breakpoints as hooks that re-render when the window crosses them.
 *
 *   useIsMobile()  // under 1080 px: the shell's mobile layout (seed 002 section 2.1)
 *   useIsNarrow()  // under 800 px: lists show cards instead of tables (seed 002 section 9, seed 000 section 9)
 */
import { useCallback, useSyncExternalStore } from "react";

const MOBILE_QUERY = "(max-width: 1079.98px)";
const NARROW_QUERY = "(max-width: 799.98px)";

/** useIsNarrow outside React (a route loader choosing the cards' page or the table's). */
export const isNarrow = (): boolean => window.matchMedia(NARROW_QUERY).matches;

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", listener);
      return () => list.removeEventListener("change", listener);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

export const useIsMobile = (): boolean => useMediaQuery(MOBILE_QUERY);
export const useIsNarrow = (): boolean => useMediaQuery(NARROW_QUERY);
