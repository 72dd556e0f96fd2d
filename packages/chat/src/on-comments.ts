import { chatOnCommentsInput } from "@taller/core";
import { staffProcedure, tracked } from "@taller/trpc";
import { chatForUser } from "./access";

/**
 * A chat's messages as they are posted, changed or removed: `{ comment_id, kind }` (ids only: the screen fetches
 * the message through chat.comments or applies what it already has). Resumable: after a reconnect with the last
 * event id seen, every event missed in between arrives once, in order, before the live ones (the event bus's
 * outbox). Access is checked before the stream starts, so a refused subscription fails at once.
 */
export const onComments = staffProcedure.input(chatOnCommentsInput).subscription(async ({ ctx, input, signal }) => {
  const chat = await chatForUser(ctx.db, ctx, input.chat_id);
  const lastEventId = input.lastEventId ? Number(input.lastEventId) : null;
  return (async function* () {
    for await (const event of ctx.bus.stream({ companyId: ctx.companyId, lastEventId, signal })) {
      if (event.type !== "chat.comment" || event.payload.chatId !== chat.id) continue;
      yield tracked(String(event.id), { comment_id: event.payload.commentId, kind: event.payload.kind });
    }
  })();
});
