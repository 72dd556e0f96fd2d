import { router } from "@taller/trpc";
import { list } from "./list";
import { remove } from "./remove";

export const externalMailsRouter = router({ list, remove });
