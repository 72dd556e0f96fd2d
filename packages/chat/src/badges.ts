import { CHAT_TABS, type ChatBadges, type ChatDocumentType } from "@taller/core";
import { queryRows } from "@taller/db";
import { staffProcedure } from "@taller/trpc";
import { sql } from "drizzle-orm";

/**
 * The list's tab badges (mentions and an unread dot per tab), the archived toggle's mention count, and the shell's
 * chat button (any unread, all mentions). Sums the counters of the caller's chats that have something unread only
 * (a partial index holds just those rows), so it costs what is unread, not how many chats the user has.
 */
export const badges = staffProcedure.query(async ({ ctx }): Promise<ChatBadges> => {
  const rows = await queryRows<{ document_type: ChatDocumentType; listed: boolean; mention: number; unread: boolean }>(
    ctx.db,
    sql`SELECT document_type, listed, sum(mention)::int AS mention, bool_or(unread > 0) AS unread
        FROM chat_members
        WHERE user_id = ${ctx.user.id} AND company_id = ${ctx.companyId} AND (unread > 0 OR mention > 0)
          AND document_type <> 'Assistant'
        GROUP BY document_type, listed`,
    { prepare: true },
  );
  const listed = rows.filter((r) => r.listed);
  return {
    tabs: CHAT_TABS.map((tab) => {
      const of = listed.filter((r) => r.document_type === tab);
      return { tab, mention: of.reduce((n, r) => n + r.mention, 0), unread: of.some((r) => r.unread) };
    }),
    archived_mention: rows.filter((r) => !r.listed).reduce((n, r) => n + r.mention, 0),
    unread: rows.some((r) => r.unread),
    mention: rows.reduce((n, r) => n + r.mention, 0),
  };
});
