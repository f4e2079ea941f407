import type { IncomingMessage, ServerResponse } from "node:http";

import { createReadableStreamFromReadable } from "@react-router/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";

import { bodyRead } from "./body-limit.server";
import type { KeptAnswer, PageRequest } from "./page-cache.server";

/** Node's request as the page cache reads it, made of nothing but Node's own parsed headers. */
export function pageRequestOf(req: IncomingMessage): PageRequest {
  return {
    method: req.method ?? "GET",
    url: `http://localhost${req.url ?? "/"}`,
    headers: {
      get(name) {
        const value = req.headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
      },
    },
  };
}

/** A page the cache kept, written as it is: already compressed when the visitor accepts gzip. */
export function sendKeptAnswer(res: ServerResponse, { status, headers, body }: KeptAnswer) {
  res.writeHead(status, headers);
  res.end(body);
}

/**
 * The request as the page cache reads it. It carries no abort signal: a Request that follows a
 * signal is only freed by a full garbage collection (undici keeps it in a FinalizationRegistry), so
 * thousands of answers from the cache a second would pile up hundreds of megabytes between two.
 */
export function toFetchRequest(req: ExpressRequest): Request {
  // Behind a trusted proxy Express reads the forwarded host and protocol.
  const host = (req.host ?? "").split(/[\\/?#@]/)[0] || "localhost";
  const url = URL.parse(`${req.protocol}://${host}${req.originalUrl}`) ?? new URL(`${req.protocol}://localhost${req.originalUrl}`);
  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(name, value);
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers };
  if (req.method !== "GET" && req.method !== "HEAD") {
    // Read already within its limit, or (in development, with no limit) streamed as it comes.
    init.body = bodyRead(req) ?? createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url, init);
}

/**
 * `request` for rendering: its signal aborts when the visitor goes away before the answer is
 * complete, so React Router stops loaders and streams (the assistant's reply) nobody waits for.
 */
export function abortedOnDisconnect(request: Request, res: ExpressResponse): Request {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  return new Request(request, { signal: controller.signal });
}

const isEventStream = (response: Response) => /text\/event-stream/i.test(response.headers.get("Content-Type") ?? "");

/**
 * Writes a Fetch Response to Node's. Event streams (the assistant's replies) are flushed through
 * the compression layer piece by piece so they reach the browser as they are written; a page goes
 * out in the compressor's own blocks, since flushing after every piece only costs CPU and bytes.
 */
export async function sendFetchResponse(res: ExpressResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  const eventStream = isEventStream(response);
  if (eventStream) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      if (res.destroyed) break;
      const more = res.write(read.value);
      if (eventStream) res.flush?.();
      if (!more) await drained(res);
    }
  } catch (error) {
    // The visitor went away: React Router aborted the rendering nobody waits for.
    if (res.destroyed) return;
    throw error;
  } finally {
    if (res.destroyed) await reader.cancel().catch(() => undefined);
  }
  if (!res.destroyed) res.end();
}

/** Until Node's buffer has room again, or the connection is gone. */
function drained(res: ExpressResponse) {
  return new Promise<void>((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });
}
