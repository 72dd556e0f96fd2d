import { CHAT_TEXTS, type AssistantThread, type ChatHeader } from "@taller/core";
import { instantText, queryRows } from "@taller/db";
import { staffProcedure, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { readHeader } from "../header";
import { assistantConfig } from "./config";

/** Whether the assistant is configured on this server (the entry point says so when it is not). */
export const status = staffProcedure.query(() => ({ configured: assistantConfig() !== null }));

/** The history menu: the caller's own threads, latest activity first (50). Nobody else's, ever. */
export const threads = staffProcedure.query(({ ctx }): Promise<AssistantThread[]> =>
  queryRows<AssistantThread>(
    ctx.db,
    sql`SELECT id, title, subtitle, ${instantText(sql`coalesce(last_comment_at, created_at)`)} AS activity_at
          FROM chats
          WHERE company_id = ${ctx.companyId} AND owner_id = ${ctx.user.id} AND document_type = 'Assistant'
          ORDER BY coalesce(last_comment_at, created_at) DESC, id DESC
          LIMIT 50`,
  ),
);

/**
 * A new thread for the caller; their newest thread when it has no message yet (a double click or an idle 'Nueva
 * conversación' makes no pile of empty threads, so threads only grow with questions, which are rate-limited).
 */
export const create = staffProcedure.mutation(({ ctx }) =>
  withTransaction(ctx, async (tx): Promise<ChatHeader> => {
    // Serializes the caller's creations: two at once would both see no empty thread.
    await tx.db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`assistant:${ctx.user.id}`}, 0))`);
    const [empty] = await queryRows<{ id: number }>(
      tx.db,
      sql`SELECT id FROM chats WHERE company_id = ${ctx.companyId} AND owner_id = ${ctx.user.id} AND document_type = 'Assistant'
            AND last_comment_id IS NULL ORDER BY id DESC LIMIT 1`,
    );
    const [created] = empty
      ? [empty]
      : await queryRows<{ id: number }>(
          tx.db,
          sql`INSERT INTO chats (company_id, document_type, owner_id, super_type, title)
              VALUES (${ctx.companyId}, 'Assistant', ${ctx.user.id}, 'OpenAi::Thread', ${CHAT_TEXTS.assistantNewThread})
              RETURNING id`,
        );
    if (!created) throw new Error("assistant thread insert returned nothing");
    return readHeader(tx.db, ctx.companyId, ctx.user.id, created.id);
  }),
);
