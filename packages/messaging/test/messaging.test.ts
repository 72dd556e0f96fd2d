import { NOTIFICATION_KINDS, WHATSAPP_TEXTS } from "@taller/core";
import {
  bookings,
  chatComments,
  chats,
  notificationTemplates,
  queryRows,
  whatsappInbound,
  whatsappMessages,
} from "@taller/db";
import { createCallerFactory, runJob, TRPCError } from "@taller/trpc";
import { useSeededApp } from "@taller/trpc/testing";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  companyForWebhookKey,
  configureMessaging,
  gupshupAdapter,
  localAdapter,
  messagingRouter,
  receiveWebhook,
  templateSyncJob,
  webhookSchema,
} from "../src";
import { startFakeGupshup, type FakeGupshup } from "./fake-gupshup";

const createCaller = createCallerFactory(messagingRouter);
const app = useSeededApp();
let gupshup: FakeGupshup;
let webhookKey = "";
const PHONE = "56987654321";

beforeAll(async () => {
  // These tests configure Taller Demo from nothing: the demo seed's WhatsApp rows go first.
  const demoId = app.fx().demo.companyId;
  for (const table of [
    "whatsapp_messages",
    "whatsapp_inbound",
    "whatsapp_contacts",
    "notification_templates",
    "whatsapp_configs",
  ]) {
    await queryRows(app.db(), sql`DELETE FROM ${sql.identifier(table)} WHERE company_id = ${demoId}`);
  }
  gupshup = await startFakeGupshup();
  configureMessaging(gupshupAdapter({ baseUrl: gupshup.url, partnerToken: gupshup.partnerToken }));
  return async () => {
    configureMessaging(localAdapter);
    await gupshup.close();
  };
});

const manager = () => createCaller({ ...app.anonymous(), managerSession: { id: "m1", managerUserId: 1 } });
const staff = async () => createCaller(await app.staff("admin@taller.demo"));

async function failure(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

/** A demo Order chat whose order has a client, with the client's phone set. */
async function chatWithClient() {
  const [row] = await queryRows<{ chat_id: number; client_id: number; order_id: number }>(
    app.db(),
    sql`SELECT ch.id AS chat_id, o.client_id, o.id AS order_id FROM chats ch JOIN orders o ON o.company_id = ch.company_id AND o.id = ch.document_id
        WHERE ch.company_id = ${app.fx().demo.companyId} AND ch.document_type = 'Order' AND o.client_id IS NOT NULL ORDER BY ch.id LIMIT 1`,
  );
  if (!row) throw new Error("no demo chat with a client");
  await queryRows(
    app.db(),
    sql`UPDATE clients SET phone = '+56 9 8765 4321' WHERE company_id = ${app.fx().demo.companyId} AND id = ${row.client_id}`,
  );
  return row;
}

/** The client's last message was this long ago. */
async function lastInbound(ago: string) {
  await queryRows(
    app.db(),
    sql`INSERT INTO whatsapp_contacts (company_id, phone, last_inbound_at) VALUES (${app.fx().demo.companyId}, ${PHONE}, now() - ${ago}::interval)
        ON CONFLICT (company_id, phone) DO UPDATE SET last_inbound_at = EXCLUDED.last_inbound_at`,
  );
}

function inbound(id: string, text: string, at = new Date()) {
  return webhookSchema.parse({
    entry: [
      {
        changes: [
          {
            field: "messages",
            value: {
              messages: [
                {
                  from: PHONE,
                  id,
                  timestamp: String(Math.floor(at.getTime() / 1000)),
                  type: "text",
                  text: { body: text },
                },
              ],
            },
          },
        ],
      },
    ],
  });
}

describe("manager: configuration and templates against the fake Gupshup", () => {
  it("refuses staff sessions", async () => {
    const caller = createCaller(await app.staff("admin@taller.demo"));
    expect((await failure(caller.apps())).code).toBe("UNAUTHORIZED");
  });

  it("lists the provider's apps, accounts and phones (verified name and display number)", async () => {
    const m = manager();
    expect(await m.apps()).toEqual([{ id: "app-1", name: "Taller WhatsApp", live: true }]);
    expect(await m.accounts({ app_id: "app-1" })).toEqual([{ id: "waba-1", name: "waba-1" }]);
    expect(await m.phones({ app_id: "app-1", account_id: "waba-1" })).toEqual([
      { id: "56911112222", verified_name: "Taller Demo", display_number: "+56911112222" },
    ]);
    // The partner token never travels to an app call; app calls carry the app token.
    expect(gupshup.requests.find((r) => r.path.endsWith("/waba/info"))?.authorization).toBe("sk_app_token");
  });

  it("saves the configuration with the provider's phone, and answers the webhook key once", async () => {
    const m = manager();
    const { demo } = app.fx();
    const refused = await failure(
      m.saveConfig({
        company_id: demo.companyId,
        gupshup_app_id: "app-1",
        account_id: "waba-1",
        phone_id: "56900000000",
        active: true,
      }),
    );
    expect(refused.message).toBe(WHATSAPP_TEXTS.choosePhone);
    const saved = await m.saveConfig({
      company_id: demo.companyId,
      gupshup_app_id: "app-1",
      account_id: "waba-1",
      phone_id: "56911112222",
      active: true,
    });
    expect(saved).toMatchObject({ verified_name: "Taller Demo", display_number: "+56911112222", active: true });
    expect(saved.webhook_key).toMatch(/^[\w-]{12}\.[\w-]{32}$/);
    webhookKey = saved.webhook_key ?? "";
    const again = await m.saveConfig({
      company_id: demo.companyId,
      gupshup_app_id: "app-1",
      account_id: "waba-1",
      phone_id: "56911112222",
      active: true,
    });
    expect(again.webhook_key).toBeNull();
    // One app serves one company.
    const other = await failure(
      m.saveConfig({
        company_id: app.fx().other.companyId,
        gupshup_app_id: "app-1",
        account_id: "waba-1",
        phone_id: "56911112222",
        active: true,
      }),
    );
    expect(other.code).toBe("CONFLICT");
  });

  it("submits a template with two variables; the sync and the provider's events move its status", async () => {
    const m = manager();
    const { demo } = app.fx();
    const saved = await m.saveTemplate({
      company_id: demo.companyId,
      notification: "booking_reminder",
      name: "Recordatorio de reserva",
      answer_type: "boolean",
      text: "Hola {{1}}, le recordamos su reserva del {{2}}. ¿Confirma? Responda Si o No",
      show_order: false,
      show_budget: false,
      whatsapp_active: true,
      fills: ["Ana", "01-12-2026"],
    });
    expect(saved.whatsapp_status).toBe("submitted");
    const submission = gupshup.requests.find((r) => r.method === "POST" && r.path.endsWith("/templates"));
    const form = new URLSearchParams(submission?.body);
    expect(form.get("example")).toBe("Hola Ana, le recordamos su reserva del 01-12-2026. ¿Confirma? Responda Si o No");
    const [id] = [...gupshup.templates.keys()];
    gupshup.templates.set(id ?? "", { elementName: "x", status: "APPROVED" });
    const run = await runJob({ db: app.db(), bus: app.bus() }, templateSyncJob);
    expect(run).toMatchObject({ ran: true, result: { updated: 1 } });
    const rows = await m.notifications({ company_id: demo.companyId });
    expect(rows.find((r) => r.notification === "booking_reminder")?.template?.whatsapp_status).toBe("approved");
    expect(rows).toHaveLength(Object.keys(NOTIFICATION_KINDS).length);

    await receiveWebhook(
      { db: app.db(), bus: app.bus() },
      demo.companyId,
      webhookSchema.parse({
        type: "template-event",
        payload: { id, status: "REJECTED", rejectedReason: "INVALID_FORMAT" },
      }),
    );
    const [rejected] = await app
      .db()
      .select()
      .from(notificationTemplates)
      .where(eq(notificationTemplates.providerTemplateId, id ?? ""));
    expect(rejected).toMatchObject({ whatsappStatus: "rejected", statusReason: "INVALID_FORMAT" });
    await receiveWebhook(
      { db: app.db(), bus: app.bus() },
      demo.companyId,
      webhookSchema.parse({ type: "template-event", payload: { id, status: "APPROVED" } }),
    );
  });

  it("refuses a template without its examples, with the spec's message on the field", async () => {
    const error = await failure(
      manager().saveTemplate({
        company_id: app.fx().demo.companyId,
        notification: "order_received",
        name: "Orden",
        answer_type: "",
        text: "Hola {{1}}",
        fills: [],
      } as never),
    );
    expect(
      (error.cause as { fieldErrors?: Record<string, string[]> } | undefined)?.fieldErrors ?? error.message,
    ).toBeTruthy();
  });
});

describe("the chat's WhatsApp option and the 24-hour rule", () => {
  it("says the plan lacks WhatsApp for a company without a configuration", async () => {
    const other = createCaller(await app.staff("admin@otro.demo"));
    const [chat] = await queryRows<{ id: number }>(
      app.db(),
      sql`SELECT id FROM chats WHERE company_id = ${app.fx().other.companyId} AND document_type <> 'Assistant' LIMIT 1`,
    );
    if (!chat) return;
    expect((await other.conversation({ chat_id: chat.id })).plan).toBe(false);
    expect(
      (await failure(other.send({ kind: "text", chat_id: chat.id, client_key: "plan-test-1", text: "Hola" }))).message,
    ).toBe(WHATSAPP_TEXTS.notInPlan);
  });

  it("never sends free text before the client wrote, nor after 24 hours; templates go out", async () => {
    const { chat_id } = await chatWithClient();
    const caller = await staff();
    const before = gupshup.requests.length;
    const c = await caller.conversation({ chat_id });
    expect(c).toMatchObject({ plan: true, phone: PHONE, window: { state: "none" } });
    expect(c.templates.map((t) => t.placeholders)).toEqual([2]);
    expect(
      (await failure(caller.send({ kind: "text", chat_id, client_key: "none-window-1", text: "Hola" }))).message,
    ).toBe(WHATSAPP_TEXTS.noConversation);
    // The client wrote exactly 24 hours ago: closed.
    await lastInbound("24 hours");
    expect((await caller.conversation({ chat_id })).window.state).toBe("closed");
    expect(
      (await failure(caller.send({ kind: "text", chat_id, client_key: "closed-window-1", text: "Hola" }))).message,
    ).toBe(
      "Han pasado más de 24 horas desde el último mensaje del cliente: solo se puede enviar una plantilla aprobada",
    );
    expect(gupshup.requests.length, "nothing reached the provider").toBe(before);
    const template = c.templates[0];
    const sent = await caller.send({
      kind: "template",
      chat_id,
      client_key: "template-send-1",
      template_id: template?.id ?? 0,
      variables: ["Ana", "lunes"],
    });
    expect(sent.status).toBe("sent");
    const body = JSON.parse(gupshup.requests.at(-1)?.body ?? "{}") as { type: string; to: string };
    expect(body).toMatchObject({ type: "template", to: PHONE });
    // A retry with the same key answers the same message.
    const retry = await caller.send({
      kind: "template",
      chat_id,
      client_key: "template-send-1",
      template_id: template?.id ?? 0,
      variables: ["Ana", "lunes"],
    });
    expect(retry.id).toBe(sent.id);
    // 23 h 59 min after the client's last message: free text is allowed.
    await lastInbound("23 hours 59 minutes");
    expect(
      (await caller.send({ kind: "text", chat_id, client_key: "open-window-1", text: "Su auto está listo" })).status,
    ).toBe("sent");
    const outbox = await caller.outbox({ chat_id });
    expect(outbox.map((m) => m.kind)).toEqual(["text", "template"]);
  });

  it("the local default records and never says delivered", async () => {
    const { chat_id } = await chatWithClient();
    configureMessaging(localAdapter);
    try {
      const sent = await (
        await staff()
      ).send({ kind: "text", chat_id, client_key: "local-send-01", text: "Hola local" });
      expect(sent.status).toBe("recorded");
      const [row] = await app.db().select().from(whatsappMessages).where(eq(whatsappMessages.id, sent.id));
      expect(row).toMatchObject({ status: "recorded", providerMessageId: null });
    } finally {
      configureMessaging(gupshupAdapter({ baseUrl: gupshup.url, partnerToken: gupshup.partnerToken }));
    }
  });
});

describe("inbound webhooks", () => {
  it("knows the company only by its exact key", async () => {
    expect(await companyForWebhookKey(app.db(), webhookKey)).toBe(app.fx().demo.companyId);
    const [selector] = webhookKey.split(".");
    expect(await companyForWebhookKey(app.db(), `${selector}.${"A".repeat(32)}`)).toBeNull();
    expect(await companyForWebhookKey(app.db(), "nope")).toBeNull();
  });

  it("a client message becomes a Client comment once, however often it is delivered, and opens the window", async () => {
    const { chat_id } = await chatWithClient();
    const ctx = { db: app.db(), bus: app.bus() };
    const companyId = app.fx().demo.companyId;
    const first = await receiveWebhook(ctx, companyId, inbound("wamid.in-1", "Gracias, paso mañana"));
    const second = await receiveWebhook(ctx, companyId, inbound("wamid.in-1", "Gracias, paso mañana"));
    expect(first).toMatchObject({ messages: 1, duplicates: 0 });
    expect(second).toMatchObject({ messages: 0, duplicates: 1 });
    const comments = await app
      .db()
      .select()
      .from(chatComments)
      .where(and(eq(chatComments.chatId, chat_id), eq(chatComments.authorType, "Client")));
    expect(comments.filter((c) => c.comment === "Gracias, paso mañana")).toHaveLength(1);
    expect(await app.db().select().from(whatsappInbound).where(eq(whatsappInbound.wamid, "wamid.in-1"))).toHaveLength(
      1,
    );
    expect((await (await staff()).conversation({ chat_id })).window.state).toBe("open");
  });

  it("'Responder por WhatsApp' names the client's message as the reply reference, only within its 24 h", async () => {
    const { chat_id } = await chatWithClient();
    const ctx = { db: app.db(), bus: app.bus() };
    const companyId = app.fx().demo.companyId;
    const caller = await staff();
    const commentOf = async (wamid: string) => {
      const [row] = await app.db().select().from(whatsappInbound).where(eq(whatsappInbound.wamid, wamid));
      return row?.commentId ?? 0;
    };
    await receiveWebhook(
      ctx,
      companyId,
      inbound("wamid.reply-old", "¿Tienen hora?", new Date(Date.now() - 25 * 3600_000)),
    );
    await receiveWebhook(ctx, companyId, inbound("wamid.reply-new", "¿Y el sábado?"));
    const sentContext = async (reply_to: number, client_key: string) => {
      await caller.send({ kind: "text", chat_id, client_key, text: "Sí, a las 10", reply_to });
      return (JSON.parse(gupshup.requests.at(-1)?.body ?? "{}") as { context?: unknown }).context;
    };
    expect(await sentContext(await commentOf("wamid.reply-new"), "reply-context-1")).toEqual({
      message_id: "wamid.reply-new",
    });
    expect(await sentContext(await commentOf("wamid.reply-old"), "reply-context-2")).toBeUndefined();
  });

  it("applies status events forward only (read, then a late delivered)", async () => {
    const [m] = await app.db().select().from(whatsappMessages).where(eq(whatsappMessages.status, "sent")).limit(1);
    const providerId = m?.providerMessageId ?? "";
    const ctx = { db: app.db(), bus: app.bus() };
    const status = (s: string) =>
      webhookSchema.parse({ entry: [{ changes: [{ value: { statuses: [{ id: providerId, status: s }] } }] }] });
    expect((await receiveWebhook(ctx, app.fx().demo.companyId, status("read"))).statuses).toBe(1);
    expect((await receiveWebhook(ctx, app.fx().demo.companyId, status("delivered"))).statuses).toBe(0);
    const [after] = await app
      .db()
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.id, m?.id ?? 0));
    expect(after?.status).toBe("read");
    // Another company's webhook cannot touch it.
    expect((await receiveWebhook(ctx, app.fx().other.companyId, status("failed"))).statuses).toBe(0);
  });

  it("'Si' to a booking reminder confirms the booking, in the booking's chat the chat package opens", async () => {
    const { demo } = app.fx();
    const [booking] = await queryRows<{ id: number; client_id: number }>(
      app.db(),
      sql`SELECT id, client_id FROM bookings WHERE company_id = ${demo.companyId} AND client_id IS NOT NULL AND NOT confirmed AND NOT rescheduled AND NOT non_attendance AND order_id IS NULL LIMIT 1`,
    );
    if (!booking) throw new Error("no open demo booking");
    await queryRows(
      app.db(),
      sql`UPDATE clients SET phone = '+56 9 5555 0001' WHERE company_id = ${demo.companyId} AND id = ${booking.client_id}`,
    );
    const { bookingReminderJob } = await import("../src");
    // The reminder job takes bookings starting within 24 hours: move this one to 20 hours from now, off any
    // professional.
    await queryRows(
      app.db(),
      sql`UPDATE bookings SET user_id = NULL, booking_date = (now() AT TIME ZONE 'America/Santiago' + interval '20 hours')::date, booking_time = (now() AT TIME ZONE 'America/Santiago' + interval '20 hours')::time WHERE id = ${booking.id}`,
    );
    const run = await runJob({ db: app.db(), bus: app.bus() }, bookingReminderJob(app.db()));
    expect(run.ran && run.result.queued).toBeGreaterThanOrEqual(1);
    const again = await runJob({ db: app.db(), bus: app.bus() }, bookingReminderJob(app.db()));
    expect(again.ran && again.result.queued).toBe(0);
    const reply = webhookSchema.parse({
      entry: [
        {
          changes: [
            {
              value: {
                messages: [
                  {
                    from: "56955550001",
                    id: "wamid.si-1",
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    text: { body: "Sí" },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    // Nobody opened the booking's chat: the reply opens it, titled from the booking as chat.open would.
    await app
      .db()
      .delete(chats)
      .where(
        and(eq(chats.companyId, demo.companyId), eq(chats.documentType, "Booking"), eq(chats.documentId, booking.id)),
      );
    await receiveWebhook({ db: app.db(), bus: app.bus() }, demo.companyId, reply);
    const [after] = await app
      .db()
      .select({ confirmed: bookings.confirmed })
      .from(bookings)
      .where(eq(bookings.id, booking.id));
    expect(after?.confirmed).toBe(true);
    const [chat] = await app
      .db()
      .select({ id: chats.id, title: chats.title, listed: chats.listed })
      .from(chats)
      .where(
        and(eq(chats.companyId, demo.companyId), eq(chats.documentType, "Booking"), eq(chats.documentId, booking.id)),
      );
    expect(chat?.title).toBeTruthy();
    expect(chat?.listed).toBe(true);
    const said = await app
      .db()
      .select({ comment: chatComments.comment })
      .from(chatComments)
      .where(and(eq(chatComments.chatId, chat?.id ?? 0), eq(chatComments.authorType, "Client")));
    expect(said).toEqual([{ comment: "Sí" }]);
  });
});
