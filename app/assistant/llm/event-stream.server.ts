import { createParser } from "eventsource-parser";
import { z } from "zod";

import { networkReason } from "~/market/live/http";

import { AssistantError } from "../model.server";

/** A hosted model's streaming endpoint. `apiKey` is only used to scrub it from upstream messages. */
export type ModelEndpoint = { provider: string; url: string; apiKey?: string };

export type EventStreamRequest = {
  /** Auth goes here, never in the URL, so it cannot leak into messages. */
  headers: Record<string, string>;
  body: unknown;
  /** Limit until the response headers arrive, then between two pieces of the body. */
  timeoutMs: number;
  signal: AbortSignal;
};

/** An AssistantError naming the provider and the path (not the query). */
export function endpointError({ provider, url, apiKey }: ModelEndpoint, reason: string, status?: number) {
  const message = `${provider}: POST ${new URL(url).pathname} ${reason}`;
  // Some servers echo the key they rejected (OpenAI does, partly masked).
  return new AssistantError(apiKey ? message.replaceAll(apiKey, "[redacted]") : message, provider, status);
}

/** One event's JSON checked against `schema`, or undefined when it is not JSON of that shape. */
export function parseEvent<S extends z.ZodType>(data: string, schema: S): z.output<S> | undefined {
  try {
    const parsed = schema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

// Gemini and OpenAI-compatible servers both answer errors with { error: { message } }.
const errorBodySchema = z.object({ error: z.object({ message: z.string() }) });

/**
 * POSTs `body` as JSON and yields the `data` of each server-sent event as it arrives. One attempt,
 * no retries. A caller abort is rethrown as is (its reason); every other failure is an AssistantError.
 */
export async function* postEventStream(
  endpoint: ModelEndpoint,
  { headers, body, timeoutMs, signal }: EventStreamRequest,
): AsyncGenerator<string, void, undefined> {
  const fail = (reason: string, status?: number) => endpointError(endpoint, reason, status);
  signal.throwIfAborted();
  // One controller ends the upstream request whatever stops us: the caller, the idle limit, or a
  // consumer that stops iterating early (the finally below).
  const controller = new AbortController();
  const forwardAbort = () => controller.abort(signal.reason);
  signal.addEventListener("abort", forwardAbort, { once: true });
  let timedOut = false;

  // The limit runs only while we wait on the upstream, never while the consumer holds a piece, so a
  // long answer that keeps flowing is never cut.
  async function underIdleLimit<T>(wait: () => Promise<T>): Promise<T> {
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      return await wait();
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (timedOut) throw fail(`timed out after ${timeoutMs} ms without data`);
      throw fail(`network error (${networkReason(error)})`);
    } finally {
      clearTimeout(timer);
    }
  }

  try {
    const response = await underIdleLimit(() =>
      fetch(endpoint.url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "text/event-stream", ...headers },
        body: JSON.stringify(body),
        signal: controller.signal,
      }),
    );
    if (!response.ok) {
      const message = parseEvent(await underIdleLimit(() => response.text()), errorBodySchema)?.error.message;
      throw fail(`failed with HTTP ${response.status}${message ? `: ${message}` : ""}`, response.status);
    }
    if (!response.body) throw fail("returned no body");

    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    const queued: string[] = [];
    const parser = createParser({ onEvent: (event) => queued.push(event.data) });
    for (;;) {
      const { done, value } = await underIdleLimit(() => reader.read());
      parser.feed(decoder.decode(value, { stream: !done }));
      for (const data of queued.splice(0)) {
        signal.throwIfAborted();
        yield data;
      }
      if (done) return;
    }
  } finally {
    signal.removeEventListener("abort", forwardAbort);
    controller.abort();
  }
}
