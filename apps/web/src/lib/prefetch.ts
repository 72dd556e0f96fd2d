/**
 * A screen's first data, asked for by its route's loader while the screen's code loads (routes/router.tsx), so the
 * screen finds it in the cache instead of asking once it has rendered. A prefetch asks with the very input the
 * screen will (the same query key), else it is wasted; a failed one leaves its error for the screen to show.
 */
import type { RouterOutputs } from "@taller/api";
import type { loadDataLayer } from "./api";

export interface PrefetchContext {
  loadDataLayer: typeof loadDataLayer;
  setup: RouterOutputs["company"]["setup"];
}

export type Prefetch = (context: PrefetchContext, search: Record<string, unknown>) => Promise<unknown>;
