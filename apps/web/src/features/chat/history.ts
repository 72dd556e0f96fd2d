// The panel's history of opened chats (seed 002 section 4.1), apart from message-rules.ts: the eager chat store
// needs it, and must not bring core's zod schemas that the message rules use into every staff screen.

/** The chats opened before the current one: back returns to the previous, then to the list (seed 002 section 4.1). */
export function openInHistory<T>(stack: readonly T[], chat: T): T[] {
  return stack.at(-1) === chat ? [...stack] : [...stack, chat];
}
export function back<T>(stack: readonly T[]): { stack: T[]; chat: T | null } {
  const rest = stack.slice(0, -1);
  return { stack: rest, chat: rest.at(-1) ?? null };
}
