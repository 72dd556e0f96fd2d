/** /main/checkin's loader (lib/prefetch.ts): the form's options, for whoever may check in. */
import type { Prefetch } from "../../lib/prefetch";

export const prefetch: Prefetch = async ({ utils, can }) => {
  if (can("create", "check_in")) await utils.orders.reception.options.prefetch();
};
