// The AI assistant against a local fake OpenAI-compatible server (no network): threads, questions with a document's
// context, the stored answer or failure notice, the rate limit, and what a user may not reach.
import { ASSISTANT_MAX_QUESTION, ASSISTANT_RATE, CHAT_TEXTS } from "@taller/core";
import { queryRows } from "@taller/db";
import { createCallerFactory, type TRPCError } from "@taller/trpc";
import { useSeededApp } from "@taller/trpc/testing";
import { sql } from "drizzle-orm";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { failure } from "./failure";
import { chatRouter, configureAssistant } from "../src";

const createCaller = createCallerFactory(chatRouter);
const app = useSeededApp();
const callerFor = async (email: string) => createCaller(await app.staff(email));
const userId = (email: string) => app.fx().demo.userIds[email] ?? 0;

interface Received {
  path: string;
  authorization: string | undefined;
  body: { model: string; messages: { role: string; content: string }[] };
}

/** The fake model server: records what it is sent, answers `reply` (or fails with `status`). */
const fake = { received: [] as Received[], status: 200, reply: "Falta cambiar el filtro de aceite." };
let server: Server;
let baseUrl = "";
beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString()));
    req.on("end", () => {
      fake.received.push({
        path: req.url ?? "",
        authorization: req.headers.authorization,
        body: JSON.parse(raw) as Received["body"],
      });
      res.writeHead(fake.status, { "content-type": "application/json" });
      res.end(
        fake.status === 200
          ? JSON.stringify({ choices: [{ index: 0, message: { role: "assistant", content: fake.reply } }] })
          : '{"error":"down"}',
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  configureAssistant(null);
  await new Promise((resolve) => server?.close(resolve));
});
afterEach(() => {
  fake.received = [];
  fake.status = 200;
});
const configure = () => configureAssistant({ baseUrl: `${baseUrl}/`, apiKey: "sk-test", model: "modelo-local" });

let keys = 0;
const key = () => `assistant-${++keys}-${Date.now()}`;

/** Moves a user's questions back in time, so the rate limit of earlier tests does not carry over. */
async function ageQuestions(email: string) {
  await app.db()
    .execute(sql`UPDATE chat_comments SET created_at = created_at - interval '2 days' WHERE author_id = ${userId(email)}
    AND chat_id IN (SELECT id FROM chats WHERE document_type = 'Assistant')`);
}

describe("chat.assistant without configuration", () => {
  it("says plainly it is not configured, and stores no question", async () => {
    configureAssistant(null);
    const ana = await callerFor("admin@taller.demo");
    expect(await ana.assistant.status()).toEqual({ configured: false });
    const thread = await ana.assistant.create();
    const e = await failure(ana.assistant.ask({ chat_id: thread.id, client_key: key(), question: "hola" }));
    expect(e.code).toBe("PRECONDITION_FAILED");
    expect(e.message).toBe(CHAT_TEXTS.assistantNotConfigured);
    expect((await ana.comments({ chat_id: thread.id })).comments).toEqual([]);
  });
});

describe("chat.assistant", () => {
  it("answers a question with the document's context, stores both and names the thread", async () => {
    configure();
    const ana = await callerFor("admin@taller.demo");
    await ageQuestions("admin@taller.demo");
    expect(await ana.assistant.status()).toEqual({ configured: true });
    const orderId = app.fx().demo.orderIds[0] ?? 0;
    const chat = await ana.open({ document_type: "Order", document_id: orderId });
    await ana.send({
      chat_id: chat.id,
      client_key: key(),
      comment: `Revisar frenos (user:${userId("asesor@taller.demo")})`,
    });

    const thread = await ana.assistant.create();
    expect(thread.document_type).toBe("Assistant");
    expect((await ana.assistant.create()).id).toBe(thread.id); // an empty thread is reused
    const { question, answer } = await ana.assistant.ask({
      chat_id: thread.id,
      client_key: key(),
      question: "  ¿Qué falta en esta orden?  ",
      context: { document_type: "Order", document_id: orderId },
    });
    expect(question.comment).toBe("¿Qué falta en esta orden?");
    expect(answer).toMatchObject({ author_type: "Assistant", comment: fake.reply, author: null });

    const [sent] = fake.received;
    expect(sent?.path).toBe("/v1/chat/completions");
    expect(sent?.authorization).toBe("Bearer sk-test");
    expect(sent?.body.model).toBe("modelo-local");
    expect(sent?.body.messages.at(-1)).toEqual({ role: "user", content: "¿Qué falta en esta orden?" });
    const context = sent?.body.messages.find((m) => m.content.startsWith("Documento: Orden"))?.content ?? "";
    expect(context).toContain(`#${chat.correlative_id}`);
    expect(context).toContain("Revisar frenos @"); // the document chat's messages, mentions as names
    expect(context).not.toContain("(user:");

    const page = await ana.comments({ chat_id: thread.id });
    expect(page.comments.map((c) => c.author_type)).toEqual(["Assistant", "User"]);
    const [listed] = await ana.assistant.threads();
    expect(listed).toMatchObject({ id: thread.id, title: "¿Qué falta en esta orden?" });
    expect(listed?.subtitle).toContain("Orden #");

    // A follow-up carries the thread so far; a new thread starts after a used one.
    fake.reply = "Sí, también las pastillas.";
    await ana.assistant.ask({ chat_id: thread.id, client_key: key(), question: "¿Y los frenos?" });
    const roles = fake.received[1]?.body.messages.map((m) => m.role);
    expect(roles).toEqual(["system", "user", "assistant", "user"]);
    expect((await ana.assistant.create()).id).not.toBe(thread.id);
  });

  it("a retry with the same key answers the first question without asking the model again", async () => {
    configure();
    const ana = await callerFor("admin@taller.demo");
    await ageQuestions("admin@taller.demo");
    const thread = await ana.assistant.create();
    const k = key();
    const first = await ana.assistant.ask({ chat_id: thread.id, client_key: k, question: "¿Horario?" });
    const again = await ana.assistant.ask({ chat_id: thread.id, client_key: k, question: "¿Horario?" });
    expect(again.question.id).toBe(first.question.id);
    expect(again.answer?.id).toBe(first.answer?.id);
    expect(fake.received).toHaveLength(1);
  });

  it("a failing model leaves a System notice in the thread, and the thread takes the next question", async () => {
    configure();
    const ana = await callerFor("admin@taller.demo");
    await ageQuestions("admin@taller.demo");
    const thread = await ana.assistant.create();
    fake.status = 500;
    const failed = await ana.assistant.ask({ chat_id: thread.id, client_key: key(), question: "¿Hola?" });
    expect(failed.answer).toMatchObject({ author_type: "System", comment: CHAT_TEXTS.assistantFailed });
    fake.status = 200;
    const ok = await ana.assistant.ask({ chat_id: thread.id, client_key: key(), question: "¿Hola otra vez?" });
    expect(ok.answer?.author_type).toBe("Assistant");
    // The notice is not sent to the model as part of the conversation.
    expect(fake.received.at(-1)?.body.messages.some((m) => m.content === CHAT_TEXTS.assistantFailed)).toBe(false);
  });

  it("refuses a second question while the first is unanswered", async () => {
    configure();
    const ana = await callerFor("admin@taller.demo");
    await ageQuestions("admin@taller.demo");
    const thread = await ana.assistant.create();
    // An unanswered question of a moment ago (the model is still at it).
    await app.db().execute(sql`INSERT INTO chat_comments (company_id, chat_id, comment, author_type, author_id)
      VALUES (${app.fx().demo.companyId}, ${thread.id}, 'pendiente', 'User', ${userId("admin@taller.demo")})`);
    const e = await failure(ana.assistant.ask({ chat_id: thread.id, client_key: key(), question: "¿Y ahora?" }));
    expect(e.code).toBe("CONFLICT");
    expect(e.message).toBe(CHAT_TEXTS.assistantBusy);
    expect(fake.received).toHaveLength(0);
  });

  it(`allows ${ASSISTANT_RATE.perMinute} questions a minute per user, also in parallel`, async () => {
    configure();
    const pablo = await callerFor("asesor@taller.demo");
    await ageQuestions("asesor@taller.demo");
    const threads = [];
    for (let i = 0; i < ASSISTANT_RATE.perMinute + 2; i++) {
      const t = await pablo.assistant.create();
      threads.push(t);
      // A thread is reused while empty: give each one a question's worth of history, aged out of the window.
      await app.db()
        .execute(sql`INSERT INTO chat_comments (company_id, chat_id, comment, author_type, author_id, created_at)
        VALUES (${app.fx().demo.companyId}, ${t.id}, 'antigua', 'User', ${userId("asesor@taller.demo")}, now() - interval '3 days')`);
    }
    const results = await Promise.allSettled(
      threads.map((t) => pablo.assistant.ask({ chat_id: t.id, client_key: key(), question: "¿Cuánto cuesta?" })),
    );
    const refused = results.filter((r) => r.status === "rejected");
    expect(results.length - refused.length).toBe(ASSISTANT_RATE.perMinute);
    for (const r of refused) expect((r.reason as TRPCError).message).toBe(CHAT_TEXTS.assistantRateLimited);
    expect(fake.received).toHaveLength(ASSISTANT_RATE.perMinute);
  });

  it("caps the question's length", async () => {
    configure();
    const ana = await callerFor("admin@taller.demo");
    const thread = await ana.assistant.create();
    const e = await failure(
      ana.assistant.ask({ chat_id: thread.id, client_key: key(), question: "x".repeat(ASSISTANT_MAX_QUESTION + 1) }),
    );
    expect(e.code).toBe("BAD_REQUEST");
  });
});

describe("chat.assistant as an attacker", () => {
  it("another user cannot read, ask in or list someone's thread; chat.send cannot post in a thread", async () => {
    configure();
    const ana = await callerFor("admin@taller.demo");
    await ageQuestions("admin@taller.demo");
    const thread = await ana.assistant.create();
    await ana.assistant.ask({ chat_id: thread.id, client_key: key(), question: "Mi pregunta privada" });
    const tomas = await callerFor("tecnico@taller.demo");
    expect((await failure(tomas.comments({ chat_id: thread.id }))).code).toBe("NOT_FOUND");
    expect((await failure(tomas.get({ chat_id: thread.id }))).code).toBe("NOT_FOUND");
    expect((await failure(tomas.assistant.ask({ chat_id: thread.id, client_key: key(), question: "hola" }))).code).toBe(
      "NOT_FOUND",
    );
    expect((await tomas.assistant.threads()).map((t) => t.id)).not.toContain(thread.id);
    const e = await failure(
      ana.send({ chat_id: thread.id, client_key: key(), comment: `hola (user:${userId("tecnico@taller.demo")})` }),
    );
    expect(e.code).toBe("BAD_REQUEST");
    // A document's chat is not a thread.
    const chat = await ana.open({ document_type: "Order", document_id: app.fx().demo.orderIds[0] ?? 0 });
    expect((await failure(ana.assistant.ask({ chat_id: chat.id, client_key: key(), question: "hola" }))).code).toBe(
      "NOT_FOUND",
    );
  });

  it("a document of another company, or one the user may not read, is NOT_FOUND and never reaches the model", async () => {
    configure();
    const other = await callerFor("admin@otro.demo");
    const thread = await other.assistant.create();
    const foreign = await failure(
      other.assistant.ask({
        chat_id: thread.id,
        client_key: key(),
        question: "¿Qué dice?",
        context: { document_type: "Order", document_id: app.fx().demo.orderIds[0] ?? 0 },
      }),
    );
    expect(foreign.code).toBe("NOT_FOUND");

    // The technician reads only the orders he received or is assigned.
    const tecnico = userId("tecnico@taller.demo");
    const [notHis] = await queryRows<{ id: number }>(
      app.db(),
      sql`SELECT id FROM orders WHERE company_id = ${app.fx().demo.companyId} AND user_id IS DISTINCT FROM ${tecnico} AND assignee_id IS DISTINCT FROM ${tecnico} LIMIT 1`,
    );
    expect(notHis).toBeDefined();
    const tomas = await callerFor("tecnico@taller.demo");
    const own = await tomas.assistant.create();
    const refused = await failure(
      tomas.assistant.ask({
        chat_id: own.id,
        client_key: key(),
        question: "¿Qué dice?",
        context: { document_type: "Order", document_id: notHis?.id ?? 0 },
      }),
    );
    expect(refused.code).toBe("NOT_FOUND");
    expect(fake.received).toHaveLength(0);
    expect((await tomas.comments({ chat_id: own.id })).comments).toEqual([]);
  });
});
