import { CHAT_PAGE_SIZE, compareChats } from "@taller/core";
import { queryRows } from "@taller/db";
import { createCallerFactory } from "@taller/trpc";
import { allPages, useSeededApp } from "@taller/trpc/testing";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { chatRouter } from "../src";
import { failure } from "./failure";

const createCaller = createCallerFactory(chatRouter);
const app = useSeededApp();
const callerFor = async (email: string) => createCaller(await app.staff(email));
const admin = () => callerFor("admin@taller.demo");
const asesor = () => callerFor("asesor@taller.demo");
const tecnico = () => callerFor("tecnico@taller.demo");
const userId = (email: string) => app.fx().demo.userIds[email] ?? 0;

let keys = 0;
const key = () => `test-key-${++keys}-${Date.now()}`;

/** A fresh chat: a demo order without a chat yet, opened by the admin. */
let nextOrder = 0;
async function freshChat() {
  const orderId = app.fx().demo.orderIds[nextOrder++];
  if (orderId === undefined) throw new Error("out of demo orders");
  return (await admin()).open({ document_type: "Order", document_id: orderId });
}

async function member(chatId: number, email: string) {
  const [row] = await queryRows<{ unread: number; mention: number; last_read_comment_id: number | null }>(
    app.db(),
    sql`SELECT unread, mention, last_read_comment_id FROM chat_members WHERE chat_id = ${chatId} AND user_id = ${userId(email)}`,
  );
  return row ?? null;
}

describe("chat.open", () => {
  it("creates the document's chat once, with the header from the order, and makes the caller a member", async () => {
    const chat = await freshChat();
    const again = await (await admin()).open({ document_type: "Order", document_id: chat.document_id ?? 0 });
    expect(again.id).toBe(chat.id);
    expect(chat.correlative_id).toBeGreaterThan(0);
    expect(chat.view?.path).toBe(`/main/orders/${chat.document_id}`);
    expect(await member(chat.id, "admin@taller.demo")).not.toBeNull();
  });

  it("chat.get answers the same header by id, and NOT_FOUND for another company's chat", async () => {
    const chat = await freshChat();
    const { unread, mention, last_read_comment_id, ...header } = chat;
    expect(await (await admin()).get({ chat_id: chat.id })).toMatchObject({
      ...header,
      unread,
      mention,
      last_read_comment_id,
    });
    const foreign = app.fx().other.chatIds[0] ?? 0;
    expect((await failure((await admin()).get({ chat_id: foreign }))).code).toBe("NOT_FOUND");
  });

  it("refuses a document the caller may not read", async () => {
    const e = await failure((await tecnico()).open({ document_type: "Order", document_id: 2_147_483_647 }));
    expect(e.code).toBe("NOT_FOUND");
  });
});

describe("chat.send and the counters", () => {
  it("counts unread for other members and mentions for the mentioned; markRead resets them and never moves back", async () => {
    const chat = await freshChat();
    const ana = await admin();
    await (await asesor()).open({ document_type: "Order", document_id: chat.document_id ?? 0 });
    const first = await ana.send({ chat_id: chat.id, client_key: key(), comment: "  hola  " });
    expect(first.comment).toBe("hola");
    const second = await ana.send({
      chat_id: chat.id,
      client_key: key(),
      comment: `mira (user:${userId("asesor@taller.demo")})`,
    });
    expect(second.mentioned_user_ids).toEqual([userId("asesor@taller.demo")]);
    expect(await member(chat.id, "asesor@taller.demo")).toMatchObject({ unread: 2, mention: 1 });
    expect(await member(chat.id, "admin@taller.demo")).toMatchObject({ unread: 0, mention: 0 });

    const andres = await asesor();
    await andres.markRead({ chat_id: chat.id, comment_id: first.id });
    expect(await member(chat.id, "asesor@taller.demo")).toMatchObject({ unread: 1, mention: 1 });
    await andres.markRead({ chat_id: chat.id, comment_id: second.id });
    expect(await member(chat.id, "asesor@taller.demo")).toMatchObject({
      unread: 0,
      mention: 0,
      last_read_comment_id: second.id,
    });
    await andres.markRead({ chat_id: chat.id, comment_id: first.id });
    expect((await member(chat.id, "asesor@taller.demo"))?.last_read_comment_id).toBe(second.id);
  });

  it("a retried send (same client key) posts once", async () => {
    const chat = await freshChat();
    const ana = await admin();
    const k = key();
    const [a, b] = await Promise.all([
      ana.send({ chat_id: chat.id, client_key: k, comment: "una vez" }),
      ana.send({ chat_id: chat.id, client_key: k, comment: "una vez" }),
    ]);
    expect(a.id).toBe(b.id);
    const page = await ana.comments({ chat_id: chat.id });
    expect(page.comments.filter((c) => c.comment === "una vez")).toHaveLength(1);
  });

  it("a mention of a user of another company, or of no user, counts for nobody", async () => {
    const chat = await freshChat();
    const other = app.fx().other.userIds["admin@otro.demo"] ?? 0;
    const sent = await (
      await admin()
    ).send({ chat_id: chat.id, client_key: key(), comment: `(user:${other}) (user:999999)` });
    expect(sent.mentioned_user_ids).toEqual([]);
  });

  it("refuses an empty message and another company's chat", async () => {
    const chat = await freshChat();
    expect((await failure((await admin()).send({ chat_id: chat.id, client_key: key(), comment: "   " }))).code).toBe(
      "BAD_REQUEST",
    );
    const foreign = app.fx().other.chatIds[0] ?? 0;
    expect((await failure((await admin()).send({ chat_id: foreign, client_key: key(), comment: "x" }))).code).toBe(
      "NOT_FOUND",
    );
  });
});

describe("chat.remove", () => {
  it("the author removes within 5 minutes (database time): text and event cleared, counters taken back", async () => {
    const chat = await freshChat();
    await (await asesor()).open({ document_type: "Order", document_id: chat.document_id ?? 0 });
    const ana = await admin();
    const sent = await ana.send({
      chat_id: chat.id,
      client_key: key(),
      comment: `evento (user:${userId("asesor@taller.demo")})`,
      event: { name: "Prueba de ruta", start: new Date(Date.now() + 3_600_000).toISOString(), duration: 2 },
    });
    expect(sent.calendar_event).toMatchObject({ name: "Prueba de ruta", duration: 2 });
    expect(await member(chat.id, "asesor@taller.demo")).toMatchObject({ unread: 1, mention: 1 });
    // Another user may not remove it.
    expect((await failure((await asesor()).remove({ comment_id: sent.id }))).code).toBe("NOT_FOUND");
    const removed = await ana.remove({ comment_id: sent.id });
    expect(removed).toMatchObject({ comment: "", calendar_event: null, reply: null, pictures: [] });
    expect(removed.deleted_at).not.toBeNull();
    expect(await member(chat.id, "asesor@taller.demo")).toMatchObject({ unread: 0, mention: 0 });
    const [event] = await queryRows(app.db(), sql`SELECT id FROM events WHERE id = ${sent.calendar_event?.id ?? 0}`);
    expect(event).toBeUndefined();
  });

  it("refuses after 5 minutes", async () => {
    const chat = await freshChat();
    const ana = await admin();
    const sent = await ana.send({ chat_id: chat.id, client_key: key(), comment: "viejo" });
    await queryRows(
      app.db(),
      sql`UPDATE chat_comments SET created_at = now() - interval '5 minutes 1 second' WHERE id = ${sent.id}`,
    );
    expect((await failure(ana.remove({ comment_id: sent.id }))).code).toBe("FORBIDDEN");
    await queryRows(
      app.db(),
      sql`UPDATE chat_comments SET created_at = now() - interval '4 minutes 50 seconds' WHERE id = ${sent.id}`,
    );
    expect((await ana.remove({ comment_id: sent.id })).deleted_at).not.toBeNull();
  });
});

describe("chat.comments paging", () => {
  it("pages by (created_at, id): messages posted between pages neither skip nor repeat", async () => {
    const chat = await freshChat();
    const ana = await admin();
    for (let i = 0; i < 45; i++) {
      // More than a user may post in a minute (limits.test.ts): this test is about paging, so the window starts over.
      if (i % 25 === 0) await app.db().execute(sql`DELETE FROM rate_limit_hits`);
      await ana.send({ chat_id: chat.id, client_key: key(), comment: `m${i}` });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let page = 0;
    do {
      const answer: Awaited<ReturnType<typeof ana.comments>> = await ana.comments({ chat_id: chat.id, cursor });
      expect(answer.comments.length).toBeLessThanOrEqual(CHAT_PAGE_SIZE);
      seen.push(...answer.comments.map((c) => c.comment));
      // New messages arrive while the user reads older pages.
      await ana.send({ chat_id: chat.id, client_key: key(), comment: `new${page++}` });
      cursor = answer.next_cursor;
    } while (cursor);
    expect(seen).toEqual(Array.from({ length: 45 }, (_, i) => `m${44 - i}`));
  });

  it("refuses a cursor made for another chat", async () => {
    const a = await freshChat();
    const b = await freshChat();
    const ana = await admin();
    for (let i = 0; i < 21; i++) await ana.send({ chat_id: a.id, client_key: key(), comment: `x${i}` });
    const { next_cursor } = await ana.comments({ chat_id: a.id });
    expect((await failure(ana.comments({ chat_id: b.id, cursor: next_cursor }))).code).toBe("BAD_REQUEST");
  });
});

describe("chat.list and chat.badges", () => {
  it("lists the caller's chats of a tab in core's order, every chat once across pages", async () => {
    const ana = await asesor();
    // More than a page (30): the last 40 demo orders' chats.
    for (const orderId of app.fx().demo.orderIds.slice(-40))
      await ana.open({ document_type: "Order", document_id: orderId });
    const pages = await allPages((cursor) => ana.list({ tab: "Order", archived: true, cursor }));
    expect(pages.length).toBeGreaterThan(1);
    const ids = pages.flatMap((p) => p.items.map((i) => i.id));
    expect(new Set(ids).size).toBe(ids.length);
    const [count] = await queryRows<{ n: number }>(
      app.db(),
      sql`SELECT count(*)::int AS n FROM chat_members WHERE user_id = ${userId("asesor@taller.demo")} AND document_type = 'Order'`,
    );
    expect(ids.length).toBe(count?.n);
    // The database's order is core's rule (compareChats), mentions and archived chats included.
    const items = pages.flatMap((p) => p.items);
    expect(items.some((i) => i.mention > 0) && items.some((i) => !i.listed)).toBe(true);
    expect([...items].sort(compareChats).map((i) => i.id)).toEqual(ids);
  });

  it("badges sum the counters per tab and for the shell", async () => {
    const andres = await asesor();
    const badges = await andres.badges();
    const [sum] = await queryRows<{ mention: number }>(
      app.db(),
      sql`SELECT coalesce(sum(mention), 0)::int AS mention FROM chat_members WHERE user_id = ${userId("asesor@taller.demo")}`,
    );
    expect(badges.mention).toBe(sum?.mention);
    expect(badges.tabs.map((t) => t.tab)).toEqual(["Order", "Budget", "Crm"]);
  });

  it("searches title, subtitle, type and correlative", async () => {
    const chat = await freshChat();
    const ana = await admin();
    const found = await ana.list({ tab: "Order", archived: true, search: `#${chat.correlative_id}` });
    expect(found.items.map((i) => i.id)).toContain(chat.id);
    const none = await ana.list({ tab: "Order", archived: true, search: "zzzz-no-existe" });
    expect(none.items).toEqual([]);
  });
});

describe("a client's WhatsApp message", () => {
  /** What messaging's inbound webhook writes for a client message: the contact, the Client comment, the inbound row. */
  async function clientMessage(chatId: number, phone: string, clientId: number | null, text: string) {
    const companyId = app.fx().demo.companyId;
    const [contact] = await queryRows<{ id: number }>(
      app.db(),
      sql`INSERT INTO whatsapp_contacts (company_id, phone, client_id) VALUES (${companyId}, ${phone}, ${clientId})
          ON CONFLICT (company_id, phone) DO UPDATE SET client_id = EXCLUDED.client_id RETURNING id`,
    );
    const [comment] = await queryRows<{ id: number }>(
      app.db(),
      sql`INSERT INTO chat_comments (company_id, chat_id, comment, author_type) VALUES (${companyId}, ${chatId}, ${text}, 'Client') RETURNING id`,
    );
    await queryRows(
      app.db(),
      sql`INSERT INTO whatsapp_inbound (company_id, wamid, contact_id, body, received_at, comment_id)
          VALUES (${companyId}, ${`wamid.${comment?.id}`}, ${contact?.id}, ${text}, now(), ${comment?.id})`,
    );
    return comment?.id ?? 0;
  }

  it("names the client (else the phone) as its author: in the chat, in a reply's quote and in the list", async () => {
    const chat = await freshChat();
    const [client] = await queryRows<{ id: number; name: string }>(
      app.db(),
      sql`SELECT c.id, c.name FROM orders o JOIN clients c ON c.id = o.client_id WHERE o.id = ${chat.document_id}`,
    );
    if (!client) throw new Error("the demo order has no client");
    const fromClient = await clientMessage(chat.id, "+56911112222", client.id, "¿Está listo mi auto?");
    const c = await admin();
    const reply = await c.send({ chat_id: chat.id, comment: "Sí, mañana", reply_id: fromClient, client_key: key() });
    expect(reply.reply?.client_name).toBe(client.name);
    const page = await c.comments({ chat_id: chat.id });
    const received = page.comments.find((m) => m.id === fromClient);
    expect(received).toMatchObject({ author: null, author_type: "Client", client_name: client.name });
    // A staff member's message names no client.
    expect(page.comments.find((m) => m.id === reply.id)?.client_name).toBeNull();

    // An unknown number: its phone; the list's last comment names it too.
    await clientMessage(chat.id, "+56933334444", null, "Hola");
    const list = await c.list({ tab: "Order", archived: true, search: `#${chat.correlative_id}` });
    expect(list.items.find((i) => i.id === chat.id)?.last_comment?.author_name).toBe("+56933334444");
  });
});

describe("works on the chat's document", () => {
  const customWork = () => app.fx().demo.customWorkIds[0] ?? 0;
  async function addWork(orderId: number, email: string) {
    const [row] = await queryRows<{ id: number }>(
      app.db(),
      sql`INSERT INTO works (company_id, custom_work_id, user_id, document_type, document_id)
          VALUES (${app.fx().demo.companyId}, ${customWork()}, ${userId(email)}, 'Order', ${orderId}) RETURNING id`,
    );
    return row?.id ?? 0;
  }
  const ownWorks = async (chatId: number, email: string) =>
    (
      await queryRows<{ own_works: number }>(
        app.db(),
        sql`SELECT own_works FROM chat_members WHERE chat_id = ${chatId} AND user_id = ${userId(email)}`,
      )
    )[0]?.own_works ?? null;

  it("an open work makes its assignee a member with own_works, lists the chat first and shows in the works strip; completing it takes it back", async () => {
    const chat = await freshChat();
    const workId = await addWork(chat.document_id ?? 0, "asesor@taller.demo");
    expect(await ownWorks(chat.id, "asesor@taller.demo")).toBe(1);
    const items = (await (await asesor()).list({ tab: "Order", archived: true })).items;
    const at = items.findIndex((c) => c.id === chat.id);
    expect(items[at]?.own_works).toBe(1);
    // The row names the work (seed 002 section 2.2: 'a work icon and work names'); others' rows name none of theirs.
    const [named] = await queryRows<{ name: string }>(
      app.db(),
      sql`SELECT cw.name FROM works w JOIN custom_works cw ON cw.id = w.custom_work_id WHERE w.id = ${workId}`,
    );
    expect(items[at]?.work_names).toEqual([named?.name]);
    expect(items.filter((c) => c.own_works === 0).every((c) => c.work_names.length === 0)).toBe(true);
    // Only chats with own works come before it (section 4.1).
    expect(items.slice(0, at).every((c) => c.own_works > 0)).toBe(true);
    const page = await (await admin()).comments({ chat_id: chat.id });
    expect(page.current_works.map((w) => [w.id, w.user.id])).toEqual([[workId, userId("asesor@taller.demo")]]);
    await app.db().execute(sql`UPDATE works SET started_at = now(), completed_at = now() WHERE id = ${workId}`);
    expect(await ownWorks(chat.id, "asesor@taller.demo")).toBe(0);
    expect((await (await admin()).comments({ chat_id: chat.id })).current_works).toEqual([]);
  });

  it("a chat opened after its document's works counts them once", async () => {
    const orderId = app.fx().demo.orderIds[nextOrder] ?? 0;
    await addWork(orderId, "asesor@taller.demo");
    await addWork(orderId, "asesor@taller.demo").catch(() => 0); // the same open work twice is refused by the works table
    const chat = await freshChat();
    expect(chat.document_id).toBe(orderId);
    expect(await ownWorks(chat.id, "asesor@taller.demo")).toBe(1);
  });
});

describe("budget form", () => {
  const line = { description: "Cambio de pastillas", quantity: 2, unit_price: 32_990, discount: 990 };
  it("creates the budget with its message in one transaction, once per client key", async () => {
    const chat = await freshChat();
    const ana = await admin();
    const k = key();
    // The order may have the demo's budgets already: count what the two sends add.
    const budgetsOfOrder = async () =>
      (
        await queryRows<{ n: number }>(
          app.db(),
          sql`SELECT count(*)::int AS n FROM budgets WHERE order_id = ${chat.document_id}`,
        )
      )[0]?.n;
    const before = await budgetsOfOrder();
    const sent = await ana.send({ chat_id: chat.id, client_key: k, budget: { lines: [line] } });
    expect(sent.budget).toMatchObject({ total: 2 * 32_990 - 990 });
    const again = await ana.send({ chat_id: chat.id, client_key: k, budget: { lines: [line] } });
    expect(again.id).toBe(sent.id);
    expect(await budgetsOfOrder()).toBe((before ?? 0) + 1);
    const [row] = await queryRows<{ order_id: number }>(
      app.db(),
      sql`SELECT order_id FROM budgets WHERE id = ${sent.budget?.id ?? 0}`,
    );
    expect(row).toEqual({ order_id: chat.document_id });
    const page = await ana.comments({ chat_id: chat.id });
    expect(page.comments[0]?.budget?.id).toBe(sent.budget?.id);
    // The answer carries the order's budgets, newest first (seed 002 section 3.3), the new one with its status.
    const ids = await queryRows<{ id: number }>(
      app.db(),
      sql`SELECT id FROM budgets WHERE order_id = ${chat.document_id} ORDER BY id DESC`,
    );
    expect(page.budgets.map((b) => b.id)).toEqual(ids.map((r) => r.id));
    expect(page.budgets[0]).toMatchObject({ id: sent.budget?.id, total: 2 * 32_990 - 990 });
    expect(page.budgets[0]?.status.name).toBeTruthy();
    // A budget's own chat carries that budget.
    const budgetChat = await ana.open({ document_type: "Budget", document_id: sent.budget?.id ?? 0 });
    expect((await ana.comments({ chat_id: budgetChat.id })).budgets.map((b) => b.id)).toEqual([sent.budget?.id]);
    // Only an order's chat writes a budget; the refusal names the orders with the company's term.
    const refused = await failure(ana.send({ chat_id: budgetChat.id, client_key: key(), budget: { lines: [line] } }));
    expect(refused.message).toBe("Solo se crean presupuestos para órdenes de trabajo");
  });

  it("refuses without create budget and with bad lines, and writes no budget for a message that fails", async () => {
    const chat = await freshChat();
    const tecnicoSends = await failure(
      (await tecnico()).send({ chat_id: chat.id, client_key: key(), budget: { lines: [line] } }),
    );
    expect(["FORBIDDEN", "NOT_FOUND"]).toContain(tecnicoSends.code);
    const ana = await admin();
    const bad = await failure(ana.send({ chat_id: chat.id, client_key: key(), budget: { lines: [] } }));
    expect(bad.code).toBe("BAD_REQUEST");
    const before = await queryRows<{ n: number }>(app.db(), sql`SELECT count(*)::int AS n FROM budgets`);
    // A reply to a message of another chat fails the message: no budget is left behind.
    const foreignReply = await queryRows<{ id: number }>(
      app.db(),
      sql`SELECT id FROM chat_comments WHERE chat_id <> ${chat.id} LIMIT 1`,
    );
    await failure(
      ana.send({ chat_id: chat.id, client_key: key(), reply_id: foreignReply[0]?.id ?? 1, budget: { lines: [line] } }),
    );
    expect(await queryRows<{ n: number }>(app.db(), sql`SELECT count(*)::int AS n FROM budgets`)).toEqual(before);
  });
});
