/** /main/payments' loader (lib/prefetch.ts): the first page with the filter the screen will use. */
import type { Prefetch } from "../../lib/prefetch";
import type { paymentsSearch } from "../../routes/search";
import { filterStore, paymentsListInput } from "./list-input";

export const prefetch: Prefetch<ReturnType<typeof paymentsSearch>> = ({ utils, search }) =>
  utils.payments.list.prefetchInfinite(paymentsListInput(filterStore.get(), search.search ?? ""));
