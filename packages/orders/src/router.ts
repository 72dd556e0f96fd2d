import { router } from "@taller/trpc";
import { assignableUsers } from "./assignable-users";
import { cancel } from "./cancel";
import { changeStatus } from "./change-status";
import { deliver } from "./deliver";
import { exportOrders } from "./export";
import { get } from "./get";
import { list } from "./list";
import { receive } from "./reception/receive";
import { receptionRouter } from "./reception/router";
import { statuses } from "./statuses";
import { totalsByStatus } from "./totals-by-status";
import { transitions } from "./transitions";
import { update } from "./update";
import { budgetZip, budgetZipLink, zip } from "./zip";

export const ordersRouter = router({
  list,
  totalsByStatus,
  statuses,
  transitions,
  get,
  export: exportOrders,
  zip,
  budgetZip,
  budgetZipLink,
  changeStatus,
  update,
  deliver,
  cancel,
  receive,
  reception: receptionRouter,
  assignableUsers,
});
