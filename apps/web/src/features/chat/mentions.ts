/**
 * Mentions (seed 001 section 9, seed 002 section 5): stored in the text as "(user:12)" and "(client:7)", shown as
 * names (core's `mentionsIn` reads them on the server). The composer's @ popup:
 *
 *   const query = mentionQuery(text, caret)            // "ju" while typing "hola @ju"; null closes the popup
 *   mentionCandidates(users, query)                    // users with a role whose name or role name matches
 *   const next = insertMention(text, caret, user.id)   // "hola (user:12) " and where the caret goes
 *   splitMentions("hola (user:12)")                    // [{ text: "hola " }, { kind: "user", id: 12 }] to render
 */
import { fold } from "./list-rules";

export type Segment = { text: string } | { kind: "user" | "client"; id: number };

const MENTION = /\((user|client):(\d{1,9})\)/g;

/** The text as plain runs and mentions, in order, for rendering. */
export function splitMentions(text: string): Segment[] {
  const out: Segment[] = [];
  let last = 0;
  for (const m of text.matchAll(MENTION)) {
    if (m.index > last) out.push({ text: text.slice(last, m.index) });
    out.push({ kind: m[1] as "user" | "client", id: Number(m[2]) });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last) });
  return out;
}

/**
 * What the user is typing after an @ before the caret, or null when no popup should show: no @, a space typed after
 * it (the popup closes on space), or the @ already turned into a mention. An @ inside a word ("a@b.cl") is not one.
 */
export function mentionQuery(text: string, caret: number): string | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf("@");
  if (at < 0) return null;
  if (at > 0 && !/\s/.test(before.charAt(at - 1))) return null;
  const query = before.slice(at + 1);
  return /\s/.test(query) ? null : query;
}

/**
 * Replaces the "@query" before the caret with the user's mention and a space: one user per @, and the space
 * closes the popup. Answers the new text and caret.
 */
export function insertMention(text: string, caret: number, userId: number): { text: string; caret: number } {
  const at = text.slice(0, caret).lastIndexOf("@");
  if (at < 0) return { text, caret };
  const mention = `(user:${userId}) `;
  return { text: text.slice(0, at) + mention + text.slice(caret), caret: at + mention.length };
}

export interface MentionUser {
  id: number;
  name: string;
  /** null: the user has no role, and cannot be mentioned. */
  role_name: string | null;
}

/** The label under a user in the popup: the role's name, 'Puesto' when it has none. */
export const roleLabel = (user: MentionUser) => user.role_name || "Puesto";

/** Users the popup offers: only those with a role, matching the query by name or role name (accents ignored). */
export function mentionCandidates<T extends MentionUser>(users: readonly T[], query: string): T[] {
  const q = fold(query.trim());
  return users.filter(
    (u) => u.role_name !== null && (!q || fold(u.name).includes(q) || fold(roleLabel(u)).includes(q)),
  );
}
