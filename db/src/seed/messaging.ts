// WhatsApp demo (docs/domains/messaging.md): Taller Demo's configuration on the local default (nothing is sent; every
// message stays 'recorded' in the outbox), its approved templates, and three chats to show every side of the 24-hour
// rule: the first demo chat's client wrote two hours ago (free text allowed), the second's never wrote ('No se ha
// iniciado una conversación': templates only), the third's wrote 30 hours ago (the window closed: templates only).
// Otro Taller has no configuration: its plan lacks WhatsApp.
import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../client";
import { queryRows } from "../sql";

export const DEMO_WHATSAPP_PHONES = {
  open: "+56 9 1111 2222",
  none: "+56 9 3333 4444",
  closed: "+56 9 5555 6666",
} as const;

/** The texts that name the three demo chats in the chat list (e2e opens them by these). */
export const DEMO_WHATSAPP_INBOUND = "Hola, ¿cómo va mi auto?";
export const DEMO_WHATSAPP_NOTE = "Avisar al cliente por WhatsApp";
export const DEMO_WHATSAPP_LATE = "El cliente escribió ayer por WhatsApp";

export interface WhatsappFixture {
  /** The chat whose client wrote 2 hours ago, and the chat whose client never wrote (null when the seed has none). */
  whatsappOpenChatId: number | null;
  whatsappNoneChatId: number | null;
}

export async function seedMessagingDemo(db: Db, companyId: number, chatIds: number[]): Promise<WhatsappFixture> {
  const verifier = randomBytes(24).toString("base64url");
  await queryRows(
    db,
    sql`INSERT INTO whatsapp_configs (company_id, gupshup_app_id, account_id, phone_id, verified_name, display_number, active, webhook_selector, webhook_verifier_hash)
        VALUES (${companyId}, 'local', 'local', 'local', 'Taller (local)', '+56 9 0000 0000', true, ${randomBytes(9).toString("base64url")},
                ${createHash("sha256").update(verifier).digest("hex")})`,
  );
  const templates: [
    notification: string,
    name: string,
    answer: string,
    text: string,
    fills: string[],
    status: string | null,
  ][] = [
    [
      "booking_reminder",
      "Recordatorio de reserva",
      "boolean",
      "Hola {{1}}, le recordamos su reserva del {{2}} a las {{3}}. ¿Confirma su asistencia? Responda Si o No",
      ["Ana", "01-12-2026", "10:00"],
      "approved",
    ],
    [
      "budget_ready",
      "Presupuesto listo",
      "",
      "Hola {{1}}, el presupuesto de su vehículo {{2}} está listo. Puede revisarlo en el taller.",
      ["Ana", "ABCD12"],
      "approved",
    ],
    [
      "order_received",
      "Orden recibida",
      "",
      "Hola {{1}}, recibimos su vehículo. Le avisaremos por este medio.",
      ["Ana"],
      "submitted",
    ],
  ];
  for (const [notification, name, answer, text, fills, status] of templates) {
    await queryRows(
      db,
      sql`INSERT INTO notification_templates (company_id, notification, name, answer_type, text, fills, whatsapp_active, whatsapp_status, provider_template_id)
          VALUES (${companyId}, ${notification}, ${name}, ${answer}, ${text}, ${`{${fills.map((f) => `"${f}"`).join(",")}}`}::text[], true, ${status},
                  ${status ? `local:${notification}` : null})`,
    );
  }
  // Two chats of different clients, on the oldest orders that have a chat: the newest order (the orders list's first
  // row, whose chat other e2e specs write in) keeps its own.
  const rows = await queryRows<{ chat_id: number; client_id: number; correlative: number }>(
    db,
    sql`SELECT DISTINCT ON (o.client_id) ch.id AS chat_id, o.client_id, o.correlative_id AS correlative
        FROM chats ch JOIN orders o ON o.company_id = ch.company_id AND o.id = ch.document_id
        WHERE ch.company_id = ${companyId} AND ch.document_type = 'Order' AND ch.listed AND o.client_id IS NOT NULL
          AND ch.id = ANY (${`{${chatIds.join(",")}}`}::int[])
        ORDER BY o.client_id, o.correlative_id`,
  );
  const [open, none, closed] = rows.sort((a, b) => a.correlative - b.correlative);
  /** The client of `chat` wrote `text` to the company `ago` (a Postgres interval). */
  async function clientWrote(
    chat: { chat_id: number; client_id: number },
    phone: string,
    text: string,
    wamid: string,
    ago: string,
  ) {
    await queryRows(
      db,
      sql`UPDATE clients SET phone = ${phone} WHERE company_id = ${companyId} AND id = ${chat.client_id}`,
    );
    const [contact] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO whatsapp_contacts (company_id, phone, client_id, last_inbound_at)
          VALUES (${companyId}, ${phone.replace(/\D/g, "")}, ${chat.client_id}, now() - ${ago}::interval) RETURNING id`,
    );
    const [comment] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO chat_comments (company_id, chat_id, comment, author_type, created_at, updated_at)
          VALUES (${companyId}, ${chat.chat_id}, ${text}, 'Client', now() - ${ago}::interval, now() - ${ago}::interval) RETURNING id`,
    );
    await queryRows(
      db,
      sql`INSERT INTO whatsapp_inbound (company_id, wamid, contact_id, body, received_at, comment_id)
          VALUES (${companyId}, ${wamid}, ${contact?.id ?? 0}, ${text}, now() - ${ago}::interval, ${comment?.id ?? null})`,
    );
  }
  if (open) await clientWrote(open, DEMO_WHATSAPP_PHONES.open, DEMO_WHATSAPP_INBOUND, "wamid.demo-1", "2 hours");
  if (closed)
    await clientWrote(
      closed,
      DEMO_WHATSAPP_PHONES.closed,
      "Gracias, lo paso a buscar el lunes",
      "wamid.demo-2",
      "30 hours",
    );
  /** A staff note that names the chat in the list (and brings it up). */
  const note = (chatId: number, text: string) =>
    queryRows(
      db,
      sql`INSERT INTO chat_comments (company_id, chat_id, comment, author_type, author_id, created_at, updated_at)
          SELECT ${companyId}, ${chatId}, ${text}, 'User', min(id), now() - interval '1 hour', now() - interval '1 hour'
          FROM users WHERE company_id = ${companyId} AND role_id IS NOT NULL`,
    );
  if (closed) await note(closed.chat_id, DEMO_WHATSAPP_LATE);
  if (none) {
    await queryRows(
      db,
      sql`UPDATE clients SET phone = ${DEMO_WHATSAPP_PHONES.none} WHERE company_id = ${companyId} AND id = ${none.client_id}`,
    );
    // Its client has not written yet.
    await note(none.chat_id, DEMO_WHATSAPP_NOTE);
  }
  return { whatsappOpenChatId: open?.chat_id ?? null, whatsappNoneChatId: none?.chat_id ?? null };
}
