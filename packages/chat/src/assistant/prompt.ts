// What the model is told (pure, tested without a database): who it is, the document the question is about (its
// facts and latest messages, only what the asking user may read), the thread so far, and the question.
import type { ChatAuthorType, ChatDocument } from "@taller/core";
import type { CompletionMessage } from "./completion";

export const ASSISTANT_SYSTEM_PROMPT =
  "Eres el asistente de un taller mecánico en Chile. Responde en español, de forma breve y concreta. " +
  "Usa el contexto del documento cuando se entregue y no inventes datos que no aparezcan en él.";

/** Most characters of earlier messages sent with a question (the newest are kept). */
export const HISTORY_BUDGET = 12_000;

export interface PromptContext {
  type: ChatDocument;
  /** The document type's name in the company's words (`chatDocumentLabel`). */
  label: string;
  correlative_id: number | null;
  title: string;
  subtitle: string;
  finished: boolean;
  /** The document chat's latest messages, oldest first. */
  messages: { author: string | null; text: string }[];
}

export interface PromptTurn {
  author_type: ChatAuthorType;
  text: string;
}

const numbered = (context: Pick<PromptContext, "label" | "correlative_id">) =>
  `${context.label}${context.correlative_id ? ` #${context.correlative_id}` : ""}`;

export function contextText(context: PromptContext): string {
  const lines = [
    `Documento: ${numbered(context)}`,
    context.title && `Título: ${context.title}`,
    context.subtitle && `Detalle: ${context.subtitle}`,
    `Estado: ${context.finished ? "finalizado" : "en curso"}`,
  ].filter(Boolean);
  if (context.messages.length) {
    lines.push("Últimos mensajes del chat del documento:");
    for (const m of context.messages) lines.push(`- ${m.author ?? "Sin autor"}: ${m.text}`);
  }
  return lines.join("\n");
}

/** A short label of the context for the thread's subtitle ('Orden #12 · ABCD12 Toyota'). */
export function contextLabel(context: Pick<PromptContext, "label" | "correlative_id" | "title">): string {
  const head = numbered(context);
  return (context.title ? `${head} · ${context.title}` : head).slice(0, 120);
}

/**
 * The messages of one completion: the system prompt, the context, the thread's earlier questions and answers
 * (oldest first, System notices left out, the oldest dropped beyond HISTORY_BUDGET) and the question.
 */
export function buildPrompt(
  history: PromptTurn[],
  question: string,
  context: PromptContext | null,
): CompletionMessage[] {
  const turns: CompletionMessage[] = [];
  let budget = HISTORY_BUDGET;
  for (let i = history.length - 1; i >= 0; i--) {
    const turn = history[i];
    if (!turn || turn.author_type === "System" || !turn.text) continue;
    budget -= turn.text.length;
    if (budget < 0) break;
    turns.unshift({ role: turn.author_type === "Assistant" ? "assistant" : "user", content: turn.text });
  }
  return [
    { role: "system", content: ASSISTANT_SYSTEM_PROMPT },
    ...(context ? [{ role: "system" as const, content: contextText(context) }] : []),
    ...turns,
    { role: "user", content: question },
  ];
}
