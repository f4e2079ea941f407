import { LRUCache } from "lru-cache";
import type { z } from "zod";

import type { Logger } from "~/platform/logger.server";

import { UpstreamError } from "../providers/provider";
import { parseCollectingDrops } from "./schema";

const defaultTimeoutMs = 8000;

type Query = Record<string, string | number | boolean | undefined>;

export type JsonClientOptions = {
  /** Names the upstream in every UpstreamError. */
  provider: string;
  baseUrl: string;
  /** Sent with every request (auth goes here, never in the URL, so it cannot leak into messages or logs). */
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** Told about items dropped from a feed, each distinct one once (the app always gives one; a test may not). */
  logger?: Logger;
};

/** Bounds what a client remembers having logged; past it, the least recently seen is forgotten. */
const maxReportedDrops = 1000;

/**
 * One GET per call, no retries: the cache layer above owns retries and back-off, so an adapter
 * must fail fast and say why (status, Retry-After) instead of multiplying upstream calls.
 */
export function createJsonClient({ provider, baseUrl, headers, timeoutMs = defaultTimeoutMs, logger }: JsonClientOptions) {
  const root = baseUrl.replace(/\/+$/, "");
  // A bad item that stays in a feed is logged once, not on every refresh.
  const reportedDrops = new LRUCache<string, true>({ max: maxReportedDrops });

  function reportDrops(lines: string[]) {
    for (const line of lines) {
      if (reportedDrops.get(line)) continue;
      reportedDrops.set(line, true);
      logger?.warn(line);
    }
  }

  async function request<S extends z.ZodType>(path: string, schema: S, query: Query, nullStatuses: readonly number[]) {
    const url = new URL(root + path);
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    // The path only: queries are harmless today, but messages should never depend on that.
    const label = `${provider}: GET ${url.pathname}`;
    const fail = (reason: string, status?: number, retryAfter?: number) =>
      new UpstreamError(`${label} ${reason}`, provider, status, retryAfter);

    let response: Response;
    let body: string;
    try {
      response = await fetch(url, {
        headers: { accept: "application/json", ...headers },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) {
        // Free the connection without waiting for an error body we do not use.
        await response.body?.cancel().catch(() => undefined);
        if (nullStatuses.includes(response.status)) return null;
        throw fail(`failed with HTTP ${response.status}`, response.status, parseRetryAfter(response.headers.get("retry-after")));
      }
      // Read inside the try: the timeout also covers a body that stalls half-way.
      body = await response.text();
    } catch (error) {
      if (error instanceof UpstreamError) throw error;
      throw fail(isTimeout(error) ? `timed out after ${timeoutMs} ms` : `network error (${networkReason(error)})`);
    }

    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw fail("returned malformed JSON");
    }
    const { parsed, drops } = parseCollectingDrops(schema, json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw fail(`returned a malformed body (${issue ? `${issue.path.join(".") || "root"}: ${issue.message}` : "invalid"})`);
    }
    reportDrops(drops);
    return parsed.data as z.output<S>;
  }

  return {
    get: <S extends z.ZodType>(path: string, schema: S, query: Query = {}) => request(path, schema, query, []) as Promise<z.output<S>>,
    /** Like `get`, but an HTTP 404 (unknown id or ticker), or another status the upstream uses for "nothing", resolves to null. */
    getOrNull: <S extends z.ZodType>(path: string, schema: S, query: Query = {}, nothingStatuses: readonly number[] = [404]) =>
      request(path, schema, query, nothingStatuses),
  };
}

/**
 * An id or ticker as one encoded path segment, or null when it cannot name anything: "." and ".."
 * would be resolved by URL parsing and reach another upstream endpoint.
 */
export function pathSegment(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === "" || trimmed === "." || trimmed === ".." ? null : encodeURIComponent(trimmed);
}

/** Retry-After is either delay-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

function isTimeout(error: unknown) {
  return error instanceof Error && error.name === "TimeoutError";
}

/** undici reports "fetch failed" and hides the useful part (ECONNREFUSED, ENOTFOUND...) in `cause`. */
export function networkReason(error: unknown) {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause;
  const code = cause && typeof cause === "object" && "code" in cause ? String(cause.code) : undefined;
  return code ? `${error.message}: ${code}` : error.message;
}
