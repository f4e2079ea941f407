import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
const liveCaches = new Set<{ clear(): void }>();

/** After a change every visitor must see at once (a note published), kept pages are dropped. */
export function invalidatePublicPages() {
  for (const cache of liveCaches) cache.clear();
}

/**
 * Public pages rendered once per (path and query, language inputs, theme) for visitors without a
 * session, then served from memory for a short time. Only the language and theme cookies may be
 * present: any other cookie (a session, a flash message, a sign-in in progress) means the page may
 * be personal, so it is rendered for that request alone. A response that sets a cookie or says
 * private/no-store is never kept.
 */
export type PageCacheOptions = {
  ttlMs: number;
  /** Total bytes of bodies kept (all encodings); the oldest entries go first. */
  maxBytes: number;
  /** Paths whose pages are public. */
  isPublicPath: (path: string) => boolean;
  /** Runs for every answer served from the cache (a page view that must still be counted). */
  onHit?: (path: string) => void;
  now?: () => number;
};

type Entry = {
  status: number;
  headers: Record<string, string>;
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  brotli: Buffer;
  storedAt: number;
  bytes: number;
};

/** The cookies a visitor without a session may carry; they only choose the language and theme. */
const anonymousCookies = new Set(["i18next", "theme"]);
const keptHeaders = ["content-type", "content-security-policy", "content-language", "link"];

function cookieNames(header: string | undefined): string[] {
  if (!header) return [];
  return header.split(";").flatMap((pair) => {
    const name = pair.split("=")[0]?.trim();
    return name ? [name] : [];
  });
}

function cookieValue(header: string | undefined, name: string): string {
  for (const pair of header?.split(";") ?? []) {
    const index = pair.indexOf("=");
    if (index > 0 && pair.slice(0, index).trim() === name) return pair.slice(index + 1).trim();
  }
  return "";
}

/** Everything the server reads to render a public page: the URL, the language inputs and the theme. */
function cacheKey(request: IncomingMessage): string {
  const cookies = request.headers.cookie;
  return [
    request.url ?? "/",
    cookieValue(cookies, "i18next"),
    request.headers["accept-language"] ?? "",
    cookieValue(cookies, "theme"),
  ].join("\u0000");
}

function preferredEncoding(request: IncomingMessage): "br" | "gzip" | "identity" {
  const accepted = String(request.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return "identity";
}

/** What the browser may do with a kept page: show it, but ask again (a 304 is cheap) before reuse. */
const cachedPageControl = "no-cache";
const varyHeader = "Accept-Encoding, Accept-Language, Cookie";

export function createPageCache(options: PageCacheOptions) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, Promise<Entry | null>>();
  let totalBytes = 0;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= entry.bytes;
  }

  function keep(key: string, entry: Entry) {
    remove(key);
    entries.set(key, entry);
    totalBytes += entry.bytes;
    // Maps iterate in insertion order: the first keys are the oldest.
    for (const oldest of entries.keys()) {
      if (totalBytes <= options.maxBytes) break;
      remove(oldest);
    }
  }

  function fresh(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (entry && now() - entry.storedAt < options.ttlMs) return entry;
    if (entry) remove(key);
    return undefined;
  }

  function send(request: IncomingMessage, response: ServerResponse, entry: Entry) {
    response.setHeader("ETag", entry.etag);
    response.setHeader("Cache-Control", cachedPageControl);
    response.setHeader("Vary", varyHeader);
    if (request.headers["if-none-match"] === entry.etag) {
      response.statusCode = 304;
      response.end();
      return;
    }
    for (const [name, value] of Object.entries(entry.headers)) response.setHeader(name, value);
    const encoding = preferredEncoding(request);
    const body = encoding === "br" ? entry.brotli : encoding === "gzip" ? entry.gzip : entry.identity;
    if (encoding !== "identity") response.setHeader("Content-Encoding", encoding);
    response.setHeader("Content-Length", body.length);
    response.statusCode = entry.status;
    response.end(request.method === "HEAD" ? undefined : body);
  }

  /**
   * Holds back the head and body the renderer writes until it ends, then sends them compressed
   * like a kept page (the first visitor must not get the larger identity page). Resolves with the
   * entry when the response may be shared; otherwise the body goes out as rendered.
   */
  function renderAndKeep(request: IncomingMessage, response: ServerResponse): Promise<Entry | null> {
    const chunks: Buffer[] = [];
    const original = { writeHead: response.writeHead, write: response.write, end: response.end };
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
    };
    // A compression layer further on must leave this response alone: it is compressed here, once.
    const acceptEncoding = request.headers["accept-encoding"];
    delete request.headers["accept-encoding"];

    return new Promise((resolve) => {
      response.once("close", () => resolve(null));
      response.writeHead = ((status: number, ...rest: unknown[]) => {
        response.statusCode = status;
        const headers = rest.find((argument) => typeof argument === "object" && argument !== null && !Array.isArray(argument));
        for (const [name, value] of Object.entries(headers ?? {})) response.setHeader(name, value as string);
        return response;
      }) as ServerResponse["writeHead"];
      response.write = ((chunk: unknown, encoding?: unknown) => {
        collect(chunk, encoding);
        return true;
      }) as ServerResponse["write"];
      response.end = ((chunk?: unknown, encoding?: unknown) => {
        collect(chunk, encoding);
        Object.assign(response, original);
        const body = Buffer.concat(chunks);
        if (response.destroyed || !shareable(response)) {
          resolve(null);
          return response.end(body);
        }
        request.headers["accept-encoding"] = acceptEncoding;
        void toEntry(response, body).then(
          (entry) => {
            send(request, response, entry);
            resolve(entry);
          },
          () => {
            resolve(null);
            response.end(body);
          },
        );
        return response;
      }) as ServerResponse["end"];
    });
  }

  function shareable(response: ServerResponse): boolean {
    const control = String(response.getHeader("cache-control") ?? "");
    return response.statusCode === 200 && !response.hasHeader("set-cookie") && !/private|no-store/.test(control);
  }

  async function toEntry(response: ServerResponse, identity: Buffer): Promise<Entry> {
    const headers: Record<string, string> = {};
    for (const name of keptHeaders) {
      const value = response.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    // Compressed once per lifetime, so the best ratios are affordable.
    const [gzipped, brotli] = await Promise.all([
      gzipAsync(identity, { level: 9 }),
      brotliAsync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    ]);
    return {
      status: response.statusCode,
      headers,
      etag: `"${createHash("sha1").update(identity).digest("base64url")}"`,
      identity,
      gzip: gzipped,
      brotli,
      storedAt: now(),
      bytes: identity.length + gzipped.length + brotli.length,
    };
  }

  function cacheable(request: IncomingMessage): boolean {
    if (request.method !== "GET" && request.method !== "HEAD") return false;
    const path = (request.url ?? "/").split("?")[0] ?? "/";
    if (!options.isPublicPath(path)) return false;
    return cookieNames(request.headers.cookie).every((name) => anonymousCookies.has(name));
  }

  /** Express-style middleware: serve from memory, wait for a render in progress, or render and keep. */
  function middleware(request: IncomingMessage, response: ServerResponse, next: () => void) {
    if (!cacheable(request)) return next();
    const key = cacheKey(request);
    const path = (request.url ?? "/").split("?")[0] ?? "/";
    const entry = fresh(key);
    if (entry) {
      options.onHit?.(path);
      return send(request, response, entry);
    }
    const inProgress = rendering.get(key);
    if (inProgress) {
      void inProgress.then((rendered) => {
        if (!rendered || response.headersSent) return next();
        options.onHit?.(path);
        send(request, response, rendered);
      });
      return;
    }
    // A HEAD has no body to keep.
    if (request.method === "HEAD") return next();
    const rendered = renderAndKeep(request, response);
    rendering.set(key, rendered);
    void rendered.then((result) => {
      rendering.delete(key);
      if (result) keep(key, result);
    });
    response.setHeader("Vary", varyHeader);
    response.setHeader("Cache-Control", cachedPageControl);
    next();
  }

  const cache = {
    middleware,
    size: () => entries.size,
    clear() {
      entries.clear();
      totalBytes = 0;
    },
  };
  liveCaches.add(cache);
  return cache;
}
