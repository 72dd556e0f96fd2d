/** /main/budgets' loader (lib/prefetch.ts): the statuses and the first page with the filter the screen will use. */
import type { Prefetch } from "../../lib/prefetch";
import type { listSearch } from "../../routes/search";
import { budgetsListInput, filterStore } from "./list-input";

export const prefetch: Prefetch<ReturnType<typeof listSearch>> = ({ utils, search }) =>
  Promise.all([
    utils.budgets.statuses.prefetch(),
    utils.budgets.list.prefetchInfinite(budgetsListInput(filterStore.get(), search.search ?? "")),
  ]);
