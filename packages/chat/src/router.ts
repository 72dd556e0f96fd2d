import { router } from "@taller/trpc";
import * as assistant from "./assistant";
import { badges } from "./badges";
import { comments } from "./comments";
import { editEvent } from "./edit-event";
import { get } from "./get";
import { list } from "./list";
import { markRead } from "./mark-read";
import { mentionables } from "./mentionables";
import { onComments } from "./on-comments";
import { onUser } from "./on-user";
import { open } from "./open";
import { remove } from "./remove";
import { send } from "./send";

export const chatRouter = router({
  list,
  badges,
  open,
  get,
  comments,
  send,
  editEvent,
  remove,
  markRead,
  mentionables,
  onComments,
  onUser,
  assistant: router({
    status: assistant.status,
    threads: assistant.threads,
    create: assistant.create,
    ask: assistant.ask,
  }),
});
