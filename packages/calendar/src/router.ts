import { router } from "@taller/trpc";
import { remove } from "./events-delete";
import { create } from "./events-create";
import { update } from "./events-update";
import { orderOptions } from "./order-options";
import { month } from "./month";
import { range } from "./range";
import { search } from "./search";

export const calendarRouter = router({
  range,
  month,
  search,
  orderOptions,
  events: router({ create, update, delete: remove }),
});
