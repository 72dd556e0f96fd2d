import { chatOnUserInput } from "@taller/core";
import { staffProcedure, tracked } from "@taller/trpc";

/**
 * The caller's own channels: 'added-to-document' (mentioned in a chat they were not in), 'document-readed' (they
 * read a chat on some device), 'new-work' (a work assigned to them; published by the works package when it lands).
 * Other users' events never reach this stream. Resumable by the last event id, as chat.onComments.
 */
export const onUser = staffProcedure.input(chatOnUserInput).subscription(async function* ({ ctx, input, signal }) {
  const lastEventId = input?.lastEventId ? Number(input.lastEventId) : null;
  for await (const event of ctx.bus.stream({ companyId: ctx.companyId, lastEventId, signal })) {
    if (event.type !== "chat.user" || !event.payload.userIds.includes(ctx.user.id)) continue;
    yield tracked(String(event.id), { channel: event.payload.channel, chat_id: event.payload.chatId });
  }
});
