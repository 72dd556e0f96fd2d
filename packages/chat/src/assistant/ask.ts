import {
  ASSISTANT_RATE,
  assistantAskInput,
  assistantWorking,
  CHAT_MAX_COMMENT_LENGTH,
  CHAT_TEXTS,
  chatDocumentLabel,
  mentionsAsNames,
  mentionsIn,
  type ChatAuthorType,
  type ChatCommentItem,
  type Instant,
} from "@taller/core";
import { instantText, intArray, loadCompanyTerms, queryRows, type Db } from "@taller/db";
import { staffProcedure, TRPCError, withTransaction, type Transaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { chatForUser, CHAT_NOT_FOUND } from "../access";
import { answerComment } from "../comment-rows";
import { writeComment } from "../write/comment";
import { readDocument, type ReaderContext } from "../documents";
import { DOCUMENT_NOT_FOUND } from "../open";
import { complete, CompletionError } from "./completion";
import { assistantConfig } from "./config";
import { buildPrompt, contextLabel, type PromptContext, type PromptTurn } from "./prompt";

/** Earlier messages of the thread read for the prompt, and of the document's chat for its context. */
const THREAD_TURNS = 20;
const CONTEXT_MESSAGES = 10;

/**
 * A question to the assistant in one of the caller's threads, optionally about a document the caller may read.
 * The question is stored (and broadcast) first, the model is asked outside any transaction, and its answer, or a
 * System notice that it failed, is stored as the next message: the screen shows the assistant 'working' until one
 * of them arrives. Guarded in the database, under a per-user lock: one open question per thread, and at most
 * ASSISTANT_RATE questions a minute and a day per user (every question costs a model call). Idempotent by
 * `client_key`, as chat.send.
 */
export const ask = staffProcedure.input(assistantAskInput).mutation(async ({ ctx, input }) => {
  const config = assistantConfig();
  const asked = await withTransaction(ctx, async (tx) => {
    const thread = await chatForUser(tx.db, ctx, input.chat_id, { lock: true });
    // chatForUser lets only the owner through to a thread; a document's chat is not a thread.
    if (thread.document_type !== "Assistant") throw new TRPCError({ code: "NOT_FOUND", message: CHAT_NOT_FOUND });
    if (!config) throw new TRPCError({ code: "PRECONDITION_FAILED", message: CHAT_TEXTS.assistantNotConfigured });
    const [repeated] = await queryRows<{ id: number; chat_id: number }>(
      tx.db,
      sql`SELECT id, chat_id FROM chat_comments WHERE company_id = ${ctx.companyId} AND author_id = ${ctx.user.id} AND client_key = ${input.client_key}`,
    );
    if (repeated) {
      if (repeated.chat_id !== thread.id)
        throw new TRPCError({ code: "CONFLICT", message: "La clave del mensaje ya fue usada en otro chat" });
      return { repeated: true as const, questionId: repeated.id };
    }
    await tx.db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`assistant:${ctx.user.id}`}, 0))`);
    await checkRate(tx, ctx.companyId, ctx.user.id);
    const history = await threadTurns(tx.db, ctx.companyId, thread.id);
    const last = history.at(-1) ?? null;
    if (last && assistantWorking(last, Date.now()))
      throw new TRPCError({ code: "CONFLICT", message: CHAT_TEXTS.assistantBusy });
    const context = input.context
      ? await documentContext(tx.db, ctx, input.context.document_type, input.context.document_id)
      : null;

    const questionId = await writeComment(tx, ctx.companyId, {
      chatId: thread.id,
      comment: input.question,
      authorType: "User",
      authorId: ctx.user.id,
      clientKey: input.client_key,
    });
    // The thread is named by its first question, and says what document it was about.
    await tx.db.execute(
      sql`UPDATE chats SET title = CASE WHEN last_comment_id = ${questionId} AND title = ${CHAT_TEXTS.assistantNewThread} THEN ${input.question.slice(0, 80)} ELSE title END,
                           subtitle = CASE WHEN ${context !== null} THEN ${context ? contextLabel(context) : ""} ELSE subtitle END, updated_at = now()
          WHERE id = ${thread.id}`,
    );
    return {
      repeated: false as const,
      config,
      questionId,
      threadId: thread.id,
      prompt: buildPrompt(history, input.question, context),
    };
  });

  if (asked.repeated) {
    // A retry: the question as stored, and the answer if it has come.
    return withTransaction(ctx, async (tx) => ({
      question: await answerComment(tx.db, ctx.companyId, asked.questionId),
      answer: await nextAnswer(tx.db, ctx.companyId, input.chat_id, asked.questionId),
    }));
  }

  let reply: { authorType: "Assistant" | "System"; text: string };
  try {
    reply = {
      authorType: "Assistant",
      text: (await complete(asked.config, asked.prompt)).slice(0, CHAT_MAX_COMMENT_LENGTH),
    };
  } catch (e) {
    if (!(e instanceof CompletionError)) throw e;
    // What went wrong stays out of the thread (it may name the model server); the user reads that it failed.
    reply = { authorType: "System", text: CHAT_TEXTS.assistantFailed };
  }
  return withTransaction(ctx, async (tx) => {
    const answerId = await writeComment(tx, ctx.companyId, {
      chatId: asked.threadId,
      comment: reply.text,
      authorType: reply.authorType,
      replyId: asked.questionId,
    });
    return {
      question: await answerComment(tx.db, ctx.companyId, asked.questionId),
      answer: await answerComment(tx.db, ctx.companyId, answerId),
    };
  });
});

async function checkRate(tx: Transaction, companyId: number, userId: number) {
  const [counts] = await queryRows<{ minute: number; day: number }>(
    tx.db,
    sql`SELECT count(*) FILTER (WHERE c.created_at > now() - interval '1 minute')::int AS minute, count(*)::int AS day
        FROM chat_comments c JOIN chats ch ON ch.id = c.chat_id AND ch.document_type = 'Assistant'
        WHERE c.company_id = ${companyId} AND c.author_id = ${userId} AND c.created_at > now() - interval '1 day'`,
  );
  if ((counts?.minute ?? 0) >= ASSISTANT_RATE.perMinute || (counts?.day ?? 0) >= ASSISTANT_RATE.perDay) {
    throw new TRPCError({ code: "TOO_MANY_REQUESTS", message: CHAT_TEXTS.assistantRateLimited });
  }
}

type Turn = PromptTurn & { deleted_at: Instant | null; created_at: Instant };

/** The thread's latest messages, oldest first. */
async function threadTurns(db: Db, companyId: number, chatId: number): Promise<Turn[]> {
  const rows = await queryRows<{
    author_type: ChatAuthorType;
    text: string;
    deleted_at: Instant | null;
    created_at: Instant;
  }>(
    db,
    sql`SELECT author_type, comment AS text, ${instantText(sql`deleted_at`)} AS deleted_at, ${instantText(sql`created_at`)} AS created_at
        FROM chat_comments WHERE company_id = ${companyId} AND chat_id = ${chatId}
        ORDER BY created_at DESC, id DESC LIMIT ${THREAD_TURNS}`,
  );
  return rows.reverse();
}

/**
 * The document's facts and its chat's latest messages, read with the caller's own permissions: a document of
 * another company, or one the caller may not read, is NOT_FOUND (the model never sees it).
 */
async function documentContext(
  db: Db,
  ctx: ReaderContext,
  type: PromptContext["type"],
  id: number,
): Promise<PromptContext> {
  const facts = await readDocument(db, ctx, type, id);
  if (!facts) throw new TRPCError({ code: "NOT_FOUND", message: DOCUMENT_NOT_FOUND });
  const rows = await queryRows<{ author: string | null; text: string }>(
    db,
    sql`SELECT a.name AS author, c.comment AS text
        FROM chats ch JOIN chat_comments c ON c.chat_id = ch.id AND c.deleted_at IS NULL AND c.comment <> ''
        LEFT JOIN users a ON a.id = c.author_id
        WHERE ch.company_id = ${ctx.companyId} AND ch.document_type = ${type} AND ch.document_id = ${id}
        ORDER BY c.created_at DESC, c.id DESC LIMIT ${CONTEXT_MESSAGES}`,
  );
  const mentioned = [...new Set(rows.flatMap((m) => mentionsIn(m.text).users))];
  const names = new Map(
    mentioned.length
      ? (
          await queryRows<{ id: number; name: string }>(
            db,
            sql`SELECT id, name FROM users WHERE company_id = ${ctx.companyId} AND id = ANY (${intArray(mentioned)})`,
          )
        ).map((u) => [u.id, u.name])
      : [],
  );
  const messages = rows.reverse().map((m) => ({
    author: m.author,
    text: mentionsAsNames(m.text, (kind, n) => (kind === "user" ? names.get(n) : undefined)),
  }));
  return { type, label: chatDocumentLabel(type, await loadCompanyTerms(db, ctx.companyId)), ...facts, messages };
}

/** The assistant's answer (or failure notice) to a question, once stored. */
async function nextAnswer(
  db: Db,
  companyId: number,
  chatId: number,
  questionId: number,
): Promise<ChatCommentItem | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM chat_comments WHERE company_id = ${companyId} AND chat_id = ${chatId} AND reply_id = ${questionId}
          AND author_type IN ('Assistant', 'System') ORDER BY id LIMIT 1`,
  );
  return row ? answerComment(db, companyId, row.id) : null;
}
