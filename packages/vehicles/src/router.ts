import { router } from "@taller/trpc";
import { brandOptions } from "./brand-options";
import { create } from "./create";
import { get } from "./get";
import { list } from "./list";
import { totalsByStatus } from "./totals-by-status";
import { update } from "./update";

export const vehiclesRouter = router({
  list,
  totalsByStatus,
  get,
  create,
  update,
  brandOptions,
});
