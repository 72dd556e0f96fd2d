import { router } from "@taller/trpc";
import { create } from "./create";
import { get } from "./get";
import { list } from "./list";
import { products } from "./products";
import { statuses } from "./statuses";
import { updateStatus } from "./update-status";

export const budgetsRouter = router({ list, get, statuses, products, create, updateStatus });
