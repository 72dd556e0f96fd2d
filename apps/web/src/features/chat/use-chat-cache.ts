/**
 * The signed-in user's local chat cache (local-cache.ts), opened once per user and shared by the list and the open
 * chat; null until it opened, and for good when the browser has no IndexedDB.
 *
 *   const cache = useChatCache();
 *   const upgrading = useCacheUpgrading();   // 'Actualizando base de datos local...' while true
 */
import type { ChatListItem } from "@taller/core";
import { useEffect, useState, useSyncExternalStore } from "react";
import { trpc } from "../../lib/trpc";
import { type ChatCache, openChatCache } from "./local-cache";
import type { Message } from "./use-chat-messages";

export type UserChatCache = ChatCache<ChatListItem, Message>;

const opened = new Map<number, Promise<UserChatCache | null>>();

let upgrading = false;
const listeners = new Set<() => void>();
function setUpgrading(busy: boolean) {
  upgrading = busy;
  for (const l of listeners) l();
}

export function useChatCache(): UserChatCache | null {
  const userId = trpc.auth.me.useQuery().data?.id;
  const [cache, setCache] = useState<UserChatCache | null>(null);
  useEffect(() => {
    if (userId === undefined) return;
    let live = true;
    let pending = opened.get(userId);
    if (!pending) {
      pending = openChatCache<ChatListItem, Message>(userId, { onUpgrade: setUpgrading });
      opened.set(userId, pending);
    }
    void pending.then((c) => live && setCache(c));
    return () => {
      live = false;
    };
  }, [userId]);
  return cache;
}

export function useCacheUpgrading(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => upgrading,
  );
}
