import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { constants, crc32, deflateRaw } from "node:zlib";

const deflateRawAsync = promisify(deflateRaw);
const liveCaches = new Set<{ clear(): void }>();

/** After a change every visitor must see at once (a note published), kept pages are dropped. */
export function invalidatePublicPages() {
  for (const cache of liveCaches) cache.clear();
}

/**
 * What a public page's rendering depends on. Two requests with the same variant get the same
 * page; `url` is the request's path with only the query parameters its route reads, and is what
 * the renderer sees, so a parameter nobody reads can neither make a new entry nor end up in a
 * page served to someone else.
 */
export type PageVariant = { url: string; language: string; theme: string; currency: string };

/**
 * Public pages rendered once per variant for visitors without a session, then served from memory
 * for a short time. Only the language, theme and currency cookies may be present: any other cookie (a
 * session, a flash message, a sign-in in progress) means the page may be personal, so it is
 * rendered for that request alone. A response that sets a cookie or says private/no-store is
 * never kept.
 */
export type PageCacheOptions = {
  ttlMs: number;
  /** Everything kept (bodies, keys, headers and bookkeeping) stays under this; the oldest go first. */
  maxBytes: number;
  maxEntries: number;
  /** The variant of a cacheable request, or null for one that must be rendered for itself. */
  variantOf: (request: IncomingMessage) => PageVariant | null | Promise<PageVariant | null>;
  /** A fresh CSP nonce: every answer, kept or not, carries its own. */
  createNonce: () => string;
  /**
   * Changes when something every page may show has changed (a price): a page rendered under an
   * older value is not served again, so two pages never disagree about it.
   */
  generation?: () => number;
  /** Runs for every answer served from the cache (a page view that must still be counted). */
  onHit?: (path: string) => void;
  now?: () => number;
};

/**
 * A kept page, cut where its CSP nonce stands so each answer can carry a new one. Each piece is
 * also kept as raw deflate ending on a byte boundary (a sync flush, not a final block): gzip
 * answers are put together from them without compressing again.
 */
type Entry = {
  key: string;
  status: number;
  headers: Record<string, string>;
  etag: string;
  nonce: string;
  pieces: Buffer[];
  deflatedPieces: Buffer[];
  storedAt: number;
  generation: number;
  bytes: number;
};

/** The cookies a visitor without a session may carry; they only choose the language, theme and crypto currency. */
const anonymousCookies = new Set(["i18next", "theme", "currency"]);
const keptHeaders = ["content-type", "content-security-policy", "content-language", "link"];
/** Map slots, objects and arrays of an entry, over its bytes: an estimate on the safe side. */
const entryOverheadBytes = 1024;

function cookieNames(header: string | undefined): string[] {
  if (!header) return [];
  return header.split(";").flatMap((pair) => {
    const name = pair.split("=")[0]?.trim();
    return name ? [name] : [];
  });
}

const acceptsGzip = (request: IncomingMessage) => /\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""));

const gzipHeader = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0x03]);
/** An empty stored block marked final: the end of the deflate stream. */
const finalDeflateBlock = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

/** A non-final stored (uncompressed) deflate block; the stream is byte-aligned before it. */
function storedDeflateBlock(bytes: Buffer): Buffer {
  const block = Buffer.alloc(5 + bytes.length);
  block.writeUInt16LE(bytes.length, 1);
  block.writeUInt16LE(~bytes.length & 0xffff, 3);
  bytes.copy(block, 5);
  return block;
}

/** The page with `nonce` where the stored one stood, plain or gzip. */
function assemble(entry: Entry, nonce: string, gzip: boolean): Buffer {
  const nonceBytes = Buffer.from(nonce);
  if (!gzip) return Buffer.concat(entry.pieces.flatMap((piece, index) => (index === 0 ? [piece] : [nonceBytes, piece])));
  const parts: Buffer[] = [gzipHeader];
  let checksum = 0;
  let size = 0;
  entry.pieces.forEach((piece, index) => {
    if (index > 0) {
      parts.push(storedDeflateBlock(nonceBytes));
      checksum = crc32(nonceBytes, checksum);
      size += nonceBytes.length;
    }
    parts.push(entry.deflatedPieces[index] as Buffer);
    checksum = crc32(piece, checksum);
    size += piece.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(checksum >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  parts.push(finalDeflateBlock, trailer);
  return Buffer.concat(parts);
}

function splitAt(body: Buffer, separator: string): Buffer[] {
  if (!separator) return [body];
  const pieces: Buffer[] = [];
  let start = 0;
  for (let index = body.indexOf(separator); index !== -1; index = body.indexOf(separator, start)) {
    pieces.push(body.subarray(start, index));
    start = index + separator.length;
  }
  pieces.push(body.subarray(start));
  // Copies, so a kept piece does not hold on to the whole rendered buffer.
  return pieces.map((piece) => Buffer.from(piece));
}

/** What the browser may do with a kept page: show it, but ask again (a 304 is cheap) before reuse. */
const cachedPageControl = "no-cache";
const varyHeader = "Accept-Encoding, Accept-Language, Cookie";

export function createPageCache(options: PageCacheOptions) {
  const now = options.now ?? Date.now;
  const generation = options.generation ?? (() => 0);
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, Promise<Entry | null>>();
  let totalBytes = 0;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= entry.bytes;
  }

  /** Entries are kept in the order they were stored, and all live as long: the expired ones lead. */
  function sweep() {
    for (const [key, entry] of entries) {
      if (now() - entry.storedAt < options.ttlMs) break;
      remove(key);
    }
  }

  function keep(entry: Entry) {
    remove(entry.key);
    sweep();
    if (entry.bytes > options.maxBytes) return;
    entries.set(entry.key, entry);
    totalBytes += entry.bytes;
    for (const oldest of entries.keys()) {
      if (totalBytes <= options.maxBytes && entries.size <= options.maxEntries) break;
      remove(oldest);
    }
  }

  // Memory of pages nobody asks for again goes back without waiting for a visitor.
  const sweeper = setInterval(sweep, Math.max(options.ttlMs, 1000));
  sweeper.unref();

  function fresh(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (entry && now() - entry.storedAt < options.ttlMs && entry.generation === generation()) return entry;
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
    const nonce = entry.nonce && options.createNonce();
    for (const [name, value] of Object.entries(entry.headers)) {
      response.setHeader(name, name === "content-security-policy" && nonce ? value.replaceAll(entry.nonce, nonce) : value);
    }
    const gzip = acceptsGzip(request);
    const body = assemble(entry, nonce, gzip);
    if (gzip) response.setHeader("Content-Encoding", "gzip");
    response.setHeader("Content-Length", body.length);
    response.statusCode = entry.status;
    response.end(request.method === "HEAD" ? undefined : body);
  }

  /**
   * Holds back the head and body the renderer writes until it ends, then sends them like a kept
   * page (the first visitor must not get the larger identity page). Resolves with the entry when
   * the response may be shared; otherwise the body goes out as rendered.
   */
  function renderAndKeep(key: string, request: IncomingMessage, response: ServerResponse): Promise<Entry | null> {
    const chunks: Buffer[] = [];
    const original = { writeHead: response.writeHead, write: response.write, end: response.end };
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      chunks.push(
        Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"),
      );
    };
    // A compression layer further on must leave this response alone: it is compressed here, once.
    const acceptEncoding = request.headers["accept-encoding"];
    delete request.headers["accept-encoding"];
    // Taken before rendering: a page whose own reads moved the generation is already out of date.
    const renderedUnder = generation();

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
        void toEntry(key, response, body, renderedUnder).then(
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

  async function toEntry(key: string, response: ServerResponse, identity: Buffer, renderedUnder: number): Promise<Entry> {
    const headers: Record<string, string> = {};
    for (const name of keptHeaders) {
      const value = response.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"] ?? "")?.[1] ?? "";
    const pieces = splitAt(identity, nonce);
    // Compressed once per lifetime, so the best ratio is affordable.
    const deflatedPieces = await Promise.all(
      pieces.map((piece) => deflateRawAsync(piece, { level: 9, finishFlush: constants.Z_SYNC_FLUSH })),
    );
    const headerBytes = Object.entries(headers).reduce((sum, [name, value]) => sum + name.length + value.length, 0);
    const bodyBytes = [...pieces, ...deflatedPieces].reduce((sum, piece) => sum + piece.length, 0);
    return {
      key,
      status: response.statusCode,
      headers,
      // Weak: the bytes differ by their nonce from one answer to the next.
      etag: `W/"${createHash("sha1").update(identity).digest("base64url")}"`,
      nonce,
      pieces,
      deflatedPieces,
      storedAt: now(),
      generation: renderedUnder,
      // Strings count twice: V8 may hold them as two bytes a character.
      bytes: bodyBytes + 2 * (key.length + headerBytes) + entryOverheadBytes,
    };
  }

  function cacheable(request: IncomingMessage): boolean {
    if (request.method !== "GET" && request.method !== "HEAD") return false;
    return cookieNames(request.headers.cookie).every((name) => anonymousCookies.has(name));
  }

  function serveOrRender(request: IncomingMessage, response: ServerResponse, next: () => void, variant: PageVariant) {
    const key = [variant.url, variant.language, variant.theme, variant.currency].join("\u0000");
    const path = variant.url.split("?")[0] ?? "/";
    request.url = variant.url;
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
    const rendered = renderAndKeep(key, request, response);
    rendering.set(key, rendered);
    void rendered.then((result) => {
      rendering.delete(key);
      if (result) keep(result);
    });
    response.setHeader("Vary", varyHeader);
    response.setHeader("Cache-Control", cachedPageControl);
    next();
  }

  /** Express-style middleware: serve from memory, wait for a render in progress, or render and keep. */
  function middleware(request: IncomingMessage, response: ServerResponse, next: () => void) {
    if (!cacheable(request)) return next();
    void Promise.resolve(options.variantOf(request)).then(
      (variant) => (variant ? serveOrRender(request, response, next, variant) : next()),
      () => next(),
    );
  }

  const cache = {
    middleware,
    size: () => entries.size,
    /** What the kept entries are counted to cost, bookkeeping included. */
    bytes: () => totalBytes,
    clear() {
      entries.clear();
      totalBytes = 0;
    },
  };
  liveCaches.add(cache);
  return cache;
}
