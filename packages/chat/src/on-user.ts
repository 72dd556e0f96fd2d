import { chatOnUserInput } from "@taller/core";
import { staffProcedure, tracked } from "@taller/trpc";

/** One message of the caller's channel: the chat it is about, or for 'new-work' the works assigned. */
export interface ChatUserMessage {
  channel: "added-to-document" | "document-readed" | "new-work";
  chat_id: number | null;
  work_ids: number[];
}

/**
 * The caller's own channels: 'added-to-document' (mentioned in a chat they were not in), 'document-readed' (they
 * read a chat on some device), 'new-work' (a work assigned to them: the works package's `work.assigned`, which
 * names one user). Other users' events never reach this stream. Resumable by the last event id, as chat.onComments.
 */
export const onUser = staffProcedure.input(chatOnUserInput).subscription(async function* ({ ctx, input, signal }) {
  const lastEventId = input?.lastEventId ? Number(input.lastEventId) : null;
  for await (const event of ctx.bus.stream({ companyId: ctx.companyId, lastEventId, signal })) {
    let message: ChatUserMessage | null = null;
    if (event.type === "chat.user" && event.payload.userIds.includes(ctx.user.id)) {
      message = { channel: event.payload.channel, chat_id: event.payload.chatId, work_ids: [] };
    } else if (event.type === "work.assigned" && event.payload.userId === ctx.user.id) {
      message = { channel: "new-work", chat_id: null, work_ids: event.payload.ids };
    }
    if (message) yield tracked(String(event.id), message);
  }
});
