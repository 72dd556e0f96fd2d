// The list and the badges at 10,000 chats for one user: the list is one index range read in order (no sort of the
// user's chats), the badges sum only the chats with something unread; both answer in milliseconds.
import { queryRows } from "@taller/db";
import { createCallerFactory } from "@taller/trpc";
import { useSeededApp } from "@taller/trpc/testing";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { chatRouter } from "../src";

const createCaller = createCallerFactory(chatRouter);
const app = useSeededApp();

describe("10,000 chats per user", () => {
  it("lists a page through chat_members_list_idx without sorting, and sums badges over the unread only", async () => {
    const fx = app.fx().demo;
    const userId = fx.userIds["asesor@taller.demo"] ?? 0;
    // 10,000 booking-less "Order" chats need documents only to be opened; the list reads chats and members alone.
    await queryRows(
      app.db(),
      sql`WITH made AS (
            INSERT INTO chats (company_id, document_type, document_id, title, subtitle, correlative_id)
            SELECT ${fx.companyId}, 'Order', 1000000 + g, 'Vehículo ' || g, 'Cliente ' || g, 1000000 + g FROM generate_series(1, 10000) g
            RETURNING id, company_id, document_id)
          INSERT INTO chat_members (company_id, chat_id, user_id, document_type, activity_at, unread, mention)
          SELECT company_id, id, ${userId}, 'Order', now() - make_interval(mins => document_id - 1000000),
                 CASE WHEN document_id % 50 = 0 THEN 3 ELSE 0 END, CASE WHEN document_id % 500 = 0 THEN 1 ELSE 0 END
          FROM made`,
    );
    await queryRows(app.db(), sql`ANALYZE chats`);
    await queryRows(app.db(), sql`ANALYZE chat_members`);
    const andres = createCaller(await app.staff("asesor@taller.demo"));

    const started = performance.now();
    const first = await andres.list({ tab: "Order" });
    const second = await andres.list({ tab: "Order", cursor: first.next_cursor });
    const badges = await andres.badges();
    const elapsed = performance.now() - started;
    expect(first.items).toHaveLength(30);
    expect(second.items).toHaveLength(30);
    // Mentions first: the 20 generated chats with a mention lead the list.
    expect(first.items.slice(0, 20).every((i) => i.mention > 0)).toBe(true);
    const [sums] = await queryRows<{ mention: number }>(
      app.db(),
      sql`SELECT sum(mention)::int AS mention FROM chat_members WHERE user_id = ${userId}`,
    );
    expect(badges.mention).toBe(sums?.mention);
    console.log(`two list pages and the badges at 10,000 chats: ${elapsed.toFixed(1)} ms`);

    const plan = JSON.stringify(
      await queryRows(
        app.db(),
        sql`EXPLAIN (FORMAT JSON) SELECT m.chat_id FROM chat_members m JOIN chats ch ON ch.id = m.chat_id
            WHERE m.user_id = ${userId} AND m.company_id = ${fx.companyId} AND m.document_type = 'Order' AND m.listed
            ORDER BY m.has_work DESC, m.has_mention DESC, m.listed DESC, m.activity_at DESC, m.chat_id DESC LIMIT 31`,
      ),
    );
    expect(plan).toContain("chat_members_list_idx");
    expect(plan).not.toContain('"Node Type":"Sort"');
  });
});
