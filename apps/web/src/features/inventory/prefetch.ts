/** /main/inventory/products' loader (lib/prefetch.ts): the catalogue and the first page as the screen opens. */
import type { Prefetch } from "../../lib/prefetch";
import type { listSearch } from "../../routes/search";
import { DEFAULT_PRODUCTS_ORDER, productsListInput } from "./list-input";

export const prefetch: Prefetch<ReturnType<typeof listSearch>> = ({ utils, search }) =>
  Promise.all([
    utils.inventory.categories.list.prefetch(),
    utils.inventory.warehouses.list.prefetch(),
    utils.inventory.products.list.prefetchInfinite(
      productsListInput(search.search ?? "", null, false, DEFAULT_PRODUCTS_ORDER),
    ),
  ]);
