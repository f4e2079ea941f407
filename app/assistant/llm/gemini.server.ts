import { z } from "zod";

import type { ChatCompletionStream } from "../model.server";
import { endpointError, parseEvent, postEventStream } from "./event-stream.server";

const defaultBaseUrl = "https://generativelanguage.googleapis.com/v1beta";

// Lenient: only what the reply needs. A part may carry no text (function calls, thought signatures).
const chunkSchema = z.object({
  candidates: z
    .array(
      z.object({
        content: z
          .object({
            parts: z.array(z.object({ text: z.string().optional(), thought: z.boolean().optional() })).optional(),
          })
          .optional(),
        finishReason: z.string().optional(),
      }),
    )
    .optional(),
  promptFeedback: z.object({ blockReason: z.string().optional() }).optional(),
});

/** Gemini's native streaming API: one SSE event per partial response, no [DONE]. */
export function createGeminiStream({
  apiKey,
  model,
  baseUrl = defaultBaseUrl,
  timeoutMs,
}: {
  apiKey: string;
  model: string;
  baseUrl?: string;
  timeoutMs: number;
}): ChatCompletionStream {
  const endpoint = {
    provider: "gemini",
    // Without alt=sse the stream is one big JSON array.
    url: `${baseUrl.replace(/\/+$/, "")}/models/${encodeURIComponent(model)}:streamGenerateContent?alt=sse`,
    apiKey,
  };
  const fail = (reason: string) => endpointError(endpoint, reason);

  return async function* ({ system, turns }, signal) {
    const events = postEventStream(endpoint, {
      headers: { "x-goog-api-key": apiKey },
      body: {
        systemInstruction: { parts: [{ text: system }] },
        contents: turns.map(({ role, text }) => ({ role: role === "assistant" ? "model" : "user", parts: [{ text }] })),
        generationConfig: { temperature: 0.7, topP: 0.95, maxOutputTokens: 1024 },
      },
      timeoutMs,
      signal,
    });

    let finishReason: string | undefined;
    let answered = false;
    for await (const data of events) {
      const chunk = parseEvent(data, chunkSchema);
      if (!chunk) throw fail("sent a malformed event");
      const blockReason = chunk.promptFeedback?.blockReason;
      if (blockReason) throw fail(`blocked the prompt (${blockReason})`);
      const candidate = chunk.candidates?.[0];
      // Thought summaries are the model's reasoning, not the answer.
      const text = (candidate?.content?.parts ?? [])
        .filter((part) => !part.thought)
        .map((part) => part.text ?? "")
        .join("");
      if (text) {
        answered = true;
        yield text;
      }
      finishReason = candidate?.finishReason ?? finishReason;
    }
    // The body closing is the only end marker: without a finish reason the answer was cut.
    if (!finishReason) throw fail("stream ended early");
    if (!answered) throw fail(`returned no text (finish reason ${finishReason})`);
  };
}
