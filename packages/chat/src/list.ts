import {
  CHAT_LIST_PAGE_SIZE,
  chatListInput,
  type ChatAuthorType,
  type ChatListItem,
  type ChatListPage,
  type Instant,
} from "@taller/core";
import { containsPattern, queryRows } from "@taller/db";
import { cursorKey, encodeCursor, filterFingerprint, readCursor, staffProcedure } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { clientAuthorName } from "./client-author";
import { documentStatusColumn, documentStatusJoin } from "./document-status";
import { microsOf, timestampOfMicros } from "./micros";

interface ListRow extends Omit<ChatListItem, "last_comment"> {
  has_work: boolean;
  has_mention: boolean;
  activity_us: string;
  lc_id: number | null;
  lc_author_name: string | null;
  lc_author_type: ChatAuthorType | null;
  lc_text: string | null;
  lc_deleted: boolean | null;
  lc_created_at: Instant | null;
}

/**
 * The cursor's key: the three sort flags as one number (work 4, mention 2, listed 1), the activity time in µs, the
 * chat.
 */
/** Most work names a row shows (the count says how many there are). */
const WORK_NAMES_SHOWN = 3;

/** The row's own open works by name, read only for the rows that have some (works_own_idx). */
const ownWorkNames = sql`CASE WHEN m.own_works > 0 THEN ARRAY(
    SELECT cw.name FROM works w JOIN custom_works cw ON cw.company_id = w.company_id AND cw.id = w.custom_work_id
    WHERE w.company_id = m.company_id AND w.user_id = m.user_id AND w.completed_at IS NULL
      AND w.document_type = ch.document_type AND w.document_id = ch.document_id
    ORDER BY w.created_at DESC, w.id DESC LIMIT ${WORK_NAMES_SHOWN}) ELSE '{}'::text[] END`;

const keySchema = z.tuple([z.number().int().min(0).max(7), z.string().regex(/^-?\d{1,20}$/), z.number().int().min(1)]);

/**
 * The caller's chats of one tab, in the order of seed 002 section 4.1 (own active works, then mentions, then listed
 * before archived, then the latest activity), 30 a page with a signed keyset cursor. Archived chats only with
 * `archived`. 'Buscar chats...' matches the title, subtitle, document type and correlative (the chat's search
 * text). One index range of chat_members read in order (chat_members_list_idx): the counters are columns, nothing
 * is counted per request.
 */
export const list = staffProcedure.input(chatListInput).query(async ({ ctx, input }): Promise<ChatListPage> => {
  const pattern = containsPattern(input.search);
  const key = await cursorKey(ctx.db);
  const filter = filterFingerprint(["chat.list", ctx.user.id, input.tab, input.archived, pattern]);
  const cursor = readCursor(input.cursor, key, filter, keySchema);
  const after = cursor
    ? (() => {
        const [rank, us, id] = cursor.after;
        return sql`AND (m.has_work, m.has_mention, m.listed, m.activity_at, m.chat_id)
                     < (${(rank & 4) > 0}, ${(rank & 2) > 0}, ${(rank & 1) > 0}, ${timestampOfMicros(us)}, ${id})`;
      })()
    : sql``;
  const rows = await queryRows<ListRow>(
    ctx.db,
    sql`SELECT ch.id, ch.document_type, ch.document_id, ch.super_type, ch.title, ch.subtitle, ch.correlative_id, ch.picture,
               m.listed, ch.finished, ${documentStatusColumn}, m.unread, m.mention, m.own_works, m.has_work, m.has_mention,
               ${ownWorkNames} AS work_names,
               to_char(m.activity_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS activity_at,
               ${microsOf(sql`m.activity_at`)} AS activity_us,
               lc.id AS lc_id, coalesce(u.name, ${clientAuthorName("lc")}) AS lc_author_name, lc.author_type AS lc_author_type, left(lc.comment, 200) AS lc_text,
               (lc.deleted_at IS NOT NULL) AS lc_deleted,
               to_char(lc.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS lc_created_at
        FROM chat_members m
        JOIN chats ch ON ch.id = m.chat_id
        LEFT JOIN chat_comments lc ON lc.id = ch.last_comment_id
        LEFT JOIN users u ON u.id = lc.author_id
        ${documentStatusJoin}
        WHERE m.user_id = ${ctx.user.id} AND m.company_id = ${ctx.companyId} AND m.document_type = ${input.tab}
          ${input.archived ? sql`` : sql`AND m.listed`}
          ${pattern ? sql`AND ch.search_text LIKE ${pattern}` : sql``}
          ${after}
        ORDER BY m.has_work DESC, m.has_mention DESC, m.listed DESC, m.activity_at DESC, m.chat_id DESC
        LIMIT ${CHAT_LIST_PAGE_SIZE + 1}`,
  );
  const page = rows.slice(0, CHAT_LIST_PAGE_SIZE);
  const last = page.at(-1);
  const next_cursor =
    rows.length > CHAT_LIST_PAGE_SIZE && last
      ? encodeCursor(
          {
            after: [
              (last.has_work ? 4 : 0) + (last.has_mention ? 2 : 0) + (last.listed ? 1 : 0),
              last.activity_us,
              last.id,
            ],
            page: (cursor?.page ?? 0) + 1,
            total: 0,
            capped: false,
            filter,
          },
          key,
        )
      : null;
  return {
    items: page.map((r) => ({
      id: r.id,
      document_type: r.document_type,
      document_id: r.document_id,
      super_type: r.super_type,
      title: r.title,
      subtitle: r.subtitle,
      correlative_id: r.correlative_id,
      picture: r.picture,
      listed: r.listed,
      finished: r.finished,
      status: r.status,
      unread: r.unread,
      mention: r.mention,
      own_works: r.own_works,
      work_names: r.work_names,
      activity_at: r.activity_at,
      last_comment:
        r.lc_id === null
          ? null
          : {
              id: r.lc_id,
              author_name: r.lc_author_name,
              author_type: r.lc_author_type ?? "User",
              text: r.lc_deleted ? "" : (r.lc_text ?? ""),
              deleted: r.lc_deleted ?? false,
              created_at: r.lc_created_at ?? r.activity_at,
            },
    })),
    next_cursor,
  };
});
