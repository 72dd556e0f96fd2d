/**
 * The chat list's rules (seed 002 sections 2.2 and 4.1), pure so they are tested without a browser:
 *
 *   chats.sort(compareChats)                       // own works, mentions, listed before archived, newest first
 *   filterChats(chats, "3021")                     // 'Buscar chats...' over subtitle, title, type and number
 *   lastCommentLine({ author: "Ana María Soto", text: "…" })   // "Ana: …" with the text cut to 40 characters
 *   chatTime(instant, now)                         // "14:05" today, else "22-11-26"
 *   tabBadges(chats)                               // per tab: mentions and whether any chat is unread
 */
import { formatShortDateCL, formatTime, todayIn, truncate, type Instant } from "@taller/core";

/** The document-type tabs, in the spec's order (seed 002 section 9). */
export const CHAT_TABS = ["Order", "Budget", "Crm"] as const;
export type ChatTab = (typeof CHAT_TABS)[number];

export const TAB_LABELS: Record<ChatTab, string> = { Order: "Órdenes", Budget: "Presupuestos", Crm: "CRM" };

/** Spanish names of document types, also searched ('Buscar chats...' matches the document type). */
export const DOCUMENT_TYPE_LABELS: Record<string, string> = {
  Order: "Orden",
  Budget: "Presupuesto",
  Crm: "CRM",
  Booking: "Agendamiento",
  Stock: "Stock",
  BuyOrder: "Orden de compra",
};

/** Last-comment preview length (seed 002 section 9). */
export const LAST_COMMENT_MAX = 40;

export interface SortableChat {
  id: number;
  /** Works assigned to the current user in this chat and not completed. */
  own_works: number;
  mention: number;
  /** False: archived (finished, not listed). */
  listed: boolean;
  last_comment_at: Instant | null;
}

/**
 * Seed 002 section 4.1, in order: chats with the user's active works first, then chats with mentions, then listed
 * before archived, then by last comment, newest first (a chat without comments last); the id breaks ties so the order
 * is total and a re-render never swaps two rows.
 */
export function compareChats(a: SortableChat, b: SortableChat): number {
  const works = Number(b.own_works > 0) - Number(a.own_works > 0);
  if (works) return works;
  const mentions = Number(b.mention > 0) - Number(a.mention > 0);
  if (mentions) return mentions;
  const archived = Number(b.listed) - Number(a.listed);
  if (archived) return archived;
  if (a.last_comment_at !== b.last_comment_at) {
    if (a.last_comment_at === null) return 1;
    if (b.last_comment_at === null) return -1;
    return a.last_comment_at < b.last_comment_at ? 1 : -1;
  }
  return b.id - a.id;
}

/** Lower case without accents, so 'orden' finds 'Órden' and 'jose' finds 'José'. */
export function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase();
}

export interface SearchableChat {
  title: string | null;
  subtitle: string | null;
  document_type: string;
  correlative_id: number | null;
}

/** Whether a chat matches the search box: every word in subtitle, title, document type (either language) or number. */
export function chatMatches(chat: SearchableChat, query: string): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const haystack = fold(
    [chat.subtitle, chat.title, chat.document_type, DOCUMENT_TYPE_LABELS[chat.document_type], chat.correlative_id === null ? null : `#${chat.correlative_id}`]
      .filter(Boolean)
      .join(" "),
  );
  return words.every((w) => haystack.includes(w));
}

export function filterChats<T extends SearchableChat>(chats: readonly T[], query: string): T[] {
  return chats.filter((c) => chatMatches(c, query));
}

/** "Ana María Soto" -> "Ana"; an author without a name reads 'Sin autor' (seed 001 section 9). */
export function firstName(name: string | null | undefined): string {
  return name?.trim().split(/\s+/)[0] || "Sin autor";
}

export interface LastComment {
  author_name: string | null;
  text: string;
  deleted: boolean;
  pictures: number;
  has_event: boolean;
}

/**
 * The row's last-comment line: the author's first name and the text cut to 40 characters. Mentions read as names
 * (`mentionName` resolves them), a deleted message as 'Mensaje eliminado', a message with only pictures or an event
 * says so, and a chat without comments 'Sin comentario'.
 */
export function lastCommentLine(comment: LastComment | null, mentionName: (kind: "user" | "client", id: number) => string = () => "…"): string {
  if (!comment) return "Sin comentario";
  const author = firstName(comment.author_name);
  let text: string;
  if (comment.deleted) text = "Mensaje eliminado";
  else {
    text = comment.text.replace(MENTION_IN_TEXT, (_, kind: "user" | "client", id: string) => `@${mentionName(kind, Number(id))}`).replace(/\s+/g, " ").trim();
    if (!text) text = comment.pictures ? "Imagen" : comment.has_event ? "Evento" : "Sin comentario";
  }
  return `${author}: ${truncate(text, LAST_COMMENT_MAX)}`;
}

// Kept here rather than imported from mentions.ts: the list's chunk should not need the composer's code.
const MENTION_IN_TEXT = /\((user|client):(\d+)\)/g;

/** The row's time: "HH:mm" when the instant falls today in Chile, else the es-CL short date "dd-mm-yy". */
export function chatTime(instant: Instant | null, now: Date = new Date()): string {
  if (!instant) return "";
  return todayIn(undefined, new Date(instant)) === todayIn(undefined, now) ? formatTime(instant) : formatShortDateCL(instant);
}

export interface BadgeChat {
  document_type: string;
  unread: number;
  mention: number;
  listed: boolean;
}

export interface Badges {
  mentions: number;
  unread: boolean;
}

/** A tab's badges: the mentions of its listed chats, and a dot when any of them is unread. */
export function tabBadges(chats: readonly BadgeChat[]): Record<ChatTab, Badges> {
  const out = Object.fromEntries(CHAT_TABS.map((t) => [t, { mentions: 0, unread: false }])) as Record<ChatTab, Badges>;
  for (const chat of chats) {
    const badge = out[chat.document_type as ChatTab] as Badges | undefined;
    if (!badge || !chat.listed) continue;
    badge.mentions += chat.mention;
    badge.unread ||= chat.unread > 0;
  }
  return out;
}

/** The archived toggle's badge: mentions waiting in archived chats. */
export function archivedMentions(chats: readonly BadgeChat[]): number {
  return chats.reduce((sum, c) => sum + (c.listed ? 0 : c.mention), 0);
}

/** Which chats a tab shows: its document type, and archived ones only with the toggle on. */
export function chatsOfTab<T extends BadgeChat>(chats: readonly T[], tab: ChatTab, showArchived: boolean): T[] {
  return chats.filter((c) => c.document_type === tab && c.listed !== showArchived);
}

/**
 * The three texts of an empty or loading list (seed 002 section 2.2): the orders tab without a search or the
 * archived toggle invites to add a chat from the work orders (that is where chats start); other tabs, or a filtered
 * list, say there is none of that type.
 */
export function emptyListText(state: { loading: boolean; tab: ChatTab; filtered: boolean }): string {
  if (state.loading) return "Cargando chats...";
  if (state.tab === "Order" && !state.filtered) return "No hay chats aun ¡Agrega uno desde ordenes de trabajo!";
  return `No hay chats de ${TAB_LABELS[state.tab]}`;
}

/** Work names are shortened to 15 characters in chat (seed 001 section 9). */
export const WORK_NAME_MAX = 15;
export const workName = (name: string) => truncate(name, WORK_NAME_MAX);

/** The works strip: the first 7 workers, then '+N más' for the rest (seed 002 section 2.3). */
export const WORKS_STRIP_MAX = 7;
export function worksStrip<T>(works: readonly T[]): { shown: T[]; more: string | null } {
  const rest = works.length - WORKS_STRIP_MAX;
  return { shown: works.slice(0, WORKS_STRIP_MAX), more: rest > 0 ? `+${rest} más` : null };
}
