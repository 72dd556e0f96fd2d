// The documents' notifications (booking confirmation, order received, budget ready, payment link): what the
// `notification.requested` event makes of a document, with the local adapter (messages recorded, never sent).
// The domains' side (which write emits the event) is tested in their packages.
import {
  DOCUMENT_NOTIFICATIONS,
  formatDay,
  formatMoney,
  NOTIFICATION_VALUES,
  type DocumentNotification,
} from "@taller/core";
import {
  bookings,
  documentTokens,
  notificationTemplates,
  paymentClientToken,
  queryRows,
  whatsappMessages,
} from "@taller/db";
import { createCallerFactory, runJob, sha256 } from "@taller/trpc";
import { useSeededApp } from "@taller/trpc/testing";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  bookingReminderJob,
  CATCH_UP_AFTER_MS,
  handleNotificationRequest,
  messagingRouter,
  notificationCatchUpJob,
  notificationKey,
  receiveWebhook,
  startNotificationDelivery,
  webhookSchema,
} from "../src";

const app = useSeededApp();
const PUBLIC_URL = "https://taller.example/";
const log = { info: () => undefined, warn: () => undefined };
const deps = () => ({ db: app.db(), bus: app.bus(), publicUrl: PUBLIC_URL, log });
const demoId = () => app.fx().demo.companyId;

/** One {{n}} per value of the notification: every value shows where it lands. */
const TEXTS: Record<DocumentNotification, string> = {
  booking_confirmation: "Hola {{1}}, su reserva quedó el {{2}} a las {{3}} ({{4}}). ¿Confirma? Responda Si o No",
  order_received: "Hola {{1}}, recibimos su vehículo {{2}}: orden N° {{3}} ({{4}}).",
  budget_ready: "Hola {{1}}, el presupuesto N° {{3}} de su vehículo {{2}} está listo, por {{4}}: {{5}}",
  payment_link: "Hola {{1}}, el cobro de su vehículo {{2}} es de {{3}}. Pague aquí: {{4}}",
};

async function setTemplate(notification: DocumentNotification, status: string | null, companyId = demoId()) {
  const fills = NOTIFICATION_VALUES[notification].map((_, i) => `v${i + 1}`);
  await queryRows(
    app.db(),
    sql`INSERT INTO notification_templates (company_id, notification, name, answer_type, text, fills, whatsapp_active, whatsapp_status, provider_template_id)
        VALUES (${companyId}, ${notification}, ${notification}, ${notification === "booking_confirmation" ? "boolean" : ""}, ${TEXTS[notification]},
                ${`{${fills.join(",")}}`}::text[], true, ${status}, ${`local:${companyId}:${notification}`})
        ON CONFLICT (company_id, notification) DO UPDATE SET text = EXCLUDED.text, answer_type = EXCLUDED.answer_type, fills = EXCLUDED.fills,
          whatsapp_status = EXCLUDED.whatsapp_status, whatsapp_active = true, provider_template_id = EXCLUDED.provider_template_id`,
  );
}

const setPhone = (clientId: number, phone: string | null) =>
  queryRows(app.db(), sql`UPDATE clients SET phone = ${phone} WHERE company_id = ${demoId()} AND id = ${clientId}`);

/** An open, unconfirmed demo booking with a client that no WhatsApp message was about yet. */
async function openBooking() {
  const [b] = await queryRows<{ id: number; client_id: number }>(
    app.db(),
    sql`SELECT b.id, b.client_id FROM bookings b WHERE b.company_id = ${demoId()} AND b.client_id IS NOT NULL
          AND NOT b.confirmed AND NOT b.rescheduled AND NOT b.non_attendance AND b.order_id IS NULL
          AND NOT EXISTS (SELECT 1 FROM whatsapp_messages m WHERE m.company_id = b.company_id AND m.document_type = 'Booking' AND m.document_id = b.id)
        ORDER BY b.id LIMIT 1`,
  );
  if (!b) throw new Error("no open demo booking");
  return b;
}

/** A demo document of each notification, its client, and the values the message must carry, read independently. */
async function documentOf(
  notification: DocumentNotification,
): Promise<{ id: number; clientId: number; values: string[]; documentType: string; documentId: number }> {
  const companyId = demoId();
  switch (notification) {
    case "booking_confirmation": {
      const { id } = await openBooking();
      const [r] = await queryRows<{ client_id: number; name: string; day: string; time: string; plate: string | null }>(
        app.db(),
        sql`SELECT b.client_id, c.name, b.booking_date::text AS day, to_char(b.booking_time, 'HH24:MI') AS time, v.identifier AS plate
            FROM bookings b JOIN clients c ON c.id = b.client_id LEFT JOIN vehicles v ON v.id = b.vehicle_id WHERE b.id = ${id}`,
      );
      if (!r) throw new Error("booking");
      return {
        id,
        clientId: r.client_id,
        values: [r.name, formatDay(r.day), r.time, r.plate ?? "-"],
        documentType: "Booking",
        documentId: id,
      };
    }
    case "order_received": {
      const [r] = await queryRows<{
        id: number;
        client_id: number;
        name: string;
        plate: string | null;
        n: number;
        requirement: string | null;
      }>(
        app.db(),
        sql`SELECT o.id, o.client_id, c.name, v.identifier AS plate, o.correlative_id AS n, r.name AS requirement
            FROM orders o JOIN clients c ON c.id = o.client_id LEFT JOIN vehicles v ON v.id = o.vehicle_id LEFT JOIN requirements r ON r.id = o.requirement_id
            WHERE o.company_id = ${companyId} ORDER BY o.id LIMIT 1`,
      );
      if (!r) throw new Error("order");
      return {
        id: r.id,
        clientId: r.client_id,
        values: [r.name, r.plate ?? "-", String(r.n), r.requirement ?? "-"],
        documentType: "Order",
        documentId: r.id,
      };
    }
    case "budget_ready": {
      const [r] = await queryRows<{
        id: number;
        client_id: number;
        name: string;
        plate: string | null;
        n: number;
        total: number;
      }>(
        app.db(),
        sql`SELECT b.id, o.client_id, c.name, v.identifier AS plate, b.correlative_id AS n, b.total
            FROM budgets b JOIN orders o ON o.id = b.order_id JOIN clients c ON c.id = o.client_id LEFT JOIN vehicles v ON v.id = o.vehicle_id
            WHERE b.company_id = ${companyId} ORDER BY b.id LIMIT 1`,
      );
      if (!r) throw new Error("budget");
      // The link is random-looking: checked on its own below.
      return {
        id: r.id,
        clientId: r.client_id,
        values: [r.name, r.plate ?? "-", String(r.n), formatMoney(r.total)],
        documentType: "Budget",
        documentId: r.id,
      };
    }
    case "payment_link": {
      const [r] = await queryRows<{
        id: number;
        client_id: number;
        name: string;
        plate: string | null;
        total: number;
        order_id: number;
        budget_id: number | null;
      }>(
        app.db(),
        sql`SELECT p.id, p.client_id, c.name, p.vehicle_identifier AS plate, p.total, p.order_id, p.budget_id
            FROM payment_requests p JOIN clients c ON c.id = p.client_id WHERE p.company_id = ${companyId} AND p.total > 0 ORDER BY p.id LIMIT 1`,
      );
      if (!r) throw new Error("payment request");
      // The demo's requests are the test checkout's, whose links are never sent: this one is made a real one.
      await queryRows(app.db(), sql`UPDATE payment_requests SET provider = 'mercadopago' WHERE id = ${r.id}`);
      const link = `https://taller.example/client/payment?token=${await paymentClientToken(app.db(), companyId, r.id)}`;
      return {
        id: r.id,
        clientId: r.client_id,
        values: [r.name, r.plate ?? "-", formatMoney(r.total), link],
        documentType: r.budget_id === null ? "Order" : "Budget",
        documentId: r.budget_id ?? r.order_id,
      };
    }
  }
}

const request = (notification: DocumentNotification, documentId: number, companyId = demoId()) =>
  handleNotificationRequest(deps(), {
    type: "notification.requested",
    companyId,
    payload: { notification, documentId },
  });

const messagesOf = (notification: DocumentNotification, documentId: number, companyId = demoId()) =>
  app
    .db()
    .select()
    .from(whatsappMessages)
    .where(
      and(
        eq(whatsappMessages.companyId, companyId),
        eq(whatsappMessages.dedupeKey, notificationKey(notification, documentId)),
      ),
    );

beforeAll(async () => {
  for (const n of DOCUMENT_NOTIFICATIONS) await setTemplate(n, "approved");
});

describe.each(DOCUMENT_NOTIFICATIONS)("%s", (notification) => {
  it("goes out once, with the company's approved template and its values in the documented order", async () => {
    const doc = await documentOf(notification);
    await setPhone(doc.clientId, "+56 9 7000 0001");
    const first = await request(notification, doc.id);
    expect(first).toHaveProperty("queued");
    // Twice (a second process hearing the event, a re-run): nothing more.
    expect(await request(notification, doc.id)).toEqual({ skipped: "duplicate" });
    const [message, ...more] = await messagesOf(notification, doc.id);
    expect(more).toEqual([]);
    const [template] = await app
      .db()
      .select()
      .from(notificationTemplates)
      .where(and(eq(notificationTemplates.companyId, demoId()), eq(notificationTemplates.notification, notification)));
    expect(message).toMatchObject({
      kind: "template",
      templateId: template?.id,
      status: "recorded",
      documentType: doc.documentType,
      documentId: doc.documentId,
    });
    expect(message?.variables.slice(0, doc.values.length)).toEqual(doc.values);
    expect(message?.variables).toHaveLength(NOTIFICATION_VALUES[notification].length);
    expect(message?.body).toContain(doc.values[0]);
  });

  it("is not sent without a phone, an approved template or the plan, and the answer says why", async () => {
    const doc = await documentOf(notification);
    await queryRows(
      app.db(),
      sql`DELETE FROM whatsapp_messages WHERE company_id = ${demoId()} AND dedupe_key = ${notificationKey(notification, doc.id)}`,
    );
    await setPhone(doc.clientId, null);
    expect(await request(notification, doc.id)).toEqual({ skipped: "no_phone" });
    await setPhone(doc.clientId, "+56 9 7000 0001");
    await setTemplate(notification, "submitted");
    expect(await request(notification, doc.id)).toEqual({ skipped: "no_template" });
    await setTemplate(notification, "approved");
    await queryRows(app.db(), sql`UPDATE whatsapp_configs SET active = false WHERE company_id = ${demoId()}`);
    try {
      expect(await request(notification, doc.id)).toEqual({ skipped: "no_plan" });
    } finally {
      await queryRows(app.db(), sql`UPDATE whatsapp_configs SET active = true WHERE company_id = ${demoId()}`);
    }
    expect(await messagesOf(notification, doc.id)).toEqual([]);
  });

  it("reads the document only in the event's company", async () => {
    const doc = await documentOf(notification);
    const other = app.fx().other.companyId;
    await queryRows(
      app.db(),
      sql`INSERT INTO whatsapp_configs (company_id, gupshup_app_id, account_id, phone_id, active, webhook_selector, webhook_verifier_hash)
          VALUES (${other}, 'local-other', 'local', 'local', true, 'other-select', ${sha256("other")}) ON CONFLICT DO NOTHING`,
    );
    await setTemplate(notification, "approved", other);
    expect(await request(notification, doc.id, other)).toEqual({ skipped: "no_document" });
    expect(await messagesOf(notification, doc.id, other)).toEqual([]);
  });
});

describe("the documents' notifications", () => {
  it("the budget's link opens that budget's PDF token, registered when the message is queued", async () => {
    const doc = await documentOf("budget_ready");
    await setPhone(doc.clientId, "+56 9 7000 0001");
    await queryRows(
      app.db(),
      sql`DELETE FROM whatsapp_messages WHERE company_id = ${demoId()} AND dedupe_key = ${notificationKey("budget_ready", doc.id)}`,
    );
    expect(await request("budget_ready", doc.id)).toHaveProperty("queued");
    const [message] = await messagesOf("budget_ready", doc.id);
    const link = message?.variables[4] ?? "";
    expect(link).toMatch(/^https:\/\/taller\.example\/client\/budget\?token=[\w-]{43}$/);
    const token = new URL(link).searchParams.get("token") ?? "";
    const [stored] = await app
      .db()
      .select()
      .from(documentTokens)
      .where(eq(documentTokens.tokenHash, sha256(token)));
    expect(stored).toMatchObject({
      kind: "budget_token",
      documentType: "Budget",
      documentId: doc.id,
      companyId: demoId(),
    });
  });

  it("a request of the test checkout ('Pago de prueba') never sends its link to the client", async () => {
    const doc = await documentOf("payment_link");
    await setPhone(doc.clientId, "+56 9 7000 0001");
    await queryRows(
      app.db(),
      sql`DELETE FROM whatsapp_messages WHERE company_id = ${demoId()} AND dedupe_key = ${notificationKey("payment_link", doc.id)}`,
    );
    await queryRows(app.db(), sql`UPDATE payment_requests SET provider = 'local' WHERE id = ${doc.id}`);
    expect(await request("payment_link", doc.id)).toEqual({ skipped: "no_document" });
    expect(await messagesOf("payment_link", doc.id)).toEqual([]);
  });

  it("two processes hearing the event at the same moment queue it once, and only one delivers it", async () => {
    const b = await openBooking();
    await setPhone(b.client_id, "+56 9 7000 0007");
    const results = await Promise.all([request("booking_confirmation", b.id), request("booking_confirmation", b.id)]);
    expect(results.filter((r) => "queued" in r)).toHaveLength(1);
    expect(results.filter((r) => "skipped" in r)).toEqual([{ skipped: "duplicate" }]);
    expect(await messagesOf("booking_confirmation", b.id)).toHaveLength(1);
  });

  it("a moved, received or missed booking gets no confirmation", async () => {
    const b = await openBooking();
    await setPhone(b.client_id, "+56 9 7000 0002");
    await queryRows(app.db(), sql`UPDATE bookings SET non_attendance = true WHERE id = ${b.id}`);
    try {
      expect(await request("booking_confirmation", b.id)).toEqual({ skipped: "no_document" });
    } finally {
      await queryRows(app.db(), sql`UPDATE bookings SET non_attendance = false WHERE id = ${b.id}`);
    }
  });

  it("the event on the bus queues it once, and the client's chats show it in the WhatsApp outbox", async () => {
    const b = await openBooking();
    await setPhone(b.client_id, "+56 9 7000 0003");
    const stop = startNotificationDelivery(deps());
    try {
      await app.bus().publish({
        type: "notification.requested",
        companyId: demoId(),
        payload: { notification: "booking_confirmation", documentId: b.id },
      });
      await vi.waitFor(
        async () => expect((await messagesOf("booking_confirmation", b.id))[0]?.status).toBe("recorded"),
        { timeout: 10_000 },
      );
    } finally {
      stop();
    }
    // A chat of one of the client's documents (an order's), read by staff through messaging.outbox.
    const [chat] = await queryRows<{ id: number }>(
      app.db(),
      sql`INSERT INTO chats (company_id, document_type, document_id) VALUES (${demoId()}, 'Booking', ${b.id})
          ON CONFLICT (company_id, document_type, document_id) WHERE document_id IS NOT NULL DO UPDATE SET updated_at = chats.updated_at RETURNING id`,
    );
    const caller = createCallerFactory(messagingRouter)(await app.staff("admin@taller.demo"));
    const outbox = await caller.outbox({ chat_id: chat?.id ?? 0 });
    expect(outbox[0]).toMatchObject({ kind: "template", status: "recorded" });
    expect(outbox[0]?.body).toMatch(/^Hola .+, su reserva quedó el \d{2}-\d{2}-\d{4} a las \d{2}:\d{2}/);
  });

  it("an event no process heard is queued by the catch-up job once it has settled, once; a failing one does not stop it", async () => {
    const b = await openBooking();
    await setPhone(b.client_id, "+56 9 7000 0005");
    const job = notificationCatchUpJob(app.db(), PUBLIC_URL);
    const run = async (now: Date) => {
      const r = await runJob({ db: app.db(), bus: app.bus() }, job, now);
      if (!r.ran) throw new Error("the job did not run");
      return r.result;
    };
    // The first run only places the cursor: what came before was the live handler's.
    await run(new Date());
    // Written to the outbox and never delivered (no process heard it), as when every server stopped after COMMIT.
    const [event] = await queryRows<{ created_at: string | Date }>(
      app.db(),
      sql`INSERT INTO realtime_events (company_id, type, payload)
          VALUES (${demoId()}, 'notification.requested', ${JSON.stringify({ notification: "booking_confirmation", documentId: b.id })}::jsonb)
          RETURNING created_at`,
    );
    const createdAt = new Date(event?.created_at ?? 0).getTime();
    // Too young: its live handling may still be under way, so the cursor stops before it.
    expect(await run(new Date(createdAt + CATCH_UP_AFTER_MS - 1_000))).toEqual({ events: 1, queued: 0, failed: 0 });
    expect(await messagesOf("booking_confirmation", b.id)).toEqual([]);
    const settled = new Date(createdAt + CATCH_UP_AFTER_MS + 1_000);
    expect(await run(settled)).toEqual({ events: 1, queued: 1, failed: 0 });
    await vi.waitFor(async () => expect((await messagesOf("booking_confirmation", b.id))[0]?.status).toBe("recorded"), {
      timeout: 10_000,
    });
    // The cursor moved past it: nothing twice.
    expect(await run(settled)).toEqual({ events: 0, queued: 0, failed: 0 });
    expect(await messagesOf("booking_confirmation", b.id)).toHaveLength(1);

    // One that fails (an id no integer column holds) is counted and passed; one already sent is passed unread.
    const outboxEvent = (payload: object) =>
      queryRows(
        app.db(),
        sql`INSERT INTO realtime_events (company_id, type, payload) VALUES (${demoId()}, 'notification.requested', ${JSON.stringify(payload)}::jsonb)`,
      );
    await outboxEvent({ notification: "payment_link", documentId: 2 ** 40 });
    await outboxEvent({ notification: "booking_confirmation", documentId: b.id });
    const later = new Date(Date.now() + CATCH_UP_AFTER_MS + 1_000);
    expect(await run(later)).toEqual({ events: 2, queued: 0, failed: 1 });
    expect(await run(later)).toEqual({ events: 0, queued: 0, failed: 0 });
    expect(await messagesOf("booking_confirmation", b.id)).toHaveLength(1);
  });

  it("'Si' to a booking confirmation confirms the booking", async () => {
    const b = await openBooking();
    await setPhone(b.client_id, "+56 9 7000 0004");
    expect(await request("booking_confirmation", b.id)).toHaveProperty("queued");
    const reply = webhookSchema.parse({
      entry: [
        {
          changes: [
            {
              value: {
                messages: [
                  {
                    from: "56970000004",
                    id: "wamid.confirm-si",
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    text: { body: "Si" },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    await receiveWebhook({ db: app.db(), bus: app.bus() }, demoId(), reply);
    const [after] = await app
      .db()
      .select({ confirmed: bookings.confirmed })
      .from(bookings)
      .where(eq(bookings.id, b.id));
    expect(after?.confirmed).toBe(true);
  });

  it("a booking confirmed within its last 24 hours gets no reminder as well; one confirmed earlier does", async () => {
    const placed: number[] = [];
    for (const phone of ["+56 9 7000 0005", "+56 9 7000 0006"]) {
      const { id, client_id } = await openBooking();
      placed.push(id);
      await setPhone(client_id, phone);
      await queryRows(
        app.db(),
        sql`UPDATE bookings SET user_id = NULL, booking_date = (now() AT TIME ZONE 'America/Santiago' + interval '20 hours')::date,
              booking_time = (now() AT TIME ZONE 'America/Santiago' + interval '20 hours')::time WHERE id = ${id}`,
      );
      expect(await request("booking_confirmation", id)).toHaveProperty("queued");
    }
    const [soon = 0, early = 0] = placed;
    // The early booking's confirmation went out two days before it starts.
    await queryRows(
      app.db(),
      sql`UPDATE whatsapp_messages SET created_at = now() - interval '2 days' WHERE company_id = ${demoId()} AND dedupe_key = ${notificationKey("booking_confirmation", early)}`,
    );
    await runJob({ db: app.db(), bus: app.bus() }, bookingReminderJob(app.db()));
    const reminders = (id: number) =>
      app
        .db()
        .select()
        .from(whatsappMessages)
        .where(eq(whatsappMessages.dedupeKey, `booking_reminder:${id}`));
    expect(await reminders(soon)).toEqual([]);
    expect(await reminders(early)).toHaveLength(1);
  });
});
