/** /main/orders' loader (lib/prefetch.ts): the statuses, then the first page with the filters the screen will use. */
import { storedLocationFilter } from "../../lib/locations";
import type { Prefetch } from "../../lib/prefetch";
import { budgetFilterStore, ordersFilters, statusFilterStore } from "./list-input";
import { defaultOrderFilters, type ReceptionParam, receptionSort } from "./list-rules";

export const prefetch: Prefetch = async ({ loadDataLayer, setup }, search) => {
  const { trpcUtils } = await loadDataLayer();
  const defaults = defaultOrderFilters(await trpcUtils.orders.statuses.ensureData());
  const filters = ordersFilters(
    statusFilterStore.get() ?? defaults.status,
    budgetFilterStore.get() ?? defaults.budget,
    typeof search.search === "string" ? search.search : "",
    storedLocationFilter(setup.locations),
  );
  const sort = receptionSort(search.reception as ReceptionParam | undefined);
  await trpcUtils.orders.list.prefetchInfinite({ ...filters, ...sort.query });
};
