import {
  type BudgetLineInput,
  type Can,
  CHAT_PUSH_COALESCE_SECONDS,
  CHAT_SEND_PER_MINUTE,
  CHAT_TEXTS,
  chatSendInput,
  commentPreview,
  mentionsAsNames,
  mentionsIn,
  type ChatCommentItem,
} from "@taller/core";
import { budgetWriteError, writeBudget } from "@taller/budgets";
import { intArray, loadCompanyTerms, queryRows } from "@taller/db";
import { fieldError, hitRateLimit, staffProcedure, TRPCError, withTransaction, type Transaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { chatForUser, type ChatAccess } from "./access";
import { answerComment } from "./comment-rows";
import { writeComment } from "./write/comment";
import { writeEvent } from "./event-row";
import { readersOf } from "./documents";
import { joinMembers } from "./members";

/**
 * Posts a message: trimmed text, and/or an event (a calendar event in the same transaction, attached to the order
 * of an Order chat), and/or a budget (the budget form of an Order chat, with create budget: the budget is written
 * in the same transaction and the message links it), and/or pictures (the sender's own uploads), optionally replying to
 * a message of the same chat. Idempotent by `client_key`: a retry answers the message the first call posted. Mentions
 * are read from the text ((user:ID)); only users of the company with a role who may read the document count: they
 * become members of the chat (their list shows it), their mention counter goes up (the database's trigger), and a push
 * notification is requested for them. Posts to one chat are serialized on the chat's row, so ids, times and counters
 * follow one order.
 */
export const send = staffProcedure.input(chatSendInput).mutation(({ ctx, input }) =>
  withTransaction(ctx, async (tx): Promise<ChatCommentItem> => {
    const chat = await chatForUser(tx.db, ctx, input.chat_id, { lock: true });
    // An assistant thread takes questions (chat.assistant.ask) only: no mentions bringing others into it.
    if (chat.document_type === "Assistant")
      throw fieldError("BAD_REQUEST", "comment", CHAT_TEXTS.assistantOnlyQuestions);
    const [repeated] = await queryRows<{ id: number; chat_id: number }>(
      tx.db,
      sql`SELECT id, chat_id FROM chat_comments WHERE company_id = ${ctx.companyId} AND author_id = ${ctx.user.id} AND client_key = ${input.client_key}`,
    );
    if (repeated) {
      if (repeated.chat_id !== chat.id)
        throw fieldError("CONFLICT", "client_key", "La clave del mensaje ya fue usada en otro chat");
      return answerComment(tx.db, ctx.companyId, repeated.id);
    }
    // After the retry check (a retry posts nothing, so it costs nothing); counted only if this message commits.
    const waitMs = await hitRateLimit(tx.db, `chat-send:${ctx.user.id}`, CHAT_SEND_PER_MINUTE, 60);
    if (waitMs > 0)
      throw new TRPCError({ code: "TOO_MANY_REQUESTS", message: CHAT_TEXTS.sendRateLimited(Math.ceil(waitMs / 1000)) });
    const text = input.comment.trim();
    if (input.reply_id) await checkReply(tx, ctx.companyId, chat.id, input.reply_id);
    if (input.picture_ids.length) await checkPictures(tx, ctx.companyId, ctx.user.id, input.picture_ids);
    let eventId: number | null = null;
    if (input.event) {
      if (!ctx.can("create", "event"))
        throw new TRPCError({ code: "FORBIDDEN", message: "No tienes permiso para crear eventos." });
      eventId = await writeEvent(tx, ctx, chat, input.event, null);
    }
    let budgetId: number | null = null;
    if (input.budget) budgetId = await writeChatBudget(tx, ctx, chat, input.budget);
    const mentionable = await mentionableIds(tx, ctx.companyId, ctx.user.id, mentionsIn(text).users);
    // Someone who may not read the document is not brought into its chat: the mention stays a name in the text,
    // but does not make them a member, count, or notify them (they would be shown what they may not read).
    const mentioned =
      chat.document_id === null
        ? []
        : await readersOf(tx.db, ctx.companyId, chat.document_type, chat.document_id, mentionable);
    const added = await joinMembers(tx, ctx.companyId, chat.id, [ctx.user.id, ...mentioned]);
    const commentId = await writeComment(tx, ctx.companyId, {
      chatId: chat.id,
      comment: text,
      authorType: "User",
      authorId: ctx.user.id,
      replyId: input.reply_id,
      mentionedUserIds: mentioned,
      pictureIds: input.picture_ids,
      eventId,
      budgetId,
      clientKey: input.client_key,
    });
    const others = added.filter((id) => id !== ctx.user.id);
    if (others.length) {
      await tx.emit({
        type: "chat.user",
        companyId: ctx.companyId,
        payload: { userIds: others, channel: "added-to-document", chatId: chat.id },
      });
    }
    const notify = await uncoalesced(tx, chat.id, mentioned);
    if (notify.length) await requestPush(tx, ctx.companyId, ctx.user.name, chat, text, notify);
    return answerComment(tx.db, ctx.companyId, commentId);
  }),
);

/** The budget form's budget, for the Order chat's order. */
async function writeChatBudget(
  tx: Transaction,
  ctx: { companyId: number; user: { id: number }; can: Can },
  chat: ChatAccess,
  budget: { lines: BudgetLineInput[]; notes?: string | null },
): Promise<number> {
  if (!ctx.can("create", "budget"))
    throw new TRPCError({ code: "FORBIDDEN", message: "No tienes permiso para crear presupuestos." });
  if (chat.document_type !== "Order" || chat.document_id === null) {
    const { order } = await loadCompanyTerms(tx.db, ctx.companyId);
    throw fieldError("BAD_REQUEST", "budget", `Solo se crean presupuestos para ${order.manyLower}`);
  }
  const result = await writeBudget(tx.db, {
    companyId: ctx.companyId,
    orderId: chat.document_id,
    userId: ctx.user.id,
    notes: budget.notes ?? null,
    lines: budget.lines,
  });
  if (!result.ok) {
    const e = await budgetWriteError(tx.db, ctx.companyId, result.problem);
    throw fieldError(e.code, "budget", e.message);
  }
  await tx.emit({ type: "budget.changed", companyId: ctx.companyId, payload: { ids: [result.id] } });
  return result.id;
}

async function checkReply(tx: Transaction, companyId: number, chatId: number, replyId: number) {
  const [reply] = await queryRows<{ id: number }>(
    tx.db,
    sql`SELECT id FROM chat_comments WHERE company_id = ${companyId} AND chat_id = ${chatId} AND id = ${replyId} AND deleted_at IS NULL`,
  );
  if (!reply) throw fieldError("NOT_FOUND", "reply_id", "Mensaje no encontrado");
}

/** Pictures must be images the sender uploaded to this company's store. */
async function checkPictures(tx: Transaction, companyId: number, userId: number, ids: string[]) {
  const unique = [...new Set(ids)];
  const found = await queryRows<{ id: string }>(
    tx.db,
    sql`SELECT id FROM files WHERE company_id = ${companyId} AND user_id = ${userId} AND content_type LIKE 'image/%'
          AND id = ANY (${`{${unique.join(",")}}`}::text[])`,
  );
  if (found.length !== unique.length || unique.length !== ids.length)
    throw fieldError("BAD_REQUEST", "picture_ids", "Imagen no encontrada");
}

/** The mentioned ids that are users of the company with a role, other than the sender. */
async function mentionableIds(tx: Transaction, companyId: number, senderId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await queryRows<{ id: number }>(
    tx.db,
    sql`SELECT id FROM users WHERE company_id = ${companyId} AND role_id IS NOT NULL AND id = ANY (${intArray(ids)}) AND id <> ${senderId} ORDER BY id`,
  );
  return rows.map((r) => r.id);
}

/**
 * The mentioned users who had no push about this chat in the current CHAT_PUSH_COALESCE_SECONDS window: one push per
 * recipient per chat per window, however many messages mention them (the chat's counters still count every one).
 */
async function uncoalesced(tx: Transaction, chatId: number, userIds: number[]): Promise<number[]> {
  const fresh: number[] = [];
  for (const id of userIds) {
    if ((await hitRateLimit(tx.db, `chat-push:${chatId}:${id}`, 1, CHAT_PUSH_COALESCE_SECONDS)) === 0) fresh.push(id);
  }
  return fresh;
}

async function requestPush(
  tx: Transaction,
  companyId: number,
  senderName: string,
  chat: ChatAccess,
  text: string,
  userIds: number[],
) {
  const names = new Map(
    (
      await queryRows<{ id: number; name: string }>(
        tx.db,
        sql`SELECT id, name FROM users WHERE company_id = ${companyId} AND id = ANY (${intArray(userIds)})`,
      )
    ).map((u) => [u.id, u.name]),
  );
  const body = commentPreview(
    null,
    mentionsAsNames(text, (kind, id) => (kind === "user" ? names.get(id) : undefined)),
  );
  await tx.emit({
    type: "push.requested",
    companyId,
    payload: {
      userIds: userIds.slice(0, 100),
      title: `${senderName} te mencionó`.slice(0, 120),
      body: body.slice(0, 300),
      url: `/main?chat=${chat.id}`,
      tag: `chat-${chat.id}`,
    },
  });
}
