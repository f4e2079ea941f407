import { z } from "zod";

import type { ChatCompletionStream } from "../model.server";
import { endpointError, parseEvent, postEventStream } from "./event-stream.server";

// Lenient: role-only first chunks, `delta: {}` last chunks (llama.cpp), reasoning_content and
// usage-only chunks with `choices: []` all parse and carry no text.
const chunkSchema = z.object({
  choices: z
    .array(
      z.object({
        delta: z.object({ content: z.string().nullish() }).nullish(),
        finish_reason: z.string().nullish(),
      }),
    )
    .optional(),
  // Some servers report failures inside a 200 stream.
  error: z.object({ message: z.string() }).optional(),
});

/** Any OpenAI-compatible /chat/completions endpoint: OpenAI, Ollama, llama.cpp. */
export function createOpenAiStream({
  baseUrl,
  apiKey,
  model,
  timeoutMs,
}: {
  /** e.g. http://localhost:11434/v1 */
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}): ChatCompletionStream {
  const endpoint = { provider: "openai", url: `${baseUrl.replace(/\/+$/, "")}/chat/completions`, apiKey };
  const fail = (reason: string) => endpointError(endpoint, reason);

  return async function* ({ system, turns }, signal) {
    const events = postEventStream(endpoint, {
      // Local servers (Ollama, llama.cpp without --api-key) need no key.
      headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
      body: {
        model,
        messages: [{ role: "system", content: system }, ...turns.map(({ role, text }) => ({ role, content: text }))],
        stream: true,
        temperature: 0.7,
        max_tokens: 1024,
      },
      timeoutMs,
      signal,
    });

    let finished = false;
    let answered = false;
    for await (const data of events) {
      if (data === "[DONE]") {
        finished = true;
        break;
      }
      const chunk = parseEvent(data, chunkSchema);
      if (!chunk) throw fail("sent a malformed event");
      if (chunk.error) throw fail(`reported an error: ${chunk.error.message}`);
      const choice = chunk.choices?.[0];
      const text = choice?.delta?.content;
      if (text) {
        answered = true;
        yield text;
      }
      if (choice?.finish_reason) finished = true;
    }
    if (!finished) throw fail("stream ended early");
    if (!answered) throw fail("returned no text");
  };
}
