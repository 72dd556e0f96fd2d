// An event message's calendar event, written through the calendar's own write functions (@taller/calendar owns
// `events`, docs/domains/calendar.md) in the message's transaction, with the calendar's one rule set; attached to the
// order of an Order chat, so the calendar's 'Eventos' shows it.
import { createEvent, updateEvent } from "@taller/calendar";
import type { chatEventInput } from "@taller/core";
import { type Transaction, TRPCError } from "@taller/trpc";
import type { z } from "zod";
import type { ChatAccess } from "./access";

type EventFields = z.output<typeof chatEventInput>;

/** Creates the event (eventId null) or updates it; answers its id. */
export async function writeEvent(
  tx: Transaction,
  ctx: { companyId: number; user: { id: number } },
  chat: ChatAccess,
  event: EventFields,
  eventId: number | null,
): Promise<number> {
  const write = {
    name: event.name,
    start: event.start,
    durationHours: event.duration,
    orderId: chat.document_type === "Order" ? chat.document_id : null,
  };
  if (eventId === null) return createEvent(tx, { companyId: ctx.companyId, userId: ctx.user.id }, write);
  // The message's author edits it (checked by the caller); the event stays the one the message made.
  if (!(await updateEvent(tx, { companyId: ctx.companyId, ownerId: null }, eventId, write))) {
    throw new TRPCError({ code: "NOT_FOUND", message: "Evento no encontrado" });
  }
  return eventId;
}
