import type { ChatStreamEvents } from "./types";

type Send = <Name extends keyof ChatStreamEvents>(name: Name, data: ChatStreamEvents[Name]) => void;

/**
 * A text/event-stream response fed by `produce`. `no-transform` keeps the compression middleware
 * from buffering it; the stream closes when `produce` settles or the client goes away.
 */
export function eventStreamResponse(signal: AbortSignal, produce: (send: Send) => Promise<void>): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send: Send = (name, data) => {
        if (!signal.aborted) controller.enqueue(encoder.encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`));
      };
      await produce(send);
      if (!signal.aborted) controller.close();
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
