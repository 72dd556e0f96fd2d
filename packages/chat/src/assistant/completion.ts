// The adapter: one POST to `{baseUrl}/chat/completions`, the answer's first choice. Written on fetch rather than the
// `openai` SDK: it is a single JSON request and response, and the SDK's retries, streaming and types for the whole
// API would add a dependency for nothing this uses (and must not retry on its own: the caller decides).
import { ASSISTANT_TIMEOUT_MS } from "@taller/core";
import { z } from "zod";
import type { AssistantConfig } from "./config";

export interface CompletionMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

const completionAnswer = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

export class CompletionError extends Error {}

/** The model's reply to these messages; throws CompletionError on a refusal, a bad answer or the timeout. */
export async function complete(config: AssistantConfig, messages: CompletionMessage[]): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`${config.baseUrl}/chat/completions`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: config.model, messages }),
      signal: AbortSignal.timeout(config.timeoutMs ?? ASSISTANT_TIMEOUT_MS),
    });
  } catch (e) {
    throw new CompletionError(`assistant request failed: ${(e as Error).message}`);
  }
  if (!response.ok)
    throw new CompletionError(
      `assistant answered HTTP ${response.status}: ${(await response.text().catch(() => "")).slice(0, 200)}`,
    );
  const parsed = completionAnswer.safeParse(await response.json().catch(() => null));
  const content = parsed.success ? parsed.data.choices[0]?.message.content?.trim() : undefined;
  if (!content) throw new CompletionError("assistant answered without a message");
  return content;
}
