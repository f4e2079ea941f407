/**
 * What the fake upstreams share: one HTTP server on 127.0.0.1 (random port) answering the routes of
 * every fake it is given, with faults per route, the requests it saw, and prices that move.
 *
 * Faults, per route, until set back to "none":
 *   "500"          HTTP 500
 *   "429"          HTTP 429 with Retry-After: 7, or the route's own `quotaReply` when its upstream
 *                  says it its own way
 *   "hang"         accepts the request and never answers (until close())
 *   "malformed"    HTTP 200 with truncated JSON
 *   "wrong-shape"  HTTP 200 with valid JSON of the wrong shape (`["unexpected"]`)
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeFault = "none" | "500" | "429" | "hang" | "malformed" | "wrong-shape";

export type Reply = { status: number; body: unknown };

export type Incoming = { params: string[]; query: URLSearchParams; headers: IncomingHttpHeaders };

export type Route<Key extends string = string> = {
  key: Key;
  /** Matched against the whole path, the upstream's prefix included; the first route that matches answers. */
  pattern: RegExp;
  /** A reply refusing the request's credentials, or null to let it through. */
  auth?: (request: Incoming) => Reply | null;
  handle(request: Incoming): Reply;
  /** What the upstream answers when its quota is spent, if it is not a plain HTTP 429. */
  quotaReply?: Reply;
  /** The fields of its answers that move with the market (see movePrices). */
  moving?: ReadonlySet<string>;
};

type RecordedRequest<Key extends string = string> = {
  route: Key;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
};

export const ok = (body: unknown): Reply => ({ status: 200, body });

/** 400 naming the first missing required parameter, or null. */
export function missing(query: URLSearchParams, ...names: string[]): Reply | null {
  const absent = names.find((name) => !query.get(name));
  return absent === undefined ? null : { status: 400, body: { error: `Missing parameter ${absent}` } };
}

/**
 * `body` with every moving number (plain, numeric string, per-currency object, or a chart's
 * [time, price] pairs) times `factor`.
 */
function moved(body: unknown, factor: number, fields: ReadonlySet<string>, field = ""): unknown {
  const times = (value: number) => Math.round(value * factor * 10_000) / 10_000;
  if (fields.has(field)) {
    if (typeof body === "number") return times(body);
    if (typeof body === "string" && body.trim() !== "" && Number.isFinite(Number(body))) return String(times(Number(body)));
  }
  if (Array.isArray(body)) {
    return body.map((item) =>
      fields.has(field) && Array.isArray(item) ? [item[0], times(Number(item[1]))] : moved(item, factor, fields, field),
    );
  }
  if (body && typeof body === "object") {
    return Object.fromEntries(
      Object.entries(body).map(([key, value]) => [key, moved(value, factor, fields, fields.has(field) ? field : key)]),
    );
  }
  return body;
}

function send(response: ServerResponse, { status, body }: Reply, extraHeaders: Record<string, string> = {}) {
  response.writeHead(status, { "content-type": "application/json", ...extraHeaders });
  response.end(typeof body === "string" ? body : JSON.stringify(body));
}

/** Serves `routes` until closed. */
export async function startFakeServer<Key extends string>(routes: readonly Route<Key>[]) {
  const faults = new Map<Key, FakeFault>();
  const recorded: RecordedRequest<Key>[] = [];
  let priceFactor = 1;

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      return send(response, { status: 400, body: { error: "Bad path encoding" } });
    }
    const route = routes.find((candidate) => candidate.pattern.test(path));
    if (!route || request.method !== "GET") return send(response, { status: 404, body: { error: "Not found" } });
    recorded.push({ route: route.key, path, query: Object.fromEntries(url.searchParams), headers: request.headers });

    switch (faults.get(route.key) ?? "none") {
      case "hang":
        return; // close() destroys the socket
      case "500":
        return send(response, { status: 500, body: { error: "Internal Server Error" } });
      case "429":
        if (route.quotaReply) return send(response, route.quotaReply);
        return send(response, { status: 429, body: { error: "Too Many Requests" } }, { "retry-after": "7" });
      case "malformed":
        return send(response, { status: 200, body: '{"truncated": [1, 2' });
      case "wrong-shape":
        return send(response, ok(["unexpected"]));
      case "none": {
        const params = route.pattern.exec(path)?.slice(1) ?? [];
        const parsed: Incoming = { params, query: url.searchParams, headers: request.headers };
        const reply = route.auth?.(parsed) ?? route.handle(parsed);
        return send(response, priceFactor !== 1 && route.moving ? { ...reply, body: moved(reply.body, priceFactor, route.moving) } : reply);
      }
    }
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const matching = (route?: Key) => recorded.filter((entry) => route === undefined || entry.route === route);

  return {
    /** http://127.0.0.1:<port>, without a trailing slash. */
    url: `http://127.0.0.1:${port}`,
    setFault: (route: Key, fault: FakeFault) => void faults.set(route, fault),
    /** From now on every moving price (and 24 h change) is the recorded one times `factor`, as later answers of a live upstream differ. */
    movePrices: (factor: number) => void (priceFactor = factor),
    /** Matched requests (all of them without a route), faulted ones included. */
    calls: (route?: Key) => matching(route).length,
    /** The matched requests with their query and headers, to check what an adapter sent. */
    requests: (route?: Key) => matching(route),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
