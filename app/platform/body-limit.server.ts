import { IncomingMessage, type ServerResponse } from "node:http";

/** A request says it has a body with a length or with chunked transfer coding. */
function hasBody(request: IncomingMessage): boolean {
  const length = request.headers["content-length"];
  return (length !== undefined && length !== "0") || request.headers["transfer-encoding"] !== undefined;
}

/** The same request with its body already read, for the app to read again as if from the wire. */
function replayed(request: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = new IncomingMessage(request.socket);
  copy.method = request.method;
  copy.url = request.url;
  copy.httpVersion = request.httpVersion;
  copy.httpVersionMajor = request.httpVersionMajor;
  copy.httpVersionMinor = request.httpVersionMinor;
  copy.rawHeaders = request.rawHeaders;
  const { "transfer-encoding": _chunked, ...headers } = request.headers;
  copy.headers = { ...headers, "content-length": String(body.length) };
  copy.complete = true;
  copy.push(body);
  copy.push(null);
  return copy;
}

/**
 * Reads a request's body whole before the app sees it, counting bytes as they arrive (a chunked
 * body has no length to trust): within `limit` the app gets the request with its body in memory;
 * past it `refuse` answers at once and the rest of the body is read and dropped, so the
 * connection stays usable for the client's next request.
 */
export function limitRequestBody(
  request: IncomingMessage,
  response: ServerResponse,
  limit: number,
  { refuse, next }: { refuse: () => void; next: (request: IncomingMessage) => void },
) {
  if (!hasBody(request)) return next(request);
  const discardRest = () => {
    request.removeAllListeners("data");
    request.resume();
    refuse();
  };
  if (Number(request.headers["content-length"]) > limit) return discardRest();
  const chunks: Buffer[] = [];
  let received = 0;
  request.on("data", (chunk: Buffer) => {
    received += chunk.length;
    if (received > limit) {
      chunks.length = 0;
      request.removeAllListeners("end");
      discardRest();
      return;
    }
    chunks.push(chunk);
  });
  request.once("end", () => next(replayed(request, Buffer.concat(chunks))));
  // A client that gives up half-way gets no answer: there is nobody to send it to.
  request.once("error", () => response.destroy());
}
