/** /main/orders' loader (lib/prefetch.ts): the statuses, then the first page with the filters the screen will use. */
import { storedLocationFilter } from "../../lib/locations";
import type { Prefetch } from "../../lib/prefetch";
import type { ordersSearch } from "../../routes/search";
import { budgetFilterStore, ordersFilters, statusFilterStore } from "./list-input";
import { defaultOrderFilters, receptionSort } from "./list-rules";

export const prefetch: Prefetch<ReturnType<typeof ordersSearch>> = async ({ utils, setup, search }) => {
  const defaults = defaultOrderFilters(await utils.orders.statuses.ensureData());
  const filters = ordersFilters(
    statusFilterStore.get() ?? defaults.status,
    budgetFilterStore.get() ?? defaults.budget,
    search.search ?? "",
    storedLocationFilter(setup.locations),
  );
  await utils.orders.list.prefetchInfinite({ ...filters, ...receptionSort(search.reception).query });
};
