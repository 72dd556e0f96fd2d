import { DEFAULT_TERMS, type Instant, termWords } from "@taller/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { chatTime, emptyListText, lastCommentLine, workName, worksStrip } from "../src/features/chat/list-rules";
import {
  insertMention,
  mentionCandidates,
  mentionQuery,
  roleLabel,
  splitMentions,
} from "../src/features/chat/mentions";
import {
  authorName,
  canDelete,
  canSend,
  createReadMarker,
  eventFormErrors,
  messagesReducer,
  nearTop,
  onlyImages,
  rings,
  showGoToEnd,
  type MessageBase,
} from "../src/features/chat/message-rules";
import { back, openInHistory } from "../src/features/chat/history";
import { eventClock, hhmmss, sinceText } from "../src/features/chat/time-rules";

const DEMO = { order: termWords(DEFAULT_TERMS.order), crm: termWords(DEFAULT_TERMS.crm) };

const at = (iso: string) => iso as Instant;

describe("chat rows", () => {
  it("the last comment is the author's first name and the text's first 40 characters", () => {
    const long = "Se cambió el filtro de aceite y también el de aire del motor";
    const line = lastCommentLine({ author_name: "Ana María Soto", text: long, deleted: false });
    expect(line).toBe(`Ana: ${long.slice(0, 40)}...`);
    expect(lastCommentLine({ author_name: "Ana", text: "Listo", deleted: false })).toBe("Ana: Listo");
  });

  it("mentions read as names; deleted, empty and missing comments and nameless authors have their words", () => {
    const names = (kind: "user" | "client", id: number) => (kind === "user" ? `U${id}` : `C${id}`);
    expect(lastCommentLine({ author_name: "Ana", text: "(user:4) mira (client:9)", deleted: false }, names)).toBe(
      "Ana: @U4 mira @C9",
    );
    expect(lastCommentLine({ author_name: "Ana", text: "x", deleted: true })).toBe("Ana: Mensaje eliminado");
    expect(lastCommentLine({ author_name: null, text: "hola", deleted: false })).toBe("Sin autor: hola");
    expect(lastCommentLine({ author_name: "Ana", text: "  ", deleted: false })).toBe("Ana: Sin comentario");
    expect(lastCommentLine(null)).toBe("Sin comentario");
  });

  it("the time is HH:mm today in Chile, else the short date", () => {
    const now = new Date("2026-11-23T15:00:00.000Z"); // 12:00 in Santiago (UTC-3)
    expect(chatTime(at("2026-11-23T13:05:00.000Z"), now)).toBe("10:05");
    // 02:30 UTC on the 23rd is still the 22nd in Santiago.
    expect(chatTime(at("2026-11-23T02:30:00.000Z"), now)).toBe("22-11-26");
    expect(chatTime(at("2026-10-01T12:00:00.000Z"), now)).toBe("01-10-26");
    expect(chatTime(null, now)).toBe("");
  });

  it("the empty and loading texts are the spec's", () => {
    expect(emptyListText({ loading: true, tab: "Order", filtered: false }, DEMO)).toBe("Cargando chats...");
    expect(emptyListText({ loading: false, tab: "Order", filtered: false }, DEMO)).toBe(
      "No hay chats aun ¡Agrega uno desde ordenes de trabajo!",
    );
    expect(emptyListText({ loading: false, tab: "Order", filtered: true }, DEMO)).toBe("No hay chats de Órdenes");
    expect(emptyListText({ loading: false, tab: "Budget", filtered: false }, DEMO)).toBe(
      "No hay chats de Presupuestos",
    );
  });

  it("name the company's own orders", () => {
    const own = { ...DEMO, order: termWords({ singular: "Reparación", plural: "Reparaciones" }) };
    expect(emptyListText({ loading: false, tab: "Order", filtered: false }, own)).toBe(
      "No hay chats aun ¡Agrega uno desde reparaciones!",
    );
    expect(emptyListText({ loading: false, tab: "Order", filtered: true }, own)).toBe("No hay chats de Reparaciones");
  });

  it("the works strip shows 7 workers then '+N más'; work names are cut to 15 characters", () => {
    const ten = Array.from({ length: 10 }, (_, i) => i);
    expect(worksStrip(ten)).toEqual({ shown: [0, 1, 2, 3, 4, 5, 6], more: "+3 más" });
    expect(worksStrip(ten.slice(0, 7))).toEqual({ shown: ten.slice(0, 7), more: null });
    expect(workName("Alineación y balanceo")).toBe("Alineación y b…");
    expect(workName("Frenos")).toBe("Frenos");
  });
});

describe("clocks", () => {
  const now = new Date("2026-11-23T15:00:00.000Z");
  it("elapsed time in día(s), hora(s), minuto(s)", () => {
    expect(sinceText(at("2026-11-23T14:15:30.000Z"), now)).toBe("44 minuto(s)");
    expect(sinceText(at("2026-11-23T12:00:00.000Z"), now)).toBe("3 hora(s)");
    expect(sinceText(at("2026-11-21T10:00:00.000Z"), now)).toBe("2 día(s)");
    // A browser clock behind the server's never shows a negative time.
    expect(sinceText(at("2026-11-23T15:01:00.000Z"), now)).toBe("0 minuto(s)");
  });

  it("events: upcoming counts down, ongoing counts up for duration hours, then hidden", () => {
    const event = { start_date: at("2026-11-23T16:00:00.000Z"), duration: 2 };
    expect(eventClock(event, now)).toEqual({ state: "upcoming", text: "01:00:00" });
    expect(eventClock(event, new Date("2026-11-23T16:00:01.000Z"))).toEqual({ state: "ongoing", text: "00:00:01" });
    expect(eventClock(event, new Date("2026-11-23T17:59:59.000Z"))).toEqual({ state: "ongoing", text: "01:59:59" });
    expect(eventClock(event, new Date("2026-11-23T18:00:00.000Z"))).toBeNull();
    expect(hhmmss(3 * 24 * 3600_000 + 61_000)).toBe("72:01:01");
  });
});

describe("mentions (seed 001 section 9)", () => {
  it("splits stored mentions out of the text", () => {
    expect(splitMentions("hola (user:12), mira (client:7)!")).toEqual([
      { text: "hola " },
      { kind: "user", id: 12 },
      { text: ", mira " },
      { kind: "client", id: 7 },
      { text: "!" },
    ]);
    expect(splitMentions("(user:abc) (usuario:1)")).toEqual([{ text: "(user:abc) (usuario:1)" }]);
  });

  it("the popup opens after @, follows the query, and closes on space or when the @ is gone", () => {
    expect(mentionQuery("hola @", 6)).toBe("");
    expect(mentionQuery("hola @ju", 8)).toBe("ju");
    expect(mentionQuery("hola @ju an", 11)).toBeNull();
    expect(mentionQuery("hola @ju ", 9)).toBeNull();
    expect(mentionQuery("correo a@b.cl", 13)).toBeNull();
    expect(mentionQuery("", 0)).toBeNull();
    expect(mentionQuery("@", 1)).toBe("");
  });

  it("choosing a user replaces that @ with one mention and a space", () => {
    expect(insertMention("hola @ju y más", 8, 12)).toEqual({ text: "hola (user:12)  y más", caret: 15 });
    expect(insertMention("@", 1, 3)).toEqual({ text: "(user:3) ", caret: 9 });
    // The popup closes after it: the caret follows a space.
    const { text, caret } = insertMention("hola @ju", 8, 12);
    expect(mentionQuery(text, caret)).toBeNull();
  });

  it("lists only users with a role, by name or role name; the role label defaults to 'Puesto'", () => {
    const users = [
      { id: 1, name: "José Pérez", role_name: "Técnico" },
      { id: 2, name: "Ana Soto", role_name: "Asesor" },
      { id: 3, name: "Sin Rol", role_name: null },
      { id: 4, name: "Luis", role_name: "" },
    ];
    expect(mentionCandidates(users, "").map((u) => u.id)).toEqual([1, 2, 4]);
    expect(mentionCandidates(users, "jose").map((u) => u.id)).toEqual([1]);
    expect(mentionCandidates(users, "tecn").map((u) => u.id)).toEqual([1]);
    expect(mentionCandidates(users, "puesto").map((u) => u.id)).toEqual([4]);
    expect(mentionCandidates(users, "rol")).toEqual([]);
    expect(roleLabel(users[3] as (typeof users)[number])).toBe("Puesto");
  });
});

interface Msg extends MessageBase {
  text: string;
}
const msg = (id: number | null, key: string, created: string, over: Partial<Msg> = {}): Msg => ({
  id,
  key,
  created_at: at(created),
  pictures: [],
  text: key,
  ...over,
});

describe("optimistic messages (seed 002 sections 4.1 and 8)", () => {
  const base = [msg(1, "1", "2026-11-23T10:00:00.000Z"), msg(2, "2", "2026-11-23T10:01:00.000Z")];

  it("a sent message shows at once with an empty id, then takes the server's id under the same key", () => {
    let state = messagesReducer(base, { type: "sending", message: msg(null, "local-a", "2026-11-23T10:02:00.000Z") });
    expect(state.map((m) => m.id)).toEqual([1, 2, null]);
    state = messagesReducer(state, {
      type: "sent",
      key: "local-a",
      message: msg(3, "3", "2026-11-23T10:02:01.000Z", { text: "hola" }),
    });
    expect(state.at(-1)).toMatchObject({ id: 3, key: "local-a", text: "hola" });
  });

  it("when the realtime event arrived first, the answer does not duplicate it", () => {
    let state = messagesReducer(base, { type: "sending", message: msg(null, "local-a", "2026-11-23T10:02:00.000Z") });
    state = messagesReducer(state, { type: "merge", messages: [msg(3, "other", "2026-11-23T10:02:01.000Z")] });
    state = messagesReducer(state, { type: "sent", key: "local-a", message: msg(3, "3", "2026-11-23T10:02:01.000Z") });
    expect(state.map((m) => m.id)).toEqual([1, 2, 3]);
    // The event's copy carries the sender's key: it takes the optimistic row's place at once, never two rows.
    state = messagesReducer(base, { type: "sending", message: msg(null, "k:abc", "2026-11-23T10:02:00.000Z") });
    state = messagesReducer(state, { type: "merge", messages: [msg(4, "k:abc", "2026-11-23T10:02:01.000Z")] });
    expect(state.map((m) => [m.id, m.key])).toEqual([
      [1, "1"],
      [2, "2"],
      [4, "k:abc"],
    ]);
  });

  it("a failed image message is removed; a failed text stays, marked", () => {
    let state = messagesReducer(base, {
      type: "sending",
      message: msg(null, "img", "2026-11-23T10:02:00.000Z", { pictures: ["blob:x"] }),
    });
    state = messagesReducer(state, { type: "sending", message: msg(null, "txt", "2026-11-23T10:02:01.000Z") });
    state = messagesReducer(state, { type: "failed", key: "img" });
    state = messagesReducer(state, { type: "failed", key: "txt" });
    expect(state.map((m) => [m.key, m.failed ?? false])).toEqual([
      ["1", false],
      ["2", false],
      ["txt", true],
    ]);
  });

  it("merging pages and events keeps (created_at, id) order, replaces known ids and keeps their keys", () => {
    let state = messagesReducer(base, { type: "merge", messages: [msg(0, "0", "2026-11-23T09:00:00.000Z")] });
    state = messagesReducer(state, {
      type: "merge",
      messages: [msg(2, "2b", "2026-11-23T10:01:00.000Z", { text: "editado" })],
    });
    expect(state.map((m) => m.id)).toEqual([0, 1, 2]);
    expect(state[2]).toMatchObject({ key: "2", text: "editado" });
    // Same instant: the id decides.
    state = messagesReducer([], {
      type: "merge",
      messages: [msg(9, "9", "2026-11-23T10:00:00.000Z"), msg(8, "8", "2026-11-23T10:00:00.000Z")],
    });
    expect(state.map((m) => m.id)).toEqual([8, 9]);
  });
});

describe("who wrote a message", () => {
  it("the user, else the client of a WhatsApp message, else the system or the assistant, else 'Sin autor'", () => {
    const user = { id: 1, name: "Ana Soto", picture: null };
    expect(authorName({ author_type: "User", author: user, client_name: null })).toBe("Ana Soto");
    expect(authorName({ author_type: "Client", author: null, client_name: "JUAN PÉREZ" })).toBe("JUAN PÉREZ");
    expect(authorName({ author_type: "System", author: null, client_name: null })).toBe("Sistema");
    expect(authorName({ author_type: "Assistant", author: null, client_name: null })).toBe("Asistente");
    expect(authorName({ author_type: "Client", author: null, client_name: null })).toBe("Sin autor");
    // A reply's quote has no author type: its author or client names it.
    expect(authorName({ author: null, client_name: "+56911112222" })).toBe("+56911112222");
  });
});

describe("message rules (seed 002 sections 5 and 9)", () => {
  const now = new Date("2026-11-23T15:00:00.000Z");
  const mine = {
    id: 5,
    author: { id: 7 },
    author_type: "User",
    created_at: at("2026-11-23T14:56:00.000Z"),
    deleted_at: null,
  };

  it("only the author deletes, within 5 minutes, a message the server has", () => {
    expect(canDelete(mine, 7, now)).toBe(true);
    expect(canDelete(mine, 8, now)).toBe(false);
    expect(canDelete({ ...mine, created_at: at("2026-11-23T14:55:00.000Z") }, 7, now)).toBe(false);
    expect(canDelete({ ...mine, id: null }, 7, now)).toBe(false);
    expect(canDelete({ ...mine, deleted_at: at("2026-11-23T14:57:00.000Z") }, 7, now)).toBe(false);
    expect(canDelete({ ...mine, author_type: "Client" }, 7, now)).toBe(false);
  });

  it("sends only trimmed text, an event or images, never while the agent works", () => {
    expect(canSend({ text: "  \n ", event: null, images: [] })).toBe(false);
    expect(canSend({ text: " hola ", event: null, images: [] })).toBe(true);
    expect(canSend({ text: "", event: { name: "x" }, images: [] })).toBe(true);
    expect(canSend({ text: "", event: null, images: [{}] })).toBe(true);
    expect(canSend({ text: "hola", event: null, images: [], agentWorking: true })).toBe(false);
    // The budget form: open with zero actions blocks sending, whatever else the draft has; one action sends.
    expect(canSend({ text: "hola", event: null, images: [], budget: { actions: 0 } })).toBe(false);
    expect(canSend({ text: "", event: null, images: [], budget: { actions: 1 } })).toBe(true);
    expect(canSend({ text: "", event: null, images: [], budget: null })).toBe(false);
  });

  it("rings for others' messages only", () => {
    expect(rings({ author: { id: 7 }, author_type: "User" }, 7)).toBe(false);
    expect(rings({ author: { id: 8 }, author_type: "User" }, 7)).toBe(true);
    expect(rings({ author: null, author_type: "Assistant" }, 7)).toBe(true);
    expect(rings({ author: null, author_type: "System" }, 7)).toBe(true);
  });

  it("'Ir al final' beyond 300 px from the bottom; older pages within 100 px of the top", () => {
    expect(showGoToEnd({ scrollTop: 0, scrollHeight: 1000, clientHeight: 600 })).toBe(true);
    expect(showGoToEnd({ scrollTop: 100, scrollHeight: 1000, clientHeight: 600 })).toBe(false);
    expect(nearTop({ scrollTop: 100, scrollHeight: 1000, clientHeight: 600 })).toBe(true);
    expect(nearTop({ scrollTop: 101, scrollHeight: 1000, clientHeight: 600 })).toBe(false);
  });

  it("the event form wants a name, a start and at least one hour", () => {
    expect(eventFormErrors({ name: "Entrega", start: "2026-11-24T10:00", duration: 1 })).toEqual({});
    expect(eventFormErrors({ name: " ", start: "", duration: 0.5 })).toEqual({
      name: "Ingresa un nombre",
      start: "Fecha de inicio inválida",
      duration: "La duración mínima es de 1 hora",
    });
    expect(eventFormErrors({ name: "Entrega", start: "2026-11-24T10:00", duration: Number.NaN })).toEqual({
      duration: "Ingresa la duración en horas",
    });
  });

  it("the picker keeps images only", () => {
    expect(onlyImages([{ type: "image/png" }, { type: "application/pdf" }, { type: "image/jpeg" }])).toHaveLength(2);
  });

  it("back walks the history of opened chats, then the list", () => {
    let stack = openInHistory<number>([], 1);
    stack = openInHistory(stack, 2);
    stack = openInHistory(stack, 2);
    expect(stack).toEqual([1, 2]);
    const first = back(stack);
    expect(first).toEqual({ stack: [1], chat: 1 });
    expect(back(first.stack)).toEqual({ stack: [], chat: null });
  });
});

describe("read marking (debounce 300 ms, never > 300 px from the bottom)", () => {
  afterEach(() => vi.useRealTimers());

  it("marks once after 300 ms of quiet near the bottom, and never while scrolled away", () => {
    vi.useFakeTimers();
    const mark = vi.fn();
    const marker = createReadMarker(mark);
    marker.seen(10, 0);
    vi.advanceTimersByTime(299);
    marker.seen(11, 50); // a new message restarts the wait
    vi.advanceTimersByTime(299);
    expect(mark).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(mark).toHaveBeenCalledExactlyOnceWith(11);
    marker.seen(11, 0);
    vi.advanceTimersByTime(1000);
    expect(mark).toHaveBeenCalledTimes(1);

    marker.seen(12, 10);
    marker.seen(12, 301); // scrolled away before the wait ended: cancelled
    vi.advanceTimersByTime(1000);
    expect(mark).toHaveBeenCalledTimes(1);
    marker.seen(12, 300);
    vi.advanceTimersByTime(300);
    expect(mark).toHaveBeenLastCalledWith(12);
  });
});
