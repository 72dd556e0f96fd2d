/** /main/invoices' loader (lib/prefetch.ts): the first page of the documents, unfiltered but for the URL's. */
import type { Prefetch } from "../../lib/prefetch";
import type { invoicesSearch } from "../../routes/search";
import { invoicesListInput } from "./list-input";

export const prefetch: Prefetch<ReturnType<typeof invoicesSearch>> = ({ utils, search }) =>
  utils.invoicing.list.prefetchInfinite(invoicesListInput([], [], search));
