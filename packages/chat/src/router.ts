import { router } from "@taller/trpc";
import { badges } from "./badges";
import { comments } from "./comments";
import { editEvent } from "./edit-event";
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
  comments,
  send,
  editEvent,
  remove,
  markRead,
  mentionables,
  onComments,
  onUser,
});
