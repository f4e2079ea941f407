import type { ChatStreamEvents } from "./types";

type Send = <Name extends keyof ChatStreamEvents>(name: Name, data: ChatStreamEvents[Name]) => void;

/**
 * A text/event-stream response fed by `produce`. Its signal aborts when the client goes away or
 * stops reading, so the model stops too. `no-transform` keeps the compression middleware from
 * buffering the events.
 */
export function eventStreamResponse(requestSignal: AbortSignal, produce: (send: Send, signal: AbortSignal) => Promise<void>): Response {
  const encoder = new TextEncoder();
  const stopped = new AbortController();
  const signal = AbortSignal.any([requestSignal, stopped.signal]);
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send: Send = (name, data) => {
        if (!signal.aborted) controller.enqueue(encoder.encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`));
      };
      await produce(send, signal);
      if (!signal.aborted) controller.close();
    },
    cancel() {
      stopped.abort();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
