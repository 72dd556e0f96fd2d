import { describe, expect, it } from "vitest";
import { commentPreview, compareChats, elapsedText, mentionsAsNames, mentionsIn, type ChatSortKey } from "../src/chat";
import { chatSendInput } from "../src/chat-schemas";

const chat = (id: number, over: Partial<ChatSortKey> = {}): ChatSortKey => ({
  id,
  own_works: 0,
  mention: 0,
  listed: true,
  activity_at: "2026-11-20T10:00:00.000Z",
  ...over,
});

describe("compareChats (seed 002 section 4.1)", () => {
  it("own active works first, then mentions, then listed before archived, then the latest activity, then the id", () => {
    const chats = [
      chat(1, { activity_at: "2026-11-22T10:00:00.000Z" }),
      chat(2, { listed: false, activity_at: "2026-11-23T10:00:00.000Z" }),
      chat(3, { mention: 2 }),
      chat(4, { own_works: 1, activity_at: "2026-11-01T00:00:00.000Z" }),
      chat(5, { mention: 1, listed: false }),
      chat(6, { activity_at: "2026-11-22T10:00:00.000Z" }),
      chat(7, { own_works: 2, mention: 1 }),
    ];
    expect([...chats].sort(compareChats).map((c) => c.id)).toEqual([7, 4, 3, 5, 6, 1, 2]);
  });

  it("is a total order (antisymmetric, the id breaks every tie)", () => {
    const a = chat(1);
    const b = chat(2);
    expect(compareChats(a, b)).toBeGreaterThan(0);
    expect(compareChats(b, a)).toBeLessThan(0);
    expect(compareChats(a, a)).toBe(0);
  });
});

describe("mentions", () => {
  it("reads (user:ID) and (client:ID) once each, ignoring malformed ones", () => {
    expect(mentionsIn("hola (user:3) y (user:3) (client:9) (user:0) (user:abc) (user:99999999999)")).toEqual({
      users: [3],
      clients: [9],
    });
  });
  it("writes mentions as @name", () => {
    expect(
      mentionsAsNames("mira (user:3) y (client:9)", (kind, id) => (kind === "user" && id === 3 ? "Ana" : undefined)),
    ).toBe("mira @Ana y @");
  });
});

describe("commentPreview", () => {
  it("the author's first name and 40 characters", () => {
    expect(commentPreview("Ana Administradora", "a".repeat(50))).toBe(`Ana: ${"a".repeat(40)}...`);
    expect(commentPreview(null, "  corto \n texto ")).toBe("corto texto");
  });
});

describe("elapsedText", () => {
  it("says days, else hours, else minutes", () => {
    expect(elapsedText(3 * 86_400_000 + 5)).toBe("3 día(s)");
    expect(elapsedText(2 * 3_600_000 + 59 * 60_000)).toBe("2 hora(s)");
    expect(elapsedText(59 * 60_000)).toBe("59 minuto(s)");
    expect(elapsedText(-5)).toBe("0 minuto(s)");
  });
});

describe("chatSendInput", () => {
  it("needs trimmed text, an event or pictures", () => {
    expect(chatSendInput.safeParse({ chat_id: 1, client_key: "abcdefgh", comment: "   " }).success).toBe(false);
    expect(chatSendInput.safeParse({ chat_id: 1, client_key: "abcdefgh", comment: " hola " }).success).toBe(true);
    const event = { name: "Prueba", start: "2026-11-23T15:00:00.000Z" };
    expect(chatSendInput.parse({ chat_id: 1, client_key: "abcdefgh", event }).event?.duration).toBe(1);
    expect(
      chatSendInput.safeParse({ chat_id: 1, client_key: "abcdefgh", event: { ...event, duration: 0.5 } }).success,
    ).toBe(false);
  });
});
