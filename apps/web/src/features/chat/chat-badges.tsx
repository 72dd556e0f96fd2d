/**
 * The chat button's badges in the shell (seed 002 section 2.1): an unread dot, the mention count and the count of the
 * user's own works (assigned, not completed), kept fresh by
 * the user's channel (`chat.onUser`: mentioned in a new chat, read on another device, a new work). Eager and small:
 * the shell shows it before the panel ever opens.
 */
import { useEffect, useRef } from "react";
import { reportApiError } from "../../lib/api";
import { trpc } from "../../lib/trpc";

const BADGES_REFRESH_MS = 300;
/** Events that move a chat's document (its status, finished or not). */
const DOCUMENT_MOVES: ReadonlySet<string> = new Set(["order.changed", "budget.changed", "crm.changed"]);

/**
 * Call once in the shell: the user's chat events (mentioned in a chat new to them, read elsewhere, a new work) and
 * any message posted in the company refresh the badges and the list. A message in a chat the user already belongs to
 * raises their counters without a user event, so the company's `chat.comment` events count too; the refetch waits a
 * moment so a burst of messages costs one. A document moved elsewhere (`order.changed`, …) refetches the rows alone.
 */
export function useChatUserEvents() {
  const utils = trpc.useUtils();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const refresh = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void utils.chat.badges.invalidate();
      void utils.chat.list.invalidate();
    }, BADGES_REFRESH_MS);
  };
  const listTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(listTimer.current), []);
  const listRefresh = () => {
    clearTimeout(listTimer.current);
    listTimer.current = setTimeout(() => void utils.chat.list.invalidate(), BADGES_REFRESH_MS);
  };
  trpc.chat.onUser.useSubscription(undefined, {
    onData: ({ data }) => {
      // 'new-work': the own-work count and the current-work panel read the new work.
      if (data.channel === "new-work") void utils.workpoint.ownWorks.invalidate();
      refresh();
    },
    onError: reportApiError,
  });
  trpc.company.onEvent.useSubscription(undefined, {
    onData: ({ data }) => {
      if (data.type === "chat.comment") refresh();
      // A row names its document's status and shows it finished or archived: a move elsewhere refetches the rows.
      else if (DOCUMENT_MOVES.has(data.type)) listRefresh();
    },
    onError: reportApiError,
  });
}

export function ChatButtonBadges() {
  const badges = trpc.chat.badges.useQuery().data;
  const works = trpc.workpoint.ownWorks.useQuery().data?.length ?? 0;
  if (!badges) return null;
  return (
    <>
      {works > 0 && (
        <span
          className="chat-button-works"
          aria-label={`${works} ${works === 1 ? "trabajo propio" : "trabajos propios"}`}
        >
          {works}
        </span>
      )}
      {badges.mention > 0 && (
        <span className="chat-button-badge" aria-label={`${badges.mention} menciones`}>
          {badges.mention}
        </span>
      )}
      {badges.unread && <span className="chat-button-dot" role="img" aria-label="Mensajes sin leer" />}
    </>
  );
}
