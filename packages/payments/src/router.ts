import { router } from "@taller/trpc";
import { checkoutMode } from "./checkout-mode";
import { create } from "./create";
import { get } from "./get";
import { list, totalsByStatus } from "./list";
import { onChanged } from "./on-changed";
import { publicGet } from "./public-get";
import { reprocess } from "./reprocess";

export const paymentsRouter = router({
  list,
  totalsByStatus,
  get,
  create,
  checkoutMode,
  reprocess,
  onChanged,
  publicGet,
});
