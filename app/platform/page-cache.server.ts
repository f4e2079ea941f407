import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { constants, crc32, deflateRaw } from "node:zlib";

import { crc32CombineShifted, crc32ShiftFor } from "~/lib/crc32-combine";

import { type Clock, systemClock } from "./clock";

const deflateRawAsync = promisify(deflateRaw);

/**
 * What a public page's rendering depends on. Two requests with the same variant get the same
 * page; `url` is the request's path with only the query parameters its route reads, and is what
 * the renderer sees, so a parameter nobody reads can neither make a new entry nor end up in a
 * page served to someone else.
 */
export type PageVariant = {
  url: string;
  language: string;
  theme: string;
  currency: string;
  /** Whether the visitor dismissed the demonstration-data notice. */
  demoNotice: "shown" | "dismissed";
  /**
   * Whose page it is, in a personal cache: a session and the version of its user's data. A page
   * every visitor sees alike has none.
   */
  audience?: string;
};

/**
 * What the cache reads of a request. A Fetch Request has it, and so does a thin view of Node's
 * own request, which lets a kept page go out without building any Fetch object.
 */
export type PageRequest = { method: string; url: string; headers: { get(name: string): string | null } };

/** A kept page as the answer to one request: written to the socket as it is. */
export type KeptAnswer = { status: number; headers: Record<string, string>; body: Buffer<ArrayBuffer> | null };

/**
 * Public pages rendered once per variant for visitors without a session, then served from memory
 * for a short time. Only the language, theme, currency and demo-notice cookies may be present: any other cookie (a
 * session, a flash message, a sign-in in progress) means the page may be personal, so it is
 * rendered for that request alone. A response that sets a cookie or says private/no-store is
 * never kept. A personal cache (`personal`) does the same for one session's pages, each kept
 * under its audience.
 */
export type PageCacheOptions = {
  ttlMs: number;
  /** Everything kept (bodies, keys, headers and bookkeeping) stays under this; the oldest go first. */
  maxBytes: number;
  maxEntries: number;
  /** The variant of a cacheable request, or null for one that must be rendered for itself. */
  variantOf: (request: PageRequest) => PageVariant | null | Promise<PageVariant | null>;
  /** A fresh CSP nonce: every answer, kept or not, carries its own. */
  createNonce: () => string;
  /**
   * Changes when something every page may show has changed (a price): a page rendered under an
   * older value is not served again, so two pages never disagree about it.
   */
  generation?: () => number;
  /** Runs for every answer served from the cache (a page view that must still be counted). */
  onHit?: (path: string) => void;
  /** Told of each page this cache keeps that had to be rendered. */
  onMiss?: () => void;
  /**
   * A cache of one session's pages rather than shared ones: requests may also carry these
   * (session) cookies, a variant must name its audience, and a page marked private is kept for
   * that audience alone, its Cache-Control going out with it.
   */
  personal?: { cookies: readonly string[] };
  clock?: Clock;
};

/** Renders a page: React Router's request handler in the app. */
export type PageRenderer = (request: Request) => Promise<Response>;

type Lookup = { variant: PageVariant; key: string } | null;

/**
 * What each cache worked out about one request (its variant: a language, and for a session a
 * database read), carried from the edge's `kept` to the app's `respond` so a miss pays for it once.
 */
export type PageLookups = Map<object, Promise<Lookup>>;

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
  /** CRC-32 of each piece and its crc32ShiftFor, for the gzip trailer. */
  checksums: number[];
  shifts: number[];
  storedAt: number;
  generation: number;
  bytes: number;
};

/**
 * The cookies a visitor without a session may carry; they only choose the language, theme and crypto
 * currency, and whether the demonstration-data notice shows.
 */
const anonymousCookies = new Set(["i18next", "theme", "currency", "demo-notice"]);
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

const acceptsGzip = (request: PageRequest) => /\bgzip\b/.test(request.headers.get("Accept-Encoding") ?? "");

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
function assemble(entry: Entry, nonce: string, gzip: boolean): Buffer<ArrayBuffer> {
  const nonceBytes = Buffer.from(nonce);
  if (!gzip) return Buffer.concat(entry.pieces.flatMap((piece, index) => (index === 0 ? [piece] : [nonceBytes, piece])));
  const parts: Buffer[] = [gzipHeader];
  const nonceChecksum = crc32(nonceBytes);
  const nonceShift = crc32ShiftFor(nonceBytes.length);
  let checksum = 0;
  let size = 0;
  entry.pieces.forEach((piece, index) => {
    if (index > 0) {
      parts.push(storedDeflateBlock(nonceBytes));
      checksum = crc32CombineShifted(checksum, nonceChecksum, nonceShift);
      size += nonceBytes.length;
    }
    parts.push(entry.deflatedPieces[index] as Buffer);
    checksum = crc32CombineShifted(checksum, entry.checksums[index] as number, entry.shifts[index] as number);
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
const personalPageControl = "private, no-cache";
const varyHeader = "Accept-Encoding, Accept-Language, Cookie";

export function createPageCache(options: PageCacheOptions) {
  const clock = options.clock ?? systemClock;
  const generation = options.generation ?? (() => 0);
  const personal = options.personal !== undefined;
  const allowedCookies = new Set([...anonymousCookies, ...(options.personal?.cookies ?? [])]);
  // A personal page's own Cache-Control (private, perhaps no-store) goes out with it again.
  const headersKept = personal ? [...keptHeaders, "cache-control"] : keptHeaders;
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
      if (clock.now() - entry.storedAt < options.ttlMs) break;
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
    if (entry && clock.now() - entry.storedAt < options.ttlMs && entry.generation === generation()) return entry;
    if (entry) remove(key);
    return undefined;
  }

  /** A kept page as the answer to `request`: 304, or the page with a new nonce, gzip when accepted. */
  function answer(request: PageRequest, entry: Entry): KeptAnswer {
    const headers: Record<string, string> = {
      etag: entry.etag,
      "cache-control": personal ? personalPageControl : cachedPageControl,
      vary: varyHeader,
    };
    if (request.headers.get("If-None-Match") === entry.etag) return { status: 304, headers, body: null };
    const nonce = entry.nonce && options.createNonce();
    for (const [name, value] of Object.entries(entry.headers)) {
      headers[name] = name === "content-security-policy" && nonce ? value.replaceAll(entry.nonce, nonce) : value;
    }
    const gzip = acceptsGzip(request);
    const body = assemble(entry, nonce, gzip);
    if (gzip) headers["content-encoding"] = "gzip";
    headers["content-length"] = String(body.length);
    return { status: entry.status, headers, body: request.method === "HEAD" ? null : body };
  }

  const toResponse = ({ status, headers, body }: KeptAnswer) => new Response(body, { status, headers });

  function shareable(response: Response): boolean {
    const control = response.headers.get("Cache-Control") ?? "";
    return response.status === 200 && !response.headers.has("Set-Cookie") && (personal || !/private|no-store/.test(control));
  }

  async function toEntry(key: string, response: Response, renderedUnder: number): Promise<Entry> {
    const identity = Buffer.from(await response.arrayBuffer());
    const headers: Record<string, string> = {};
    for (const name of headersKept) {
      const value = response.headers.get(name);
      if (value !== null) headers[name] = value;
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
      status: response.status,
      headers,
      // Weak: the bytes differ by their nonce from one answer to the next.
      etag: `W/"${createHash("sha1").update(identity).digest("base64url")}"`,
      nonce,
      pieces,
      deflatedPieces,
      checksums: pieces.map((piece) => crc32(piece)),
      shifts: pieces.map((piece) => crc32ShiftFor(piece.length)),
      storedAt: clock.now(),
      generation: renderedUnder,
      // Strings count twice: V8 may hold them as two bytes a character.
      bytes: bodyBytes + 2 * (key.length + headerBytes) + entryOverheadBytes,
    };
  }

  function cacheable(request: PageRequest): boolean {
    if (request.method !== "GET" && request.method !== "HEAD") return false;
    const names = cookieNames(request.headers.get("Cookie") ?? undefined);
    if (options.personal && !names.some((name) => options.personal?.cookies.includes(name))) return false;
    return names.every((name) => allowedCookies.has(name));
  }

  /**
   * Renders the page for its variant and keeps it when it may be shared: the whole body is read,
   * so the first visitor too gets the kept (compressed) page rather than the larger identity one.
   * A page that may not be shared goes out as rendered.
   */
  async function renderAndKeep(key: string, request: Request, variant: PageVariant, render: PageRenderer): Promise<Response> {
    // The renderer sees only the parameters the page reads.
    const requested = new URL(request.url);
    const pageRequest =
      `${requested.pathname}${requested.search}` === variant.url ? request : new Request(new URL(variant.url, requested), request);
    // Taken before rendering: a page whose own reads moved the generation is already out of date.
    const renderedUnder = generation();
    let settle: (entry: Entry | null) => void = () => {};
    rendering.set(key, new Promise((resolve) => (settle = resolve)));
    try {
      const response = await render(pageRequest);
      if (!shareable(response)) {
        settle(null);
        const headers = new Headers(response.headers);
        if (!headers.has("Vary")) headers.set("Vary", varyHeader);
        if (!headers.has("Cache-Control")) headers.set("Cache-Control", personal ? personalPageControl : cachedPageControl);
        return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
      }
      const entry = await toEntry(key, response, renderedUnder);
      keep(entry);
      settle(entry);
      return toResponse(answer(request, entry));
    } catch (error) {
      settle(null);
      throw error;
    } finally {
      rendering.delete(key);
    }
  }

  /** The variant and key of a request for a page this cache keeps, or null; once per request with `lookups`. */
  function lookup(request: PageRequest, lookups?: PageLookups): Promise<Lookup> {
    const known = lookups?.get(cache);
    if (known) return known;
    const found = lookupOnce(request);
    lookups?.set(cache, found);
    return found;
  }

  async function lookupOnce(request: PageRequest): Promise<Lookup> {
    if (!cacheable(request)) return null;
    const variant = await Promise.resolve(options.variantOf(request)).catch(() => null);
    // A personal page without its audience would be served to anyone; a shared one with an audience, kept apart for nothing.
    if (!variant || personal !== (variant.audience !== undefined)) return null;
    const { url, language, theme, currency, demoNotice, audience = "" } = variant;
    return { variant, key: [url, language, theme, currency, demoNotice, audience].join("\u0000") };
  }

  /** Answers from memory, or from a render of the same variant in progress. */
  async function fromMemory(request: PageRequest, { variant, key }: { variant: PageVariant; key: string }) {
    const entry = fresh(key) ?? (await rendering.get(key));
    if (!entry) return null;
    options.onHit?.(variant.url.split("?")[0] ?? "/");
    return answer(request, entry);
  }

  /**
   * The kept answer to `request`, or null when it must be rendered: the edge asks this first, so
   * most public pages go out without a router, a middleware or a Fetch object.
   */
  async function kept(request: PageRequest, lookups?: PageLookups): Promise<KeptAnswer | null> {
    const found = await lookup(request, lookups);
    return found && fromMemory(request, found);
  }

  /**
   * Answers `request` from memory, from a render of the same variant in progress, or by rendering
   * it with `render` and keeping the page; requests that are not for a page this cache keeps go to
   * `render` untouched. `lookups` are those `kept` made for the same request.
   */
  async function respond(request: Request, render: PageRenderer, lookups?: PageLookups): Promise<Response> {
    const found = await lookup(request, lookups);
    if (!found) return render(request);
    const answered = await fromMemory(request, found);
    if (answered) return toResponse(answered);
    options.onMiss?.();
    // A HEAD has no body to keep.
    if (request.method === "HEAD") return render(request);
    return renderAndKeep(found.key, request, found.variant, render);
  }

  const cache = {
    kept,
    respond,
    size: () => entries.size,
    /** What the kept entries are counted to cost, bookkeeping included. */
    bytes: () => totalBytes,
    clear() {
      entries.clear();
      totalBytes = 0;
    },
    close() {
      clearInterval(sweeper);
    },
  };
  return cache;
}

export type PageCache = ReturnType<typeof createPageCache>;

/** Several caches as one: a request goes to the first that keeps its kind of page. */
export function combinePageCaches(...caches: PageCache[]): PageCache {
  return {
    async kept(request, lookups) {
      for (const cache of caches) {
        const answer = await cache.kept(request, lookups);
        if (answer) return answer;
      }
      return null;
    },
    respond: (request, render, lookups) =>
      caches.reduceRight<PageRenderer>((next, cache) => (pageRequest) => cache.respond(pageRequest, next, lookups), render)(request),
    size: () => caches.reduce((sum, cache) => sum + cache.size(), 0),
    bytes: () => caches.reduce((sum, cache) => sum + cache.bytes(), 0),
    clear: () => caches.forEach((cache) => cache.clear()),
    close: () => caches.forEach((cache) => cache.close()),
  };
}
