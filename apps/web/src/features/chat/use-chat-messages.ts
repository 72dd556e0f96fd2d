/**
 * One open chat's messages: shown at once from the local cache, caught up from the server, kept live by
 * `chat.onComments`, and sent optimistically.
 *
 *   const chat = useChatMessages(chatId, me.id, { onOthersMessage: ring });
 *   chat.messages; chat.loadOlder(); chat.send({ comment, picture_ids, event, reply_id }, preview)
 *
 * Catching up: the server pages newest first by (created_at, id); pages are read from the top until one reaches a
 * message already shown (or the end), so what the cache lacked or a dropped socket missed is filled once, in order.
 * The subscription names ids only; each event triggers one catch-up (events arriving together share it). After a
 * reconnect the socket resends the last event id it saw and the server replays what was missed before going live.
 */
import { CHAT_PAGE_SIZE, type ChatCommentItem, type ChatCommentsPage, type ChatSendInput } from "@taller/core";
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { fieldErrorsOf, isClientError, reportApiError } from "../../lib/api";
import { trpc } from "../../lib/trpc";
import { messagesReducer, rings } from "./message-rules";
import { useChatCache } from "./use-chat-cache";

/** A message as the screen holds it: the server's, or an optimistic one (id null) until the server answers. */
export type Message = Omit<ChatCommentItem, "id"> & { id: number | null; key: string; failed?: boolean };

/** Pages read from the top in one catch-up before giving up on overlap and starting over from the server. */
const CATCH_UP_PAGES = 10;

const asMessage = (c: ChatCommentItem): Message => ({ ...c, key: c.client_key ? `k:${c.client_key}` : `id:${c.id}` });

/** A random key for a send: the server answers a retried send with the message the first one posted. */
export const newClientKey = () => crypto.randomUUID().replaceAll("-", "");

export function useChatMessages(
  chatId: number,
  userId: number,
  { onOthersMessage }: { onOthersMessage(m: Message): void },
) {
  const utils = trpc.useUtils();
  const cache = useChatCache();
  const [messages, dispatch] = useReducer(messagesReducer<Message>, []);
  const [first, setFirst] = useState<Pick<ChatCommentsPage, "events" | "current_works" | "budgets"> | null>(null);
  const [older, setOlder] = useState<{ cursor: string | null; loading: boolean }>({ cursor: null, loading: false });
  const [ready, setReady] = useState(false);
  // The last catch-up's failure (shown with 'Reintentar'), null once one succeeds.
  const [failure, setFailure] = useState<unknown>(null);
  // What is on screen, for the catch-up (the reducer's state is one render behind inside callbacks).
  const known = useRef(new Set<number>());
  const live = useRef(true);
  const onOthers = useRef(onOthersMessage);
  onOthers.current = onOthersMessage;

  useEffect(() => {
    known.current = new Set(messages.flatMap((m) => (m.id === null ? [] : [m.id])));
  }, [messages]);

  const fetchPage = useCallback(
    (cursor: string | null) => utils.chat.comments.fetch({ chat_id: chatId, cursor }, { staleTime: 0 }),
    [utils, chatId],
  );

  const running = useRef<Promise<void> | null>(null);
  const olderSet = useRef(false);
  const again = useRef(false);
  /** Reads from the newest page down until it meets a message already shown; `ring` plays for others' new ones. */
  const catchUp = useCallback(
    (ring: boolean): Promise<void> => {
      if (running.current) {
        again.current = true;
        return running.current;
      }
      const run = async () => {
        const fetched: ChatCommentItem[] = [];
        let cursor: string | null = null;
        let overlap = false;
        for (let i = 0; i < CATCH_UP_PAGES; i++) {
          const page: ChatCommentsPage = await fetchPage(cursor);
          if (!live.current) return;
          if (cursor === null)
            setFirst({ events: page.events, current_works: page.current_works, budgets: page.budgets });
          fetched.push(...page.comments);
          overlap = page.comments.some((c) => known.current.has(c.id));
          cursor = page.next_cursor;
          if (overlap || !cursor) break;
        }
        const fresh = fetched.filter((c) => !known.current.has(c.id));
        // No overlap after many pages: what the screen held is too old to join; start over from the server.
        dispatch({ type: overlap || !known.current.size ? "merge" : "reset", messages: fetched.map(asMessage) });
        // The first catch-up (or a restart) sets where older pages continue; later ones only add newer messages.
        if (!olderSet.current || !overlap) {
          olderSet.current = true;
          setOlder({ cursor, loading: false });
        }
        if (cache) void cache.putMessages(chatId, fetched.map(asMessage));
        if (ring) for (const c of fresh) if (rings(c, userId)) onOthers.current(asMessage(c));
        setFailure(null);
      };
      running.current = run()
        .catch((error: unknown) => {
          reportApiError(error);
          if (live.current) setFailure(error);
        })
        .finally(() => {
          running.current = null;
          setReady(true);
          if (again.current) {
            again.current = false;
            void catchUp(ring);
          }
        });
      return running.current;
    },
    [fetchPage, cache, chatId, userId],
  );

  // Open: the cache's copy first, then the server.
  useEffect(() => {
    live.current = true;
    setReady(false);
    setFailure(null);
    setFirst(null);
    setOlder({ cursor: null, loading: false });
    olderSet.current = false;
    dispatch({ type: "reset", messages: [] });
    known.current = new Set();
    void (async () => {
      const cached = cache ? await cache.latestMessages(chatId, CHAT_PAGE_SIZE).catch(() => []) : [];
      if (!live.current) return;
      if (cached.length) {
        known.current = new Set(cached.flatMap((m) => (m.id === null ? [] : [m.id])));
        dispatch({ type: "reset", messages: cached });
      }
      await catchUp(false);
    })();
    return () => {
      live.current = false;
    };
  }, [chatId, cache, catchUp]);

  trpc.chat.onComments.useSubscription(
    { chat_id: chatId },
    {
      // A (re)connected stream may have missed something before it started: catch up once.
      onStarted: () => void catchUp(true),
      onData: ({ data }) => {
        if (data.kind === "new") void catchUp(true);
        else void refreshOne(data.comment_id);
      },
      onError: reportApiError,
    },
  );

  /** A changed or removed message: read pages until the one holding it (usually the first). */
  const refreshOne = async (commentId: number) => {
    let cursor: string | null = null;
    for (let i = 0; i < CATCH_UP_PAGES; i++) {
      const page: ChatCommentsPage | null = await fetchPage(cursor).catch((e: unknown) => {
        reportApiError(e);
        return null;
      });
      if (!page || !live.current) return;
      const hit = page.comments.find((c) => c.id === commentId);
      if (hit || page.comments.some((c) => c.id < commentId) || !page.next_cursor) {
        if (hit) {
          dispatch({ type: "merge", messages: [asMessage(hit)] });
          if (cache) void cache.putMessages(chatId, [asMessage(hit)]);
        }
        if (i === 0) setFirst({ events: page.events, current_works: page.current_works, budgets: page.budgets });
        return;
      }
      cursor = page.next_cursor;
    }
  };

  const loadOlder = useCallback(async () => {
    if (!older.cursor || older.loading) return;
    setOlder({ ...older, loading: true });
    try {
      const page = await fetchPage(older.cursor);
      if (!live.current) return;
      dispatch({ type: "merge", messages: page.comments.map(asMessage) });
      setOlder({ cursor: page.next_cursor, loading: false });
    } catch (error) {
      reportApiError(error);
      setOlder({ ...older, loading: false });
    }
  }, [older, fetchPage]);

  const sendMutation = trpc.chat.send.useMutation();
  /** Why the last send was refused (too many messages, too many mentions), shown above the composer. */
  const [sendError, setSendError] = useState<string | null>(null);
  /**
   * Shows the message at once with an empty id, then the server's; `preview` is what shows meanwhile (local image
   * URLs, the reply's text); `input` prepares what is posted (uploads). Resolves false when the send failed.
   */
  const send = useCallback(
    async (
      input: () => Promise<Omit<ChatSendInput, "chat_id" | "client_key">>,
      preview: Omit<Message, "key" | "id" | "created_at" | "updated_at" | "chat_id">,
    ) => {
      const clientKey = newClientKey();
      const key = `k:${clientKey}`;
      const now = new Date().toISOString() as Message["created_at"];
      dispatch({
        type: "sending",
        message: { ...preview, id: null, key, chat_id: chatId, created_at: now, updated_at: now },
      });
      try {
        // Images upload first (seed 002 section 4.1): the message is posted once they are stored.
        const saved = await sendMutation.mutateAsync({ ...(await input()), chat_id: chatId, client_key: clientKey });
        dispatch({ type: "sent", key, message: asMessage(saved) });
        setSendError(null);
        if (cache) void cache.putMessages(chatId, [asMessage(saved)]);
        return true;
      } catch (error) {
        // Seed 002 section 8: logged; an image message is removed, a text one stays marked as not sent.
        console.error(error);
        dispatch({ type: "failed", key });
        // A refusal the user can act on is said; anything else stays 'No enviado' on the bubble.
        if (isClientError(error)) setSendError(fieldErrorsOf(error).comment?.[0] ?? (error as Error).message);
        return false;
      }
    },
    [chatId, sendMutation, cache],
  );

  /** A message the server answered (an edit or a deletion done here): shown without waiting for the event. */
  const applyFromServer = useCallback(
    (comment: ChatCommentItem) => {
      dispatch({ type: "merge", messages: [asMessage(comment)] });
      if (cache) void cache.putMessages(chatId, [asMessage(comment)]);
    },
    [cache, chatId],
  );

  return {
    messages,
    ready,
    events: first?.events ?? [],
    works: first?.current_works ?? [],
    budgets: first?.budgets ?? [],
    hasOlder: older.cursor !== null,
    loadingOlder: older.loading,
    loadOlder,
    /** Why the messages did not load (null when they did), and asking again. */
    failure,
    retry: () => void catchUp(false),
    send,
    sendError,
    applyFromServer,
  };
}
