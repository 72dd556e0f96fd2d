// Counters under concurrent posts and reads: the database keeps them, so whatever the interleaving they equal what
// counting the messages would say. On PostgreSQL the sends really run in parallel (a pool of connections); on the
// embedded PGlite (one connection) they queue, which proves less: run with TEST_DATABASE_URL.
import { queryRows } from "@taller/db";
import { createCallerFactory } from "@taller/trpc";
import { useSeededApp } from "@taller/trpc/testing";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { chatRouter } from "../src";

const createCaller = createCallerFactory(chatRouter);
const app = useSeededApp();
const callerFor = async (email: string) => createCaller(await app.staff(email));
const id = (email: string) => app.fx().demo.userIds[email] ?? 0;

/** Each member's counters beside the same numbers counted from the messages. */
async function countersAndTruth(chatId: number) {
  return queryRows<{
    user_id: number;
    unread: number;
    mention: number;
    counted_unread: number;
    counted_mention: number;
  }>(
    app.db(),
    sql`SELECT m.user_id, m.unread, m.mention,
               (SELECT count(*)::int FROM chat_comments c WHERE c.chat_id = m.chat_id AND c.deleted_at IS NULL
                  AND c.author_id IS DISTINCT FROM m.user_id AND c.id > coalesce(m.last_read_comment_id, 0)) AS counted_unread,
               (SELECT count(*)::int FROM chat_comments c WHERE c.chat_id = m.chat_id AND c.deleted_at IS NULL
                  AND m.user_id = ANY (c.mentioned_user_ids) AND c.id > coalesce(m.last_read_comment_id, 0)) AS counted_mention
        FROM chat_members m WHERE m.chat_id = ${chatId} ORDER BY m.user_id`,
  );
}

describe("chat counters under concurrency (PostgreSQL for real parallelism)", () => {
  it("50 parallel sends with mentions: every member's unread and mention counts are exact", async () => {
    const [admin, asesor, tecnico] = await Promise.all(
      ["admin@taller.demo", "asesor@taller.demo", "tecnico@taller.demo"].map(callerFor),
    );
    // Tomás reads only the orders he received or is assigned: one of those.
    const [own] = await queryRows<{ id: number }>(
      app.db(),
      sql`SELECT id FROM orders WHERE company_id = ${app.fx().demo.companyId} AND ${id("tecnico@taller.demo")} IN (user_id, assignee_id)
          ORDER BY correlative_id LIMIT 1`,
    );
    const orderId = own?.id ?? 0;
    const chat = await admin!.open({ document_type: "Order", document_id: orderId });
    await asesor!.open({ document_type: "Order", document_id: orderId });
    const before = new Map((await countersAndTruth(chat.id)).map((r) => [r.user_id, r]));
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? admin!.send({
              chat_id: chat.id,
              client_key: `par-admin-${i}`,
              comment: `hola (user:${id("asesor@taller.demo")})`,
            })
          : tecnico!.send({
              chat_id: chat.id,
              client_key: `par-tecnico-${i}`,
              comment: `(user:${id("asesor@taller.demo")}) y (user:${id("admin@taller.demo")})`,
            }),
      ),
    );
    const after = new Map((await countersAndTruth(chat.id)).map((r) => [r.user_id, r]));
    const delta = (email: string) => {
      const a = after.get(id(email));
      const b = before.get(id(email));
      return { unread: (a?.unread ?? 0) - (b?.unread ?? 0), mention: (a?.mention ?? 0) - (b?.mention ?? 0) };
    };
    expect(delta("asesor@taller.demo")).toEqual({ unread: 50, mention: 50 });
    expect(delta("admin@taller.demo")).toEqual({ unread: 25, mention: 25 });
    // Tomás joined by posting; his own messages never count for him.
    for (const r of after.values()) expect([r.unread, r.mention]).toEqual([r.counted_unread, r.counted_mention]);
  });

  it("reads, removals and posts interleaved: the counters still equal the counted truth", async () => {
    const [admin, asesor] = await Promise.all(["admin@taller.demo", "asesor@taller.demo"].map(callerFor));
    const orderId = app.fx().demo.orderIds[1] ?? 0;
    const chat = await admin!.open({ document_type: "Order", document_id: orderId });
    await asesor!.open({ document_type: "Order", document_id: orderId });
    const seed = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        admin!.send({
          chat_id: chat.id,
          client_key: `mix-seed-${i}`,
          comment: `(user:${id("asesor@taller.demo")}) ${i}`,
        }),
      ),
    );
    const ids = seed.map((c) => c.id).sort((a, b) => a - b);
    await Promise.all([
      ...Array.from({ length: 20 }, (_, i) =>
        admin!.send({
          chat_id: chat.id,
          client_key: `mix-post-${i}`,
          comment: `(user:${id("asesor@taller.demo")}) más ${i}`,
        }),
      ),
      ...ids.slice(0, 8).map((commentId) => asesor!.markRead({ chat_id: chat.id, comment_id: commentId })),
      ...ids.slice(3, 7).map((commentId) => admin!.remove({ comment_id: commentId })),
    ]);
    for (const r of await countersAndTruth(chat.id))
      expect([r.unread, r.mention]).toEqual([r.counted_unread, r.counted_mention]);
  });
});
