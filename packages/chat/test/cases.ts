// Tenancy and bad-input cases of the chat router (see ProcedureCase in @taller/trpc/testing).
import { findIds, type DomainCases } from "@taller/trpc/testing";
import type { DemoFixtures } from "@taller/db/seed";
import type { chatRouter } from "../src";

const first = (ids: number[]) => ids[0] ?? 1;
const demoChat = (f: DemoFixtures) => first(f.demo.chatIds);
const demoComment = (f: DemoFixtures) => first(f.demo.chatCommentIds);
/** Any demo chat or message id in an answer. */
const chatLeak = (r: unknown, f: DemoFixtures) =>
  findIds(r, "id", f.demo.chatIds) ?? findIds(r, "chat_id", f.demo.chatIds);
const eventIn = (hours: number) => ({
  name: "Prueba de ruta",
  start: new Date(Date.now() + hours * 3_600_000).toISOString(),
  duration: 1,
});

export const chatCases: DomainCases<typeof chatRouter> = {
  list: {
    kind: "scoped",
    input: () => ({ tab: "Order", archived: true }),
    leaks: chatLeak,
    valid: () => ({ tab: "Order", archived: false, search: "a", cursor: null }),
    attacks: () => [{ tab: "Order", search: "%_\\" }, { tab: "Assistant" }, { tab: "Order", cursor: "x.y" }],
  },
  badges: {
    kind: "scoped",
    // Otro Taller's admin sees his own counters only: the demo's mention of Andrés never reaches him.
    leaks: (r) => ((r as { mention: number }).mention > 1 ? "counted mentions of another company" : null),
  },
  open: {
    kind: "foreign",
    input: (f) => ({ document_type: "Order", document_id: first(f.demo.orderIds) }),
    valid: (f) => ({ document_type: "Order", document_id: first(f.demo.orderIds) }),
    attacks: (f) => [
      { document_type: "Assistant", document_id: 1 },
      { document_type: "Booking", document_id: first(f.demo.bookingIds) },
      { document_type: "Crm", document_id: f.demo.crmId },
      { document_type: "InventoryAction", document_id: f.demo.provider.buyOrderId },
      { document_type: "Budget", document_id: 2_147_483_647 },
    ],
  },
  get: {
    kind: "foreign",
    input: (f) => ({ chat_id: demoChat(f) }),
    valid: (f) => ({ chat_id: demoChat(f) }),
  },
  comments: {
    kind: "foreign",
    input: (f) => ({ chat_id: demoChat(f) }),
    valid: (f) => ({ chat_id: demoChat(f), cursor: null }),
    attacks: (f) => [{ chat_id: demoChat(f), cursor: "e30.e30" }],
  },
  send: {
    kind: "foreign",
    input: (f) => ({ chat_id: demoChat(f), client_key: "tenancy-walk-1", comment: "hola" }),
    valid: (f) => ({
      chat_id: demoChat(f),
      client_key: "fuzz-valid-1",
      comment: "Hola (user:1)",
      reply_id: demoComment(f),
      event: eventIn(2),
      picture_ids: [],
    }),
    attacks: (f) => [
      { chat_id: demoChat(f), client_key: "fuzz-empty-1", comment: "   " },
      { chat_id: demoChat(f), client_key: "fuzz-long-1", comment: "x".repeat(100_000) },
      { chat_id: demoChat(f), client_key: "fuzz-pics-1", comment: "x", picture_ids: ["../../etc/passwd"] },
      { chat_id: demoChat(f), client_key: "fuzz-pics-2", comment: "x", picture_ids: ["AAAAAAAAAAAAAAAAAAAAAAAA"] },
      { chat_id: demoChat(f), client_key: "fuzz-event-1", event: { ...eventIn(1), duration: 0.5 } },
      { chat_id: demoChat(f), client_key: "fuzz-event-2", event: { ...eventIn(1), start: "mañana" } },
      { chat_id: demoChat(f), client_key: "fuzz-mention-1", comment: "(user:99999999999) (user:0) (client:-1)" },
      { chat_id: demoChat(f), client_key: "x", comment: "hola" },
    ],
  },
  editEvent: {
    kind: "foreign",
    input: (f) => ({ comment_id: demoComment(f), event: eventIn(3) }),
    valid: (f) => ({ comment_id: demoComment(f), event: eventIn(3) }),
  },
  remove: {
    kind: "foreign",
    input: (f) => ({ comment_id: demoComment(f) }),
    valid: (f) => ({ comment_id: demoComment(f) }),
  },
  markRead: {
    kind: "foreign",
    input: (f) => ({ chat_id: demoChat(f), comment_id: demoComment(f) }),
    valid: (f) => ({ chat_id: demoChat(f), comment_id: demoComment(f) }),
  },
  mentionables: {
    kind: "scoped",
    input: () => ({}),
    leaks: (r, f) => findIds(r, "id", Object.values(f.demo.userIds)),
    valid: () => ({ search: "Ana" }),
    attacks: () => [{ search: "%" }, { search: "\u0000" }],
  },
  onComments: {
    kind: "foreign",
    input: (f) => ({ chat_id: demoChat(f) }),
    valid: (f) => ({ chat_id: demoChat(f), lastEventId: null }),
  },
  onUser: {
    kind: "scoped",
    subscription: true,
    input: () => ({}),
    leaks: (r, f) => findIds(r, "chat_id", f.demo.chatIds),
    valid: () => ({ lastEventId: null }),
    // The stream passes only chat.user events naming the caller: one for each company's admin.
    probes: (f) => [
      {
        companyId: f.demo.companyId,
        type: "chat.user",
        payload: { userIds: [f.demo.userIds["admin@taller.demo"] ?? 1], channel: "document-readed", chatId: 900_001 },
      },
      {
        companyId: f.other.companyId,
        type: "chat.user",
        payload: { userIds: [f.other.userIds["admin@otro.demo"] ?? 1], channel: "document-readed", chatId: 900_002 },
      },
    ],
  },
  "assistant.status": { kind: "scoped", leaks: () => null },
  "assistant.threads": { kind: "scoped", leaks: chatLeak },
  "assistant.create": { kind: "scoped", leaks: chatLeak },
  "assistant.ask": {
    kind: "foreign",
    // Taller Demo's chat and order asked about from Otro Taller: NOT_FOUND (or, unconfigured, refused before).
    input: (f) => ({
      chat_id: demoChat(f),
      client_key: "tenancy-walk-ask",
      question: "¿Qué falta?",
      context: { document_type: "Order", document_id: first(f.demo.orderIds) },
    }),
    valid: (f) => ({
      chat_id: demoChat(f),
      client_key: "fuzz-ask-1",
      question: "¿Qué falta?",
      context: { document_type: "Order", document_id: first(f.demo.orderIds) },
    }),
    attacks: (f) => [
      { chat_id: demoChat(f), client_key: "fuzz-ask-2", question: "x".repeat(100_000) },
      { chat_id: demoChat(f), client_key: "fuzz-ask-3", question: "   " },
      {
        chat_id: demoChat(f),
        client_key: "fuzz-ask-4",
        question: "hola",
        context: { document_type: "Assistant", document_id: 1 },
      },
    ],
  },
};
