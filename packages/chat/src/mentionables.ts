import { chatMentionablesInput, CHAT_TEXTS, type ChatMentionable } from "@taller/core";
import { containsPattern, queryRows } from "@taller/db";
import { staffProcedure } from "@taller/trpc";
import { sql } from "drizzle-orm";

/** The users the @ popup offers: the company's users with a role, filtered by name or role name, 50 at most. */
export const mentionables = staffProcedure
  .input(chatMentionablesInput)
  .query(({ ctx, input }): Promise<ChatMentionable[]> => {
    const pattern = containsPattern(input.search);
    return queryRows<ChatMentionable>(
      ctx.db,
      sql`SELECT u.id, u.name, u.picture, coalesce(nullif(r.name, ''), ${CHAT_TEXTS.roleFallback}) AS role_name
        FROM users u JOIN roles r ON r.id = u.role_id
        WHERE u.company_id = ${ctx.companyId}
          ${pattern ? sql`AND (search_fold(u.name) LIKE ${pattern} OR search_fold(r.name) LIKE ${pattern})` : sql``}
        ORDER BY u.name, u.id LIMIT 50`,
    );
  });
