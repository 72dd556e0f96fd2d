import { router } from "@taller/trpc";
import { addLine } from "./add-line";
import { addPictures } from "./add-pictures";
import { create } from "./create";
import { get } from "./get";
import { list } from "./list";
import { products } from "./products";
import { removeLine } from "./remove-line";
import { statuses } from "./statuses";
import { updateLine } from "./update-line";
import { updateStatus } from "./update-status";

export const budgetsRouter = router({
  list,
  get,
  statuses,
  products,
  create,
  updateStatus,
  addLine,
  updateLine,
  removeLine,
  addPictures,
});
