import {
  ASSISTANT_TIMEOUT_MS,
  assistantWorking,
  chatDocumentLabel,
  DEFAULT_TERMS,
  type Instant,
  termWords,
} from "@taller/core";
import { describe, expect, it } from "vitest";
import { ASSISTANT_SYSTEM_PROMPT, buildPrompt, contextLabel, HISTORY_BUDGET } from "../src/assistant/prompt";

const at = (ms: number) => new Date(ms).toISOString() as Instant;

describe("assistant prompt", () => {
  it("sends the system prompt, the context, the thread without System notices, and the question last", () => {
    const messages = buildPrompt(
      [
        { author_type: "User", text: "¿Hola?" },
        { author_type: "System", text: "El asistente no pudo responder." },
        { author_type: "Assistant", text: "Hola." },
      ],
      "¿Qué falta?",
      {
        type: "Order",
        label: "Orden",
        correlative_id: 12,
        title: "ABCD12 Toyota",
        subtitle: "Juan",
        finished: false,
        messages: [{ author: "Ana", text: "Revisar frenos" }],
      },
    );
    expect(messages.map((m) => m.role)).toEqual(["system", "system", "user", "assistant", "user"]);
    expect(messages[0]?.content).toBe(ASSISTANT_SYSTEM_PROMPT);
    expect(messages[1]?.content).toBe(
      "Documento: Orden #12\nTítulo: ABCD12 Toyota\nDetalle: Juan\nEstado: en curso\nÚltimos mensajes del chat del documento:\n- Ana: Revisar frenos",
    );
    expect(messages.at(-1)).toEqual({ role: "user", content: "¿Qué falta?" });
  });

  it("drops the oldest turns beyond the budget", () => {
    const long = "x".repeat(HISTORY_BUDGET / 2);
    const messages = buildPrompt(
      [
        { author_type: "User", text: `viejo ${long}` },
        { author_type: "User", text: long },
        { author_type: "Assistant", text: long },
      ],
      "¿?",
      null,
    );
    expect(messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
  });

  it("labels the context for the thread", () => {
    const demo = { order: termWords(DEFAULT_TERMS.order), crm: termWords(DEFAULT_TERMS.crm) };
    const own = { ...demo, order: termWords({ singular: "Reparación", plural: "Reparaciones" }) };
    expect(contextLabel({ label: chatDocumentLabel("Budget", demo), correlative_id: 7, title: "" })).toBe(
      "Presupuesto #7",
    );
    const order = { label: chatDocumentLabel("Order", demo), correlative_id: 3, title: "ABCD12" };
    expect(contextLabel(order)).toBe("Orden #3 · ABCD12");
    expect(contextLabel({ ...order, label: chatDocumentLabel("Order", own) })).toBe("Reparación #3 · ABCD12");
  });

  it("is working while the newest message is the user's question, up to the timeout", () => {
    const now = Date.parse("2026-11-23T12:00:00Z");
    const question = { author_type: "User" as const, deleted_at: null, created_at: at(now - 1000) };
    expect(assistantWorking(question, now)).toBe(true);
    expect(assistantWorking({ ...question, created_at: at(now - ASSISTANT_TIMEOUT_MS) }, now)).toBe(false);
    expect(assistantWorking({ ...question, author_type: "Assistant" }, now)).toBe(false);
    expect(assistantWorking({ ...question, deleted_at: at(now) }, now)).toBe(false);
    expect(assistantWorking(null, now)).toBe(false);
  });
});
