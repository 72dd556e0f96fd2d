import { z } from "zod";
import { budgetLinesInput, budgetNotesInput } from "./budget-schemas";
import { EVENT_MIN_HOURS } from "./calendar";
import { eventDurationSchema } from "./calendar-schemas";
import {
  ASSISTANT_MAX_QUESTION,
  CHAT_DOCUMENTS,
  CHAT_MAX_COMMENT_LENGTH,
  CHAT_MAX_MENTIONS,
  CHAT_MAX_PICTURES,
  CHAT_TABS,
  CHAT_TEXTS,
  mentionsIn,
} from "./chat";
import { isFileId } from "./files";
import { idSchema as id } from "./ids";
import { isInstant } from "./instant";

// The chat's inputs, which both sides validate with, apart from its constants and rules (chat.ts) so that the
// shell, which reads those, loads no zod.

/** Opaque signed cursor (as list cursors). */
const cursor = z.string().max(1000).nullish();

export const chatListInput = z.object({
  tab: z.enum(CHAT_TABS),
  /** true: archived (finished) chats are listed too, after the others. */
  archived: z.boolean().default(false),
  search: z.string().trim().max(100).optional(),
  cursor,
});

export const chatOpenInput = z.object({ document_type: z.enum(CHAT_DOCUMENTS), document_id: id });
export const chatIdInput = z.object({ chat_id: id });
export const chatCommentsInput = z.object({ chat_id: id, cursor });

/** An event message's form (seed 002 section 5): name, start, duration in hours >= 1 (default 1). */
export const chatEventInput = z.object({
  name: z.string().trim().min(1, "Ingresa un nombre").max(200, "El nombre admite hasta 200 caracteres"),
  start: z.string().refine(isInstant, "Fecha de inicio inválida"),
  duration: eventDurationSchema.default(EVENT_MIN_HOURS),
});

export const chatSendInput = z
  .object({
    chat_id: id,
    /** The sender's key for this message (a retry with the same key posts nothing new and answers the first). */
    client_key: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "Clave de mensaje inválida"),
    comment: z
      .string()
      .max(CHAT_MAX_COMMENT_LENGTH, `El mensaje admite hasta ${CHAT_MAX_COMMENT_LENGTH} caracteres`)
      .default(""),
    reply_id: id.nullish(),
    event: chatEventInput.nullish(),
    picture_ids: z
      .array(z.string().refine(isFileId, "Imagen inválida"))
      .max(CHAT_MAX_PICTURES, `Hasta ${CHAT_MAX_PICTURES} imágenes por mensaje`)
      .default([]),
    /** The budget form (Order chats, create budget): the budget is created with the message, in its transaction. */
    budget: z.object({ lines: budgetLinesInput, notes: budgetNotesInput }).nullish(),
  })
  .superRefine((value, issues) => {
    if (!value.comment.trim() && !value.event && value.picture_ids.length === 0 && !value.budget) {
      issues.addIssue({ code: "custom", path: ["comment"], message: "Escribe un mensaje" });
    }
    if (mentionsIn(value.comment).users.length > CHAT_MAX_MENTIONS) {
      issues.addIssue({ code: "custom", path: ["comment"], message: CHAT_TEXTS.tooManyMentions });
    }
  });

export const chatEditEventInput = z.object({ comment_id: id, event: chatEventInput });
export const chatRemoveInput = z.object({ comment_id: id });
export const chatMarkReadInput = z.object({ chat_id: id, comment_id: id });
export const chatMentionablesInput = z.object({ search: z.string().trim().max(100).optional() });
/** Resumable subscriptions: the last event id seen (bigint as digits). */
export const chatLastEventId = z
  .string()
  .regex(/^\d{1,15}$/)
  .nullish();
export const chatOnCommentsInput = z.object({ chat_id: id, lastEventId: chatLastEventId });
export const chatOnUserInput = z.object({ lastEventId: chatLastEventId }).optional();

export const assistantNewInput = z.object({}).optional();
export const assistantAskInput = z.object({
  chat_id: id,
  client_key: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "Clave de mensaje inválida"),
  question: z
    .string()
    .trim()
    .min(1, "Escribe una pregunta")
    .max(ASSISTANT_MAX_QUESTION, `La pregunta admite hasta ${ASSISTANT_MAX_QUESTION} caracteres`),
  /** The document the question is about (the chat it was asked from): its facts and latest messages go with it. */
  context: z.object({ document_type: z.enum(CHAT_DOCUMENTS), document_id: id }).nullish(),
});
export type AssistantAskInput = z.input<typeof assistantAskInput>;

export type ChatListInput = z.input<typeof chatListInput>;
export type ChatSendInput = z.input<typeof chatSendInput>;
