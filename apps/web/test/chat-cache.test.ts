import "fake-indexeddb/auto";
import { describe, expect, it, vi } from "vitest";
import { cacheName, MESSAGES_KEPT, openChatCache } from "../src/features/chat/local-cache";

interface Chat {
  id: number;
  title: string;
}
interface Msg {
  id: number | null;
  created_at: string;
  text: string;
}
const at = (i: number) => new Date(Date.UTC(2026, 10, 23, 10, 0, i)).toISOString();

describe("the chat's local cache (IndexedDB)", () => {
  it("reports its schema upgrade while it runs, then keeps chats per user", async () => {
    const onUpgrade = vi.fn();
    const cache = await openChatCache<Chat, Msg>(1, { onUpgrade });
    expect(onUpgrade.mock.calls).toEqual([[true], [false]]);
    await cache?.putChats([
      { id: 1, title: "a" },
      { id: 2, title: "b" },
    ]);
    await cache?.putChats([{ id: 2, title: "b2" }]);
    expect(await cache?.chats()).toEqual([
      { id: 1, title: "a" },
      { id: 2, title: "b2" },
    ]);
    cache?.close();

    // Reopening the same version upgrades nothing; another user has a database of their own.
    const again = vi.fn();
    const reopened = await openChatCache<Chat, Msg>(1, { onUpgrade: again });
    expect(again.mock.calls).toEqual([[false]]);
    expect(await reopened?.chats()).toHaveLength(2);
    reopened?.close();
    const other = await openChatCache<Chat, Msg>(2);
    expect(await other?.chats()).toEqual([]);
    other?.close();
    expect(cacheName(1)).not.toBe(cacheName(2));
  });

  it("answers a chat's newest messages oldest first, skips optimistic ones and trims old ones", async () => {
    const cache = await openChatCache<Chat, Msg>(3);
    const many = Array.from({ length: MESSAGES_KEPT + 10 }, (_, i) => ({
      id: i + 1,
      created_at: at(i),
      text: `m${i + 1}`,
    }));
    await cache?.putMessages(7, many);
    await cache?.putMessages(8, [{ id: 1000, created_at: at(0), text: "otro chat" }]);
    await cache?.putMessages(7, [{ id: null, created_at: at(500), text: "pendiente" }]);
    const latest = await cache?.latestMessages(7, 20);
    expect(latest?.map((m) => m.id)).toEqual(many.slice(-20).map((m) => m.id));
    expect(await cache?.latestMessages(7, 1000)).toHaveLength(MESSAGES_KEPT);
    expect((await cache?.latestMessages(8, 20))?.map((m) => m.text)).toEqual(["otro chat"]);
    // An edited message replaces its copy.
    await cache?.putMessages(7, [{ id: MESSAGES_KEPT + 10, created_at: at(MESSAGES_KEPT + 9), text: "editado" }]);
    expect((await cache?.latestMessages(7, 1))?.[0]?.text).toBe("editado");
    cache?.close();
  });
});
