import { router } from "@taller/trpc";
import { list } from "./list";
import { totalsByStatus } from "./totals-by-status";

export const vehiclesRouter = router({
  list,
  totalsByStatus,
});
