/**
 * A screen's first data, asked for by its route's loader while the screen's code loads (routes/router.tsx), so the
 * screen finds it in the cache instead of asking once it has rendered. A prefetch asks with the very input the
 * screen will (the same query key), else it is wasted; a failed one leaves its error for the screen to show.
 *
 *   export const prefetch: Prefetch<PaymentsSearch> = ({ utils, search }) =>
 *     utils.payments.list.prefetchInfinite(paymentsListInput(filterStore.get(), search.search));
 */
import type { RouterOutputs } from "@taller/api";
import type { permissionChecker } from "@taller/core";
import type { trpcUtils } from "./trpc";

export interface PrefetchContext<TSearch> {
  /** The query cache's utilities (lib/trpc.tsx), loaded by the time the loader runs. */
  utils: typeof trpcUtils;
  me: RouterOutputs["auth"]["me"];
  setup: RouterOutputs["company"]["setup"];
  can: ReturnType<typeof permissionChecker>;
  /** The link's query string as the route validated it: what the screen reads with `useSearch`. */
  search: TSearch;
  /** The path's parameters (the CRM's splat). */
  params: Record<string, string | undefined>;
}

export type Prefetch<TSearch = unknown> = (context: PrefetchContext<TSearch>) => Promise<unknown>;
