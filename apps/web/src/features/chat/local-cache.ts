/**
 * The browser's copy of the chat (seed 002 section 7.1, seed 000 sections 2.2 and 7): chats and recent messages in
 * IndexedDB (through `idb`), so the list and an opened chat show at once and then catch up from the server.
 *
 *   const cache = await openChatCache(userId, { onUpgrade: (busy) => setUpgrading(busy) });
 *   await cache.putChats(chats); await cache.chats();
 *   await cache.putMessages(chatId, page); await cache.latestMessages(chatId, 20);
 *
 * One database per user on this browser, so a shared computer never shows one user's chats to the next; logout
 * leaves it (the next login of the same user starts warm) and the server remains the truth: whatever the cache
 * holds is replaced by what the server answers. A browser without IndexedDB (or one that refuses it) gets null and
 * the chat works from the server alone.
 */
import { type DBSchema, type IDBPDatabase, openDB } from "idb";

/** Raise with a change of stores or indexes; `upgrade` below migrates from every older version. */
export const CACHE_VERSION = 1;
/** Messages kept per chat: a few pages, enough to open instantly; older ones come from the server. */
export const MESSAGES_KEPT = 100;

interface Stored<T> {
  id: number;
  value: T;
}

interface StoredMessage<T> extends Stored<T> {
  chat_id: number;
  created_at: string;
}

interface ChatDb<C, M> extends DBSchema {
  chats: { key: number; value: Stored<C> };
  messages: { key: number; value: StoredMessage<M>; indexes: { by_chat: [number, string, number] } };
}

export interface CachedMessage {
  id: number | null;
  created_at: string;
}

export interface ChatCache<C extends { id: number }, M extends CachedMessage> {
  chats(): Promise<C[]>;
  putChats(chats: readonly C[]): Promise<void>;
  /** The newest `limit` messages of a chat, oldest first. */
  latestMessages(chatId: number, limit: number): Promise<M[]>;
  /** Stores server messages (optimistic ones, without an id, are not kept) and trims the chat to MESSAGES_KEPT. */
  putMessages(chatId: number, messages: readonly M[]): Promise<void>;
  close(): void;
}

export const cacheName = (userId: number) => `taller-chat-${userId}`;

export async function openChatCache<C extends { id: number }, M extends CachedMessage>(
  userId: number,
  { onUpgrade = () => {} }: { onUpgrade?(busy: boolean): void } = {},
): Promise<ChatCache<C, M> | null> {
  if (typeof indexedDB === "undefined") return null;
  let db: IDBPDatabase<ChatDb<C, M>>;
  try {
    db = await openDB<ChatDb<C, M>>(cacheName(userId), CACHE_VERSION, {
      upgrade(database, oldVersion) {
        // Seed 000 section 2.2: 'Actualizando base de datos local...' shows until the upgrade's transaction ends.
        onUpgrade(true);
        if (oldVersion < 1) {
          database.createObjectStore("chats", { keyPath: "id" });
          database
            .createObjectStore("messages", { keyPath: "id" })
            .createIndex("by_chat", ["chat_id", "created_at", "id"]);
        }
      },
      // Another tab holds the old version open: it closes its copy (below) and this one proceeds.
      blocked: () => onUpgrade(true),
    });
  } catch {
    onUpgrade(false);
    return null;
  }
  onUpgrade(false);
  // A newer tab wants to upgrade: let it, this tab reopens on its next load.
  db.addEventListener("versionchange", () => db.close());

  const range = (chatId: number) => IDBKeyRange.bound([chatId, "", 0], [chatId, "\uffff", Number.MAX_SAFE_INTEGER]);

  return {
    async chats() {
      return (await db.getAll("chats")).map((s) => s.value);
    },
    async putChats(chats) {
      const tx = db.transaction("chats", "readwrite");
      await Promise.all([...chats.map((c) => tx.store.put({ id: c.id, value: c })), tx.done]);
    },
    async latestMessages(chatId, limit) {
      const out: M[] = [];
      let cursor = await db.transaction("messages").store.index("by_chat").openCursor(range(chatId), "prev");
      while (cursor && out.length < limit) {
        out.push(cursor.value.value);
        cursor = await cursor.continue();
      }
      return out.reverse();
    },
    async putMessages(chatId, messages) {
      const tx = db.transaction("messages", "readwrite");
      for (const m of messages) {
        if (m.id !== null) void tx.store.put({ id: m.id, chat_id: chatId, created_at: m.created_at, value: m });
      }
      // Keep the newest MESSAGES_KEPT: walk from the newest and delete past the limit.
      let kept = 0;
      let cursor = await tx.store.index("by_chat").openCursor(range(chatId), "prev");
      while (cursor) {
        if (++kept > MESSAGES_KEPT) await cursor.delete();
        cursor = await cursor.continue();
      }
      await tx.done;
    },
    close: () => db.close(),
  };
}
