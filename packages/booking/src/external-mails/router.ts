import { router } from "@taller/trpc";
import { list } from "./list";
import { markRead } from "./mark-read";
import { remove } from "./remove";

export const externalMailsRouter = router({ list, markRead, remove });
