// The chat's vocabulary (seed 002 sections 2.2, 2.3, 3.1, 3.2, 4.1, 5 and 9): constants, the wire shapes of the
// answers, and the pure rules (sorting, mentions, previews, elapsed time). The inputs are in chat-schemas.ts, apart,
// since the shell's chat store reads these constants and must not bring zod into every staff screen.
import { fileUrl } from "./files";
import type { Instant } from "./instant";
import { isRecordId } from "./record-id";
import { DEFAULT_TERMS, orderShort, type TermKey, type TermWords } from "./terms";

/**
 * Documents with a chat of their own (an assistant thread is opened by `chat.assistant*`, not by a document). An
 * InventoryAction is a supplier document of `provider_actions` (a pricing or a buy order).
 */
export const CHAT_DOCUMENTS = ["Order", "Budget", "Crm", "Booking", "InventoryAction"] as const;
export type ChatDocument = (typeof CHAT_DOCUMENTS)[number];
export const CHAT_DOCUMENT_TYPES = [...CHAT_DOCUMENTS, "Assistant"] as const;
export type ChatDocumentType = (typeof CHAT_DOCUMENT_TYPES)[number];
/** The list's tabs (seed 002 section 9). */
export const CHAT_TABS = ["Order", "Budget", "Crm"] as const;
export type ChatTab = (typeof CHAT_TABS)[number];

export const CHAT_AUTHOR_TYPES = ["User", "System", "Assistant", "Client"] as const;
export type ChatAuthorType = (typeof CHAT_AUTHOR_TYPES)[number];

/** Messages per page. */
export const CHAT_PAGE_SIZE = 20;
/** Chats per page of the list. */
export const CHAT_LIST_PAGE_SIZE = 30;
/** Only the author may delete a message, within this many minutes of its creation (by the database's clock). */
export const CHAT_DELETE_WINDOW_MINUTES = 5;
/** The list row's last-comment preview: the author's first name plus this many characters. */
export const CHAT_PREVIEW_LENGTH = 40;
/** Workers shown in the works strip before '+N más'. */
export const CHAT_WORKERS_SHOWN = 7;
export const CHAT_MAX_COMMENT_LENGTH = 4000;
export const CHAT_MAX_PICTURES = 10;
/** Users one message may mention: more is refused with a field error (each mention may notify someone). */
export const CHAT_MAX_MENTIONS = 10;
/**
 * Messages one user may post a minute, over every chat and every server process (packages/chat send; counted in
 * the database). A person typing stays far below; a script is stopped within a minute's worth.
 */
export const CHAT_SEND_PER_MINUTE = 30;
/** A recipient gets at most one push per chat in this many seconds; later mentions show in the chat's counters. */
export const CHAT_PUSH_COALESCE_SECONDS = 60;
/** Thumbnails are stored beside the original under this prefix (seed 002 section 9). */
export const THUMBNAIL_PREFIX = "thumb@256_";

export const CHAT_TEXTS = {
  // The spec's text for the default term; the company's own word otherwise.
  empty: (order: TermWords) =>
    // eslint-disable-next-line taller/fixed-term -- the spec's words, for the default term only
    `No hay chats aun ¡Agrega uno desde ${order.one === DEFAULT_TERMS.order.singular ? "ordenes de trabajo" : order.manyLower}!`,
  loading: "Cargando chats...",
  emptyTab: (label: string) => `No hay chats de ${label}`,
  search: "Buscar chats...",
  deleted: "Mensaje eliminado",
  openFailed: "Error al redireccinar al chat",
  goToEnd: "Ir al final",
  noUsers: "No hay usuarios disponibles",
  roleFallback: "Puesto",
  assistantNotConfigured:
    "El asistente no está configurado en este servidor. Pide a un administrador que lo configure.",
  assistantTitle: "Asistente",
  assistantNewThread: "Nueva conversación",
  assistantHistory: "Conversaciones",
  assistantNoThreads: "Aún no tienes conversaciones con el asistente",
  assistantPlaceholder: "Pregunta al asistente...",
  assistantWorking: "El asistente está escribiendo...",
  assistantFailed: "El asistente no pudo responder. Intenta nuevamente.",
  assistantBusy: "El asistente todavía está respondiendo tu pregunta anterior.",
  assistantRateLimited: "Hiciste demasiadas preguntas al asistente. Espera un momento e intenta nuevamente.",
  assistantOnlyQuestions: "En una conversación con el asistente solo se envían preguntas.",
  tooManyMentions: `Un mensaje puede mencionar hasta ${CHAT_MAX_MENTIONS} personas`,
  sendRateLimited: (seconds: number) =>
    `Estás enviando mensajes muy seguido. Espera ${seconds} ${seconds === 1 ? "segundo" : "segundos"} y vuelve a intentarlo.`,
} as const;

/** A document type's name in the company's words ('Orden', 'Reparación'), as a label before its number. */
export function chatDocumentLabel(type: ChatDocumentType, terms: Pick<Record<TermKey, TermWords>, "order" | "crm">) {
  const labels: Record<ChatDocumentType, string> = {
    Order: orderShort(terms.order),
    Budget: "Presupuesto",
    Crm: terms.crm.one,
    Booking: "Agendamiento",
    InventoryAction: "Acción de inventario",
    Assistant: "Asistente",
  };
  return labels[type];
}

/** The longest question the assistant takes (what a user types; the document's context is added by the server). */
export const ASSISTANT_MAX_QUESTION = 1000;
/** Questions per user: at most this many a minute and a day (every question costs a model call). */
export const ASSISTANT_RATE = { perMinute: 5, perDay: 100 } as const;
/** How long the server waits for the model; a question older than this without an answer has failed. */
export const ASSISTANT_TIMEOUT_MS = 60_000;

export interface AssistantThread {
  id: number;
  title: string;
  subtitle: string;
  activity_at: Instant;
}

/**
 * Whether the assistant is still answering: the thread's newest message is the user's own question, younger than
 * the model's timeout (after that the question failed, and the thread is free again). Both sides decide with it.
 */
export function assistantWorking(
  last: { author_type: ChatAuthorType; deleted_at: Instant | null; created_at: Instant } | null,
  nowMs: number,
): boolean {
  if (!last || last.author_type !== "User" || last.deleted_at) return false;
  return nowMs - Date.parse(last.created_at) < ASSISTANT_TIMEOUT_MS;
}

// ---- Answers (wire shapes) ----

export interface ChatPerson {
  id: number;
  name: string;
  picture: string | null;
}

/** Where 'Ver' goes: the document's page in the web app, or null (assistant threads). */
export type ChatView = { type: ChatDocument; id: number; path: string } | null;

/** What a list row and a chat's header both say of the chat. */
export interface ChatSummary {
  id: number;
  document_type: ChatDocumentType;
  document_id: number | null;
  super_type: string | null;
  title: string;
  subtitle: string;
  correlative_id: number | null;
  picture: string | null;
  listed: boolean;
  finished: boolean;
  /** The document's status now (an order's, a budget's, a management's), read with the row: it follows every move. */
  status: { name: string; color: string } | null;
}

export interface ChatListItem extends ChatSummary {
  unread: number;
  mention: number;
  own_works: number;
  /** The names of the caller's open works on the chat's document, latest first (at most 3; own_works counts all). */
  work_names: string[];
  last_comment: {
    id: number;
    author_name: string | null;
    author_type: ChatAuthorType;
    text: string;
    deleted: boolean;
    created_at: Instant;
  } | null;
  activity_at: Instant;
}

export interface ChatListPage {
  items: ChatListItem[];
  next_cursor: string | null;
}

export interface ChatTabBadge {
  tab: ChatTab;
  mention: number;
  unread: boolean;
}

export interface ChatBadges {
  tabs: ChatTabBadge[];
  /** Mentions in archived chats (the archived toggle's badge). */
  archived_mention: number;
  /** The shell's chat button: any unread, and all mentions. */
  unread: boolean;
  mention: number;
}

export interface ChatHeader extends ChatSummary {
  view: ChatView;
  /** The caller's read state when the chat was opened (opening does not reset it: markRead does). */
  unread: number;
  mention: number;
  last_read_comment_id: number | null;
}

export interface ChatEvent {
  id: number;
  name: string;
  start_date: Instant;
  /** Hours. */
  duration: number;
}

export interface ChatCommentItem {
  id: number;
  chat_id: number;
  comment: string;
  author_type: ChatAuthorType;
  author: ChatPerson | null;
  /** A client's message (author_type 'Client', by WhatsApp): the client's name, else the phone it came from. */
  client_name: string | null;
  reply: {
    id: number;
    comment: string;
    author: ChatPerson | null;
    client_name: string | null;
    deleted: boolean;
  } | null;
  target_user_id: number | null;
  mentioned_user_ids: number[];
  /** thumb_url: the 256 px thumbnail (the original when the store made none). */
  pictures: { id: string; url: string; thumb_url: string }[];
  calendar_event: ChatEvent | null;
  /** The budget a budget-form message created (seed 002: document_type Budget). */
  budget: { id: number; correlative_id: number; total: number } | null;
  deleted_at: Instant | null;
  created_at: Instant;
  updated_at: Instant;
  client_key: string | null;
}

export interface ChatBudget {
  id: number;
  correlative_id: number;
  total: number;
  status: { name: string; color: string };
}

export interface ChatCommentsPage {
  /** Newest first. */
  comments: ChatCommentItem[];
  next_cursor: string | null;
  /** Events of the chat that have not ended (ongoing or upcoming), soonest first. */
  events: ChatEvent[];
  /**
   * The document's budgets (an order's, newest first; a budget chat's own), the first page only, for a caller who may
   * read budgets (seed 002 section 3.3: the answer carries comments, current_works, events, budgets).
   */
  budgets: ChatBudget[];
  /** The open works on the document, oldest first (the first page only). */
  current_works: { id: number; user: ChatPerson; work_name: string; started_at: Instant | null; created_at: Instant }[];
}

export interface ChatMentionable {
  id: number;
  name: string;
  picture: string | null;
  role_name: string;
}

// ---- Pure rules ----

/** What the list sorts by (seed 002 section 4.1). */
export interface ChatSortKey {
  id: number;
  own_works: number;
  mention: number;
  listed: boolean;
  activity_at: string;
}

/**
 * The list's order: chats with own active works first; then chats with mentions; then listed before archived; then
 * the latest activity (last comment) first; the id breaks ties so the order is total (keyset paging needs it).
 * The database orders by the same key (chat_members_list_idx); this is the rule stated once, and tested.
 */
export function compareChats(a: ChatSortKey, b: ChatSortKey): number {
  const rank = (c: ChatSortKey) => [c.own_works > 0 ? 1 : 0, c.mention > 0 ? 1 : 0, c.listed ? 1 : 0];
  const [ra, rb] = [rank(a), rank(b)];
  for (let i = 0; i < ra.length; i++) if (ra[i] !== rb[i]) return (rb[i] ?? 0) - (ra[i] ?? 0);
  if (a.activity_at !== b.activity_at) return a.activity_at < b.activity_at ? 1 : -1;
  return b.id - a.id;
}

const MENTION = /\((user|client):(\d{1,10})\)/g;

/** The user and client ids mentioned as (user:ID) / (client:ID), each once, in order of appearance. */
export function mentionsIn(text: string): { users: number[]; clients: number[] } {
  const users = new Set<number>();
  const clients = new Set<number>();
  for (const m of text.matchAll(MENTION)) {
    const n = Number(m[2]);
    if (!isRecordId(n)) continue;
    (m[1] === "user" ? users : clients).add(n);
  }
  return { users: [...users], clients: [...clients] };
}

/** The text with each mention written as '@name' (names from `names`; an unknown id stays '@'). */
export function mentionsAsNames(
  text: string,
  names: (kind: "user" | "client", id: number) => string | undefined,
): string {
  return text.replace(MENTION, (_all, kind: "user" | "client", n: string) => `@${names(kind, Number(n)) ?? ""}`);
}

/** The list row's last comment: the author's first name and the first 40 characters of the text. */
export function commentPreview(authorName: string | null, text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const cut = flat.length > CHAT_PREVIEW_LENGTH ? `${flat.slice(0, CHAT_PREVIEW_LENGTH)}...` : flat;
  const first = authorName?.trim().split(/\s+/)[0];
  return first ? `${first}: ${cut}` : cut;
}

/** Elapsed time as the works strip says it: days, else hours, else minutes ('día(s)', 'hora(s)', 'minuto(s)'). */
export function elapsedText(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes >= 1440) return `${Math.floor(minutes / 1440)} día(s)`;
  if (minutes >= 60) return `${Math.floor(minutes / 60)} hora(s)`;
  return `${minutes} minuto(s)`;
}

/** The app path 'Ver' opens for a document. */
export function chatDocumentPath(type: ChatDocument, documentId: number): string {
  switch (type) {
    case "Order":
      return `/main/orders/${documentId}`;
    case "Budget":
      return `/main/budgets/${documentId}`;
    case "Crm":
      return `/main/crm/${documentId}`;
    case "Booking":
      return `/main/bookings/${documentId}`;
    case "InventoryAction":
      return `/main/inventory-actions/${documentId}`;
  }
}

/**
 * The URL of a stored picture's 256 px thumbnail (`/files/thumb@256_<id>`); the file store answers a placeholder,
 * never the original, when it made no thumbnail (an icon, or a picture uploaded for another purpose).
 */
export function thumbnailUrl(fileId: string): string {
  return fileUrl(THUMBNAIL_PREFIX + fileId);
}
