// How a message is read for the screen: author, reply preview, pictures, calendar event and budget, in the wire shape.
import {
  fileUrl,
  thumbnailUrl,
  type ChatAuthorType,
  type ChatBudget,
  type ChatCommentItem,
  type ChatCommentsPage,
  type ChatEvent,
  type ChatPerson,
  type Instant,
} from "@taller/core";
import { instantText, queryRows, type Db } from "@taller/db";
import { sql, type SQL } from "drizzle-orm";
import { clientAuthorName } from "./client-author";
import { microsOf } from "./micros";

interface CommentRow {
  id: number;
  chat_id: number;
  comment: string;
  author_type: ChatAuthorType;
  author_id: number | null;
  author_name: string | null;
  author_picture: string | null;
  client_name: string | null;
  reply_id: number | null;
  reply_comment: string | null;
  reply_deleted: boolean | null;
  reply_author_id: number | null;
  reply_author_name: string | null;
  reply_author_picture: string | null;
  reply_client_name: string | null;
  target_user_id: number | null;
  mentioned_user_ids: number[];
  picture_ids: string[];
  event_id: number | null;
  event_name: string | null;
  event_start: Instant | null;
  event_minutes: number | null;
  budget_id: number | null;
  budget_correlative_id: number | null;
  budget_total: number | null;
  deleted_at: Instant | null;
  created_at: Instant;
  updated_at: Instant;
  client_key: string | null;
  /** The (created_at, id) cursor's time, exact to the microsecond. */
  created_us: string;
}

const person = (id: number | null, name: string | null, picture: string | null): ChatPerson | null =>
  id === null ? null : { id, name: name ?? "", picture };

function toItem(r: CommentRow): ChatCommentItem {
  return {
    id: r.id,
    chat_id: r.chat_id,
    comment: r.comment,
    author_type: r.author_type,
    author: person(r.author_id, r.author_name, r.author_picture),
    client_name: r.client_name,
    reply:
      r.reply_id === null
        ? null
        : {
            id: r.reply_id,
            comment: r.reply_comment ?? "",
            author: person(r.reply_author_id, r.reply_author_name, r.reply_author_picture),
            client_name: r.reply_client_name,
            deleted: r.reply_deleted ?? false,
          },
    target_user_id: r.target_user_id,
    mentioned_user_ids: r.mentioned_user_ids,
    pictures: r.picture_ids.map((id) => ({ id, url: fileUrl(id), thumb_url: thumbnailUrl(id) })),
    calendar_event: eventOf(r.event_id, r.event_name, r.event_start, r.event_minutes),
    budget:
      r.budget_id === null
        ? null
        : { id: r.budget_id, correlative_id: r.budget_correlative_id ?? 0, total: r.budget_total ?? 0 },
    deleted_at: r.deleted_at,
    created_at: r.created_at,
    updated_at: r.updated_at,
    client_key: r.client_key,
  };
}

export function eventOf(
  id: number | null,
  name: string | null,
  start: Instant | null,
  minutes: number | null,
): ChatEvent | null {
  return id === null || start === null
    ? null
    : { id, name: name ?? "", start_date: start, duration: (minutes ?? 0) / 60 };
}

/** Comments of one company matching `where` (on alias c), newest first; with each its cursor time. */
export async function selectComments(
  db: Db,
  companyId: number,
  where: SQL,
  limit: number,
): Promise<{ item: ChatCommentItem; createdUs: string }[]> {
  const rows = await queryRows<CommentRow>(
    db,
    sql`SELECT c.id, c.chat_id, c.comment, c.author_type, c.author_id, a.name AS author_name, a.picture AS author_picture,
               ${clientAuthorName("c")} AS client_name, ${clientAuthorName("r")} AS reply_client_name, c.reply_id, r.comment AS reply_comment, (r.deleted_at IS NOT NULL) AS reply_deleted,
               r.author_id AS reply_author_id, ra.name AS reply_author_name, ra.picture AS reply_author_picture,
               c.target_user_id, c.mentioned_user_ids, c.picture_ids,
               e.id AS event_id, e.name AS event_name, ${instantText(sql`e.start_at`)} AS event_start, e.duration_minutes AS event_minutes,
               bu.id AS budget_id, bu.correlative_id AS budget_correlative_id, bu.total AS budget_total,
               ${instantText(sql`c.deleted_at`)} AS deleted_at, ${instantText(sql`c.created_at`)} AS created_at,
               ${instantText(sql`c.updated_at`)} AS updated_at, c.client_key,
               ${microsOf(sql`c.created_at`)} AS created_us
        FROM chat_comments c
        LEFT JOIN users a ON a.id = c.author_id
        LEFT JOIN chat_comments r ON r.id = c.reply_id
        LEFT JOIN users ra ON ra.id = r.author_id
        LEFT JOIN events e ON e.id = c.event_id
        LEFT JOIN budgets bu ON bu.id = c.budget_id
        WHERE c.company_id = ${companyId} AND ${where}
        ORDER BY c.created_at DESC, c.id DESC
        LIMIT ${limit}`,
  );
  return rows.map((r) => ({ item: toItem(r), createdUs: r.created_us }));
}

/** One comment as the screen shows it (after a write, through the writing transaction). */
export async function answerComment(db: Db, companyId: number, id: number): Promise<ChatCommentItem> {
  const [row] = await selectComments(db, companyId, sql`c.id = ${id}`, 1);
  if (!row) throw new Error(`comment ${id} vanished inside its own transaction`);
  return row.item;
}

/** The chat's events that have not ended (ongoing or upcoming), soonest first. */
export async function currentEvents(db: Db, companyId: number, chatId: number): Promise<ChatEvent[]> {
  const rows = await queryRows<{ id: number; name: string; start: Instant; minutes: number }>(
    db,
    sql`SELECT e.id, e.name, ${instantText(sql`e.start_at`)} AS start, e.duration_minutes AS minutes
        FROM chat_comments c JOIN events e ON e.id = c.event_id
        WHERE c.company_id = ${companyId} AND c.chat_id = ${chatId} AND c.deleted_at IS NULL
          AND e.start_at + make_interval(mins => e.duration_minutes) > now()
        ORDER BY e.start_at, e.id LIMIT 20`,
  );
  return rows.map((r) => ({ id: r.id, name: r.name, start_date: r.start, duration: r.minutes / 60 }));
}

/** The open works on the chat's document (seed 002 section 2.3's works strip), oldest first; 50 at most. */
export async function currentWorks(
  db: Db,
  companyId: number,
  chat: { document_type: string; document_id: number | null },
): Promise<ChatCommentsPage["current_works"]> {
  if (chat.document_id === null) return [];
  const rows = await queryRows<{
    id: number;
    user_id: number;
    user_name: string;
    user_picture: string | null;
    work_name: string;
    started_at: Instant | null;
    created_at: Instant;
  }>(
    db,
    sql`SELECT w.id, u.id AS user_id, u.name AS user_name, u.picture AS user_picture, cw.name AS work_name,
               ${instantText(sql`w.started_at`)} AS started_at, ${instantText(sql`w.created_at`)} AS created_at
        FROM works w
        JOIN users u ON u.company_id = w.company_id AND u.id = w.user_id
        JOIN custom_works cw ON cw.company_id = w.company_id AND cw.id = w.custom_work_id
        WHERE w.company_id = ${companyId} AND w.document_type = ${chat.document_type} AND w.document_id = ${chat.document_id}
          AND w.completed_at IS NULL
        ORDER BY w.created_at, w.id LIMIT 50`,
  );
  return rows.map((r) => ({
    id: r.id,
    user: { id: r.user_id, name: r.user_name, picture: r.user_picture },
    work_name: r.work_name,
    started_at: r.started_at,
    created_at: r.created_at,
  }));
}

/** Most budgets the chat lists (an order has a handful; the budgets list has them all). */
const CHAT_BUDGETS_MAX = 20;

/** The budgets of the chat's document: an order's, newest first, or a budget chat's own. */
export async function documentBudgets(
  db: Db,
  companyId: number,
  chat: { document_type: string; document_id: number | null },
): Promise<ChatBudget[]> {
  if (chat.document_id === null || (chat.document_type !== "Order" && chat.document_type !== "Budget")) return [];
  const where =
    chat.document_type === "Order" ? sql`b.order_id = ${chat.document_id}` : sql`b.id = ${chat.document_id}`;
  const rows = await queryRows<{ id: number; correlative_id: number; total: number; name: string; color: string }>(
    db,
    sql`SELECT b.id, b.correlative_id, b.total, s.name, s.color
        FROM budgets b JOIN statuses s ON s.company_id = b.company_id AND s.id = b.status_id
        WHERE b.company_id = ${companyId} AND ${where}
        ORDER BY b.id DESC LIMIT ${CHAT_BUDGETS_MAX}`,
  );
  return rows.map((r) => ({
    id: r.id,
    correlative_id: r.correlative_id,
    total: r.total,
    status: { name: r.name, color: r.color },
  }));
}
