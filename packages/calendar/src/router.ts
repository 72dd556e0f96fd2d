import { router } from "@taller/trpc";
import { create } from "./events-create";
import { update } from "./events-update";
import { range } from "./range";
import { search } from "./search";

export const calendarRouter = router({
  range,
  search,
  events: router({ create, update }),
});
