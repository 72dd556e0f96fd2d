// Chat demo (packages/chat): chats for a company's latest orders with a short conversation each, a mention of the
// second user in the first chat, and one archived chat. Messages are written as the app writes them; the database's
// triggers fill the search text, the last comment and every member's counters.
import { sql } from "drizzle-orm";
import type { Db } from "../client";
import { queryRows } from "../sql";

export interface ChatFixture {
  chatIds: number[];
  chatCommentIds: number[];
}

const LINES = [
  "Llegó el vehículo, lo dejo en la bahía 2.",
  "Revisé frenos: pastillas al 20%, recomiendo cambio.",
  "Ok, le aviso al cliente y preparo el presupuesto.",
  "Cliente aprobó, seguimos.",
];

/** `userIds` in the company, the first one the main author; the second is mentioned in the first chat. */
export async function seedChatDemo(
  db: Db,
  companyId: number,
  orderIds: number[],
  userIds: number[],
): Promise<ChatFixture> {
  const chatIds: number[] = [];
  const chatCommentIds: number[] = [];
  const people = userIds.slice(0, 3);
  for (const [index, orderId] of orderIds.slice(-6).reverse().entries()) {
    const chat = await queryRows<{ id: number }>(
      db,
      sql`
      INSERT INTO chats (company_id, document_type, document_id, title, subtitle, correlative_id, picture, finished, listed)
      SELECT o.company_id, 'Order', o.id, trim(concat_ws(' ', v.identifier, br.name, bm.name)), coalesce(c.name, ''),
             o.correlative_id, o.pictures->0->>'url', s.finish, NOT s.finish AND ${index} <> 5
      FROM orders o JOIN statuses s ON s.id = o.status_id
      LEFT JOIN clients c ON c.id = o.client_id LEFT JOIN vehicles v ON v.id = o.vehicle_id
      LEFT JOIN brands br ON br.id = v.brand_id LEFT JOIN brand_models bm ON bm.id = v.brand_model_id
      WHERE o.company_id = ${companyId} AND o.id = ${orderId}
      RETURNING id`,
    );
    const chatId = chat[0]?.id;
    if (chatId === undefined) continue;
    chatIds.push(chatId);
    for (const userId of people) {
      await db.execute(sql`
        INSERT INTO chat_members (company_id, chat_id, user_id, document_type, listed, activity_at)
        SELECT company_id, id, ${userId}, document_type, listed, now() - interval '3 days' FROM chats WHERE id = ${chatId}
        ON CONFLICT (chat_id, user_id) DO NOTHING`);
    }
    const lines = LINES.slice(0, 2 + (index % 3));
    for (const [n, line] of lines.entries()) {
      const author = people[n % people.length];
      const mention = index === 0 && n === 0 && people[1] !== undefined ? [people[1]] : [];
      const text = mention.length ? `${line} (user:${mention[0]}) ¿lo revisas?` : line;
      const comment = await queryRows<{ id: number }>(
        db,
        sql`
        INSERT INTO chat_comments (company_id, chat_id, comment, author_type, author_id, mentioned_user_ids, created_at, updated_at)
        VALUES (${companyId}, ${chatId}, ${text}, 'User', ${author ?? null}, ${`{${mention.join(",")}}`}::int[],
                now() - make_interval(hours => ${(6 - index) * 5 - n}), now() - make_interval(hours => ${(6 - index) * 5 - n}))
        RETURNING id`,
      );
      const id = comment[0]?.id;
      if (id !== undefined) chatCommentIds.push(id);
    }
  }
  return { chatIds, chatCommentIds };
}
