import { CHAT_PAGE_SIZE, chatCommentsInput, type ChatCommentsPage } from "@taller/core";
import { cursorKey, encodeCursor, filterFingerprint, readCursor, staffProcedure } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { chatForUser } from "./access";
import { currentEvents, currentWorks, documentBudgets, selectComments } from "./comment-rows";
import { timestampOfMicros } from "./micros";

const keySchema = z.tuple([z.string().regex(/^-?\d{1,20}$/), z.number().int().min(1)]);

/**
 * A chat's messages, 20 a page, newest first; the cursor is the last row's (created_at, id), so messages posted
 * between two pages neither skip nor repeat older ones (never an offset). The first page also carries the chat's
 * ongoing and upcoming events, the open works on its document and its budgets (when the caller may read budgets).
 */
export const comments = staffProcedure
  .input(chatCommentsInput)
  .query(async ({ ctx, input }): Promise<ChatCommentsPage> => {
    const chat = await chatForUser(ctx.db, ctx, input.chat_id);
    const key = await cursorKey(ctx.db);
    const filter = filterFingerprint(["chat.comments", chat.id]);
    const cursor = readCursor(input.cursor, key, filter, keySchema);
    const before = cursor
      ? sql`AND (c.created_at, c.id) < (${timestampOfMicros(cursor.after[0])}, ${cursor.after[1]})`
      : sql``;
    const rows = await selectComments(ctx.db, ctx.companyId, sql`c.chat_id = ${chat.id} ${before}`, CHAT_PAGE_SIZE + 1);
    const page = rows.slice(0, CHAT_PAGE_SIZE);
    const last = page.at(-1);
    return {
      comments: page.map((r) => r.item),
      next_cursor:
        rows.length > CHAT_PAGE_SIZE && last
          ? encodeCursor(
              { after: [last.createdUs, last.item.id], page: (cursor?.page ?? 0) + 1, total: 0, capped: false, filter },
              key,
            )
          : null,
      events: cursor ? [] : await currentEvents(ctx.db, ctx.companyId, chat.id),
      current_works: cursor ? [] : await currentWorks(ctx.db, ctx.companyId, chat),
      budgets: cursor || !ctx.can("read", "budget") ? [] : await documentBudgets(ctx.db, ctx.companyId, chat),
    };
  });
