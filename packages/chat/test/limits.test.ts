// What one user can make the chat do per minute: messages per user (counted in the database, over every chat and
// every server process), mentions per message (a field error), and pushes per recipient per chat (coalesced).
import {
  CHAT_MAX_MENTIONS,
  CHAT_PUSH_COALESCE_SECONDS,
  CHAT_SEND_PER_MINUTE,
  CHAT_TEXTS,
  chatSendInput,
} from "@taller/core";
import { queryRows } from "@taller/db";
import { createCallerFactory } from "@taller/trpc";
import { useSeededApp } from "@taller/trpc/testing";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { chatRouter } from "../src";
import { failure } from "./failure";

const createCaller = createCallerFactory(chatRouter);
const app = useSeededApp();
const userId = (email: string) => app.fx().demo.userIds[email] ?? 0;
const callerFor = async (email: string) => createCaller(await app.staff(email));
const openChat = async (email: string, order: number) =>
  (await callerFor(email)).open({ document_type: "Order", document_id: app.fx().demo.orderIds[order] ?? 0 });

let keys = 0;
const key = () => `limit-${++keys}-${Date.now()}`;

/** push.requested events naming `user` for this chat. */
async function pushesFor(chatId: number, user: number) {
  const [row] = await queryRows<{ n: number }>(
    app.db(),
    sql`SELECT count(*)::int AS n FROM realtime_events WHERE type = 'push.requested'
          AND payload->>'url' = ${`/main?chat=${chatId}`} AND (payload->'userIds') @> ${JSON.stringify([user])}::jsonb`,
  );
  return row?.n ?? 0;
}

describe("mentions per message", () => {
  const mentions = (n: number) => Array.from({ length: n }, (_, i) => `(user:${i + 1})`).join(" ");
  it("refuses more than CHAT_MAX_MENTIONS people with a Spanish field error on the text", async () => {
    const input = (n: number) => ({ chat_id: 1, client_key: "abcdefgh", comment: mentions(n) });
    expect(chatSendInput.safeParse(input(CHAT_MAX_MENTIONS)).success).toBe(true);
    const refused = chatSendInput.safeParse(input(CHAT_MAX_MENTIONS + 1));
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({ path: ["comment"], message: CHAT_TEXTS.tooManyMentions }),
    ]);
    // The same person twice is one mention.
    expect(chatSendInput.safeParse({ ...input(0), comment: "(user:1) ".repeat(50) }).success).toBe(true);
    const chat = await openChat("admin@taller.demo", 0);
    const error = await failure(
      (await callerFor("admin@taller.demo")).send({
        chat_id: chat.id,
        client_key: key(),
        comment: mentions(CHAT_MAX_MENTIONS + 1),
      }),
    );
    expect(error.code).toBe("BAD_REQUEST");
  });
});

/** The database's windows of `key`: how many, and the hits over them. */
async function windowsOf(key: string) {
  const [row] = await queryRows<{ windows: number; hits: number }>(
    app.db(),
    sql`SELECT count(*)::int AS windows, coalesce(sum(hits), 0)::int AS hits FROM rate_limit_hits WHERE key = ${key}`,
  );
  return row ?? { windows: 0, hits: 0 };
}

describe("messages per user", () => {
  it("counts every message a user posts, over every chat and session; past the limit a Spanish refusal; a retry is free", async () => {
    const a = await openChat("asesor@taller.demo", 1);
    const b = await openChat("asesor@taller.demo", 2);
    const asesor = await callerFor("asesor@taller.demo");
    // Two chats, and a second session: the limit is the user's, not a chat's or a session's.
    const other = await callerFor("asesor@taller.demo");
    const countKey = `chat-send:${userId("asesor@taller.demo")}`;
    let first: { key: string; id: number } | null = null;
    for (let i = 0; i < 10; i++) {
      const k = key();
      const sent = await (i % 2 ? other : asesor).send({
        chat_id: i % 2 ? b.id : a.id,
        client_key: k,
        comment: `${i}`,
      });
      first ??= { key: k, id: sent.id };
    }
    // Successes count (nothing resets the window but time), in the database every process shares.
    expect((await windowsOf(countKey)).hits).toBe(10);
    // A retry of a message already posted answers it and is not counted.
    expect((await asesor.send({ chat_id: a.id, client_key: first!.key, comment: "0" })).id).toBe(first!.id);
    expect((await windowsOf(countKey)).hits).toBe(10);
    // The limit reached in this window and the next (so the minute turning over mid-test changes nothing).
    await app.db().execute(
      sql`INSERT INTO rate_limit_hits (key, window_start, hits)
          SELECT ${countKey}, v.start, ${CHAT_SEND_PER_MINUTE}
          FROM (SELECT to_timestamp(floor(extract(epoch FROM clock_timestamp()) / 60) * 60) AS w) t,
               LATERAL (VALUES (t.w), (t.w + interval '1 minute')) v(start)
          ON CONFLICT (key, window_start) DO UPDATE SET hits = ${CHAT_SEND_PER_MINUTE}`,
    );
    const before = (await asesor.comments({ chat_id: a.id })).comments.length;
    const refused = await failure(asesor.send({ chat_id: a.id, client_key: key(), comment: "uno más" }));
    expect(refused.code).toBe("TOO_MANY_REQUESTS");
    expect(refused.message).toMatch(
      /^Estás enviando mensajes muy seguido\. Espera \d+ segundos? y vuelve a intentarlo\.$/,
    );
    expect((await asesor.comments({ chat_id: a.id })).comments.length).toBe(before);
    // Another user is not held by this one's count.
    const admin = await callerFor("admin@taller.demo");
    await expect(admin.send({ chat_id: a.id, client_key: key(), comment: "hola" })).resolves.toBeTruthy();
  });
});

describe("pushes per recipient", () => {
  it(`one push per recipient per chat per ${CHAT_PUSH_COALESCE_SECONDS} s window, not one per message`, async () => {
    const admin = await callerFor("admin@taller.demo");
    const asesor = userId("asesor@taller.demo");
    const chat = await openChat("admin@taller.demo", 3);
    const second = await openChat("admin@taller.demo", 4);
    for (let i = 0; i < 5; i++)
      await admin.send({ chat_id: chat.id, client_key: key(), comment: `mira (user:${asesor}) ${i}` });
    // Five mentions, one push per window they fell in (one, or two if the window turned over meanwhile).
    const coalesced = await windowsOf(`chat-push:${chat.id}:${asesor}`);
    expect(coalesced.hits).toBe(5);
    expect(coalesced.windows).toBeLessThanOrEqual(2);
    expect(await pushesFor(chat.id, asesor)).toBe(coalesced.windows);
    // Another chat is another conversation: its first mention pushes.
    await admin.send({ chat_id: second.id, client_key: key(), comment: `y esto (user:${asesor})` });
    expect(await pushesFor(second.id, asesor)).toBe(1);
    // Every message still counts as a mention for the recipient.
    const [member] = await queryRows<{ mention: number }>(
      app.db(),
      sql`SELECT mention FROM chat_members WHERE chat_id = ${chat.id} AND user_id = ${asesor}`,
    );
    expect(member?.mention).toBeGreaterThanOrEqual(5);
  });
});
