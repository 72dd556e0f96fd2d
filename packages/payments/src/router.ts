import { router } from "@taller/trpc";
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
  reprocess,
  onChanged,
  publicGet,
});
