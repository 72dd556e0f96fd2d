// A mention of someone who may not read the document: they are not brought into its chat (no membership, no count,
// no push, no 'added-to-document'); the same mention in a chat of a document they may read counts.
import { queryRows } from "@taller/db";
import { createCallerFactory } from "@taller/trpc";
import { useSeededApp } from "@taller/trpc/testing";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { chatRouter } from "../src";

const createCaller = createCallerFactory(chatRouter);
const app = useSeededApp();
const userId = (email: string) => app.fx().demo.userIds[email] ?? 0;

async function lastEventId() {
  const [row] = await queryRows<{ id: number }>(
    app.db(),
    sql`SELECT coalesce(max(id), 0)::int AS id FROM realtime_events`,
  );
  return row?.id ?? 0;
}
async function eventsFor(since: number, userIdWanted: number) {
  return queryRows<{ type: string }>(
    app.db(),
    sql`SELECT type FROM realtime_events WHERE id > ${since} AND type IN ('push.requested', 'chat.user')
          AND (payload->'userIds') @> ${JSON.stringify([userIdWanted])}::jsonb`,
  );
}
async function member(chatId: number, user: number) {
  const [row] = await queryRows<{ mention: number }>(
    app.db(),
    sql`SELECT mention FROM chat_members WHERE chat_id = ${chatId} AND user_id = ${user}`,
  );
  return row ?? null;
}

/** An order of Taller Demo the technician received or is assigned (`his`), or not (`his = false`). */
async function orderOf(his: boolean) {
  const tecnico = userId("tecnico@taller.demo");
  const [row] = await queryRows<{ id: number }>(
    app.db(),
    sql`SELECT id FROM orders WHERE company_id = ${app.fx().demo.companyId}
          AND ((user_id = ${tecnico} OR assignee_id = ${tecnico}) = ${his}) ORDER BY id LIMIT 1`,
  );
  if (!row) throw new Error("the demo has no such order");
  return row.id;
}

describe("a mention of a user who may not read the document", () => {
  it("is not counted, not notified and does not make them a member", async () => {
    const ana = createCaller(await app.staff("admin@taller.demo"));
    const tecnico = userId("tecnico@taller.demo");
    const chat = await ana.open({ document_type: "Order", document_id: await orderOf(false) });
    const since = await lastEventId();
    const sent = await ana.send({
      chat_id: chat.id,
      client_key: `readers-${Date.now()}-1`,
      comment: `mira (user:${tecnico})`,
    });
    expect(sent.comment).toBe(`mira (user:${tecnico})`);
    expect(sent.mentioned_user_ids).toEqual([]);
    expect(await member(chat.id, tecnico)).toBeNull();
    expect(await eventsFor(since, tecnico)).toEqual([]);
    const tomas = createCaller(await app.staff("tecnico@taller.demo"));
    await expect(tomas.comments({ chat_id: chat.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("counts and notifies when they may read it", async () => {
    const ana = createCaller(await app.staff("admin@taller.demo"));
    const tecnico = userId("tecnico@taller.demo");
    const chat = await ana.open({ document_type: "Order", document_id: await orderOf(true) });
    const before = (await member(chat.id, tecnico))?.mention ?? 0;
    const since = await lastEventId();
    const sent = await ana.send({
      chat_id: chat.id,
      client_key: `readers-${Date.now()}-2`,
      comment: `mira (user:${tecnico})`,
    });
    expect(sent.mentioned_user_ids).toEqual([tecnico]);
    expect((await member(chat.id, tecnico))?.mention).toBe(before + 1);
    expect((await eventsFor(since, tecnico)).map((e) => e.type)).toContain("push.requested");
  });
});
