/**
 * The chat list's display rules (seed 002 section 2.2), pure so they are tested without a browser. Sorting, search
 * and badge counts are the server's (chat.list, chat.badges; the order rule is core's `compareChats`).
 *
 *   lastCommentLine({ author_name: "Ana María Soto", text: "…", deleted: false })   // "Ana: " + 40 characters
 *   chatTime(instant, now)                          // "14:05" today, else "22-11-26"
 *   emptyListText({ loading, tab, filtered })       // the three texts of an empty or loading list
 *   worksStrip(works)                               // the first 7, then '+N más'
 */
import {
  CHAT_TEXTS,
  CHAT_WORKERS_SHOWN,
  commentPreview,
  formatShortDateCL,
  formatTime,
  mentionsAsNames,
  todayIn,
  truncate,
  type ChatTab,
  type Instant,
  ordersShort,
  type TermKey,
  type TermWords,
} from "@taller/core";

/** The tabs' names: 'Órdenes', 'Presupuestos', 'CRM', or the company's own words. */
export const tabLabels = (terms: ChatTerms): Record<ChatTab, string> => ({
  Order: ordersShort(terms.order),
  Budget: "Presupuestos",
  Crm: terms.crm.many,
});
type ChatTerms = Pick<Record<TermKey, TermWords>, "order" | "crm">;

/** Lower case without accents, so 'jose' finds 'José' (the @ popup filters names and roles with it). */
export function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** "Ana María Soto" -> "Ana"; an author without a name reads 'Sin autor' (seed 001 section 9). */
export function firstName(name: string | null | undefined): string {
  return name?.trim().split(/\s+/)[0] || "Sin autor";
}

export interface LastComment {
  author_name: string | null;
  text: string;
  deleted: boolean;
}

/**
 * The row's last-comment line: the author's first name and the text's first 40 characters (core's
 * `commentPreview`), mentions read as names, a deleted message as 'Mensaje eliminado', an author without a name as
 * 'Sin autor' and a chat without comments as 'Sin comentario' (seed 001 section 9).
 */
export function lastCommentLine(
  comment: LastComment | null,
  mentionName: (kind: "user" | "client", id: number) => string | undefined = () => undefined,
): string {
  if (!comment) return "Sin comentario";
  const text = comment.deleted
    ? CHAT_TEXTS.deleted
    : mentionsAsNames(comment.text, mentionName).trim() || "Sin comentario";
  return comment.author_name?.trim()
    ? commentPreview(comment.author_name, text)
    : `Sin autor: ${commentPreview(null, text)}`;
}

/** The row's time: "HH:mm" when the instant falls today in Chile, else the es-CL short date "dd-mm-yy". */
export function chatTime(instant: Instant | null, now: Date = new Date()): string {
  if (!instant) return "";
  return todayIn(undefined, new Date(instant)) === todayIn(undefined, now)
    ? formatTime(instant)
    : formatShortDateCL(instant);
}

/**
 * The three texts of an empty or loading list (seed 002 section 2.2): the orders tab without a search or the
 * archived toggle invites to add a chat from the work orders (that is where chats start); other tabs, or a filtered
 * list, say there is none of that type.
 */
export function emptyListText(state: { loading: boolean; tab: ChatTab; filtered: boolean }, terms: ChatTerms): string {
  if (state.loading) return CHAT_TEXTS.loading;
  if (state.tab === "Order" && !state.filtered) return CHAT_TEXTS.empty(terms.order);
  return CHAT_TEXTS.emptyTab(tabLabels(terms)[state.tab]);
}

/** Work names are shortened to 15 characters in chat (seed 001 section 9). */
export const WORK_NAME_MAX = 15;
export const workName = (name: string) => truncate(name, WORK_NAME_MAX);

/** The works strip: the first 7 workers, then '+N más' for the rest (seed 002 section 2.3). */
export function worksStrip<T>(works: readonly T[]): { shown: T[]; more: string | null } {
  const rest = works.length - CHAT_WORKERS_SHOWN;
  return { shown: works.slice(0, CHAT_WORKERS_SHOWN), more: rest > 0 ? `+${rest} más` : null };
}
