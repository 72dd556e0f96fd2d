import { chatOnCommentsInput, chatTopic, type RealtimeEventOf } from "@taller/core";
import { staffProcedure, tracked, type BusEvent } from "@taller/trpc";
import { chatForUser } from "./access";

/**
 * A chat's messages as they are posted, changed or removed: `{ comment_id, kind }` (ids only: the screen fetches
 * the message through chat.comments or applies what it already has). Resumable: after a reconnect with the last
 * event id seen, every event missed in between arrives once, in order, before the live ones (the event bus's
 * outbox). Access is checked before the stream starts, so a refused subscription fails at once. The stream is the
 * chat's topic of the caller's company: the bus routes each message to the chat's subscribers only, and over the
 * WebSocket writes each message's frame, built once, to every subscriber's socket (the bus's `subscription`).
 */
export const onComments = staffProcedure.input(chatOnCommentsInput).subscription(async ({ ctx, input, signal }) => {
  const chat = await chatForUser(ctx.db, ctx, input.chat_id);
  const lastEventId = input.lastEventId ? Number(input.lastEventId) : null;
  return ctx.bus.subscription({
    companyId: ctx.companyId,
    topic: chatTopic(chat.id),
    lastEventId,
    signal,
    map: commentEvent,
    socket: ctx.socket,
  });
});

/**
 * Defined once, so that every subscriber shares the frame built for an event. The topic holds `chat.comment` events
 * only.
 */
const commentEvent = (event: BusEvent) => {
  const { payload } = event as RealtimeEventOf<"chat.comment">;
  return tracked(String(event.id), { comment_id: payload.commentId, kind: payload.kind });
};
