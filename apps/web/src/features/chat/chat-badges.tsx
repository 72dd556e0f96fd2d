/**
 * The chat button's badges in the shell (seed 002 section 2.1): an unread dot and the mention count, kept fresh by
 * the user's channel (`chat.onUser`: mentioned in a new chat, read on another device, a new work). Eager and small:
 * the shell shows it before the panel ever opens.
 */
import { reportApiError } from "../../lib/api";
import { trpc } from "../../lib/trpc";

/** Call once in the shell: the user's chat events refresh the badges and the list. */
export function useChatUserEvents() {
  const utils = trpc.useUtils();
  trpc.chat.onUser.useSubscription(undefined, {
    onData: () => {
      void utils.chat.badges.invalidate();
      void utils.chat.list.invalidate();
    },
    onError: reportApiError,
  });
}

export function ChatButtonBadges() {
  const badges = trpc.chat.badges.useQuery().data;
  if (!badges) return null;
  return (
    <>
      {badges.mention > 0 && (
        <span className="chat-button-badge" aria-label={`${badges.mention} menciones`}>
          {badges.mention}
        </span>
      )}
      {badges.unread && <span className="chat-button-dot" role="img" aria-label="Mensajes sin leer" />}
    </>
  );
}
