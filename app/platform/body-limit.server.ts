import type { IncomingMessage, ServerResponse } from "node:http";

import getRawBody from "raw-body";

/** A request says it has a body with a length or with chunked transfer coding. */
function hasBody(request: IncomingMessage): boolean {
  const length = request.headers["content-length"];
  return (length !== undefined && length !== "0") || request.headers["transfer-encoding"] !== undefined;
}

const bodies = new WeakMap<IncomingMessage, Buffer<ArrayBuffer>>();

/** The body `limitRequestBody` read for `request`: the Fetch bridge hands it to the app. */
export const bodyRead = (request: IncomingMessage): Buffer<ArrayBuffer> | undefined => bodies.get(request);

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
  getRawBody(request, { limit, length: request.headers["content-length"] }).then(
    (body) => {
      // Buffer.concat's: over an ArrayBuffer, never a shared one.
      bodies.set(request, body as Buffer<ArrayBuffer>);
      next(request);
    },
    (error: getRawBody.RawBodyError) => {
      if (error.type !== "entity.too.large") return void response.destroy();
      request.resume();
      refuse();
    },
  );
}
