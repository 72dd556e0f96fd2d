// Where the assistant's model lives: any server speaking the OpenAI-compatible chat completions API (OpenAI itself,
// or a local one such as llama.cpp's server, Ollama or vLLM). Set once at start from the server's env.ts; unset, the
// assistant says it is not configured.
import { trimEndOf } from "@taller/core";

export interface AssistantConfig {
  /** e.g. "https://api.openai.com/v1" or "http://127.0.0.1:11434/v1"; `/chat/completions` is appended. */
  baseUrl: string;
  /** Sent as a bearer token when set (local servers usually need none). */
  apiKey?: string;
  model: string;
  /** Milliseconds to wait for an answer (default ASSISTANT_TIMEOUT_MS). */
  timeoutMs?: number;
}

let config: AssistantConfig | null = null;

export function configureAssistant(next: AssistantConfig | null): void {
  config = next ? { ...next, baseUrl: trimEndOf(next.baseUrl, "/") } : null;
}

export function assistantConfig(): AssistantConfig | null {
  return config;
}
