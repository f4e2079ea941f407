import { LRUCache } from "lru-cache";

import { type Clock, systemClock } from "~/platform/clock";
import type { SharedStore } from "~/platform/shared-store.server";

import { UpstreamError } from "./providers/provider";

/** Where the last good answer of each key survives a restart (the database in the app, memory in tests). */
export interface PersistentStore {
  read(key: string): Promise<{ value: string; fetchedAt: number } | undefined>;
  write(key: string, value: string, fetchedAt: number): Promise<void>;
}

export type CacheOptions = {
  /** How long an answer is fresh (the spec's 5 minutes). */
  ttlMs?: number;
  /** Retries after the first failed attempt (the spec's 3). */
  retries?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  maxEntries?: number;
  /** How long one upstream call may take: the longest another instance waits for its answer. */
  upstreamTimeoutMs?: number;
  /** How often an instance waiting for another's answer looks for it. */
  pollIntervalMs?: number;
  clock?: Clock;
  sleep?: (ms: number) => Promise<void>;
  store?: PersistentStore;
  /** Fresh answers every instance sees, and the locks that let one instance at a time ask the upstream. */
  shared?: SharedStore;
  onBackgroundError?: (key: string, error: unknown) => void;
};

export type CachedValue<T> = { value: T; fetchedAt: number; stale: boolean };

type Entry = { value: unknown; fetchedAt: number };

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function parseEntry(json: string | undefined): Entry | undefined {
  if (json === undefined) return undefined;
  try {
    const entry = JSON.parse(json) as Entry;
    return typeof entry?.fetchedAt === "number" ? entry : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One cache in front of every provider call: fresh answers for `ttlMs`; after that the stale
 * answer is served at once while one refresh runs (stale-while-revalidate); when the upstream
 * fails the last good answer is served (stale-if-error). Concurrent callers of a key share one
 * upstream call (single-flight), and with a shared store so do instances: the one holding the
 * key's lock asks the upstream and the others wait briefly for its answer. Failures are retried
 * with exponential delay capped at `maxDelayMs`; a 429 is not retried and stops calls to that key
 * until its Retry-After has passed.
 */
export class MarketCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly inFlight = new Map<string, Promise<Entry>>();
  private readonly backoffUntil = new Map<string, number>();
  private readonly ttlMs: number;
  private readonly retries: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly upstreamTimeoutMs: number;
  private readonly pollIntervalMs: number;
  private readonly clock: Clock;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly store: PersistentStore | undefined;
  private readonly shared: SharedStore | undefined;
  private readonly onBackgroundError: (key: string, error: unknown) => void;

  constructor(options: CacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 5 * 60_000;
    this.retries = options.retries ?? 3;
    this.baseDelayMs = options.baseDelayMs ?? 1000;
    this.maxDelayMs = options.maxDelayMs ?? 30_000;
    this.entries = new LRUCache({ max: options.maxEntries ?? 5000 });
    this.upstreamTimeoutMs = options.upstreamTimeoutMs ?? 10_000;
    this.pollIntervalMs = options.pollIntervalMs ?? 50;
    this.clock = options.clock ?? systemClock;
    this.sleep = options.sleep ?? defaultSleep;
    this.store = options.store;
    this.shared = options.shared;
    this.onBackgroundError = options.onBackgroundError ?? (() => {});
  }

  /**
   * `persist` keeps the answer in the store and shares it with the other instances; the embedded
   * demo data needs neither, since it cannot fail and every instance computes the same.
   */
  async get<T>(key: string, fetcher: () => Promise<T>, { persist = true } = {}): Promise<CachedValue<T>> {
    let known = this.entries.get(key);
    if (known && this.isFresh(known)) return this.answer<T>(known, false);
    if (persist) known = await this.latest(key, known);
    if (known && this.isFresh(known)) return this.answer<T>(known, false);
    if (known) {
      // Refresh behind the scenes; this caller gets the stale answer straight away.
      this.refresh(key, fetcher, persist, known).catch((error) => this.onBackgroundError(key, error));
      return this.answer<T>(known, true);
    }
    return this.answer<T>(await this.refresh(key, fetcher, persist, undefined), false);
  }

  /** Whether this instance holds a fresh answer for `key`: `get` would answer it without a call. */
  holdsFresh(key: string): boolean {
    const known = this.entries.get(key);
    return known !== undefined && this.isFresh(known);
  }

  private isFresh(entry: Entry) {
    return this.clock.now() - entry.fetchedAt < this.ttlMs;
  }

  private answer<T>(entry: Entry, stale: boolean): CachedValue<T> {
    return { value: entry.value as T, fetchedAt: entry.fetchedAt, stale };
  }

  /**
   * The newest answer to be had besides `known`: one another instance shared, else (with nothing
   * in memory) the last good one from before a restart. Remembered here when newer.
   */
  private async latest(key: string, known: Entry | undefined): Promise<Entry | undefined> {
    const found = (await this.sharedEntry(key)) ?? (known ? undefined : await this.persisted(key));
    return this.rememberIfNewer(key, found);
  }

  private rememberIfNewer(key: string, found: Entry | undefined): Entry | undefined {
    const known = this.entries.get(key);
    if (!found || (known && found.fetchedAt <= known.fetchedAt)) return known;
    this.entries.set(key, found);
    return found;
  }

  private async sharedEntry(key: string): Promise<Entry | undefined> {
    return parseEntry(await this.shared?.get(`market:${key}`).catch(() => undefined));
  }

  private async persisted(key: string): Promise<Entry | undefined> {
    const stored = await this.store?.read(key);
    if (!stored) return undefined;
    try {
      return { value: JSON.parse(stored.value) as unknown, fetchedAt: stored.fetchedAt };
    } catch {
      return undefined;
    }
  }

  private refresh(key: string, fetcher: () => Promise<unknown>, persist: boolean, known: Entry | undefined): Promise<Entry> {
    const running = this.inFlight.get(key);
    if (running) return running;
    const call = (persist && this.shared ? this.fetchOnceAcrossInstances(key, fetcher, known) : this.fetchHere(key, fetcher, persist))
      .catch((error: unknown) => {
        // stale-if-error: a caller that waited still gets the last good answer, if any.
        const last = this.entries.get(key);
        if (last) return last;
        throw error;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, call);
    return call;
  }

  /**
   * One upstream call per key across instances: the lock's holder asks; an instance that cannot
   * take the lock waits for the holder's answer to appear in the shared store, for as long as one
   * upstream call may take, and asks the upstream itself when it does not.
   */
  private async fetchOnceAcrossInstances(key: string, fetcher: () => Promise<unknown>, known: Entry | undefined): Promise<Entry> {
    const shared = this.shared!;
    const release = await shared.lock(`market-lock:${key}`, 2 * this.upstreamTimeoutMs).catch(() => null);
    if (release) {
      try {
        // The previous holder may have shared its answer between this instance's look and the lock.
        const justShared = this.rememberIfNewer(key, await this.sharedEntry(key));
        if (justShared && justShared !== known && this.isFresh(justShared)) return justShared;
        return await this.fetchHere(key, fetcher, true);
      } finally {
        await release().catch(() => undefined);
      }
    }
    for (let waited = 0; waited < this.upstreamTimeoutMs; waited += this.pollIntervalMs) {
      await this.sleep(this.pollIntervalMs);
      const answer = this.rememberIfNewer(key, await this.sharedEntry(key));
      if (answer && answer !== known) return answer;
    }
    return this.fetchHere(key, fetcher, true);
  }

  private async fetchHere(key: string, fetcher: () => Promise<unknown>, persist: boolean): Promise<Entry> {
    const value = await this.fetchWithRetries(key, fetcher);
    const entry = { value, fetchedAt: this.clock.now() };
    this.entries.set(key, entry);
    if (persist) {
      const json = JSON.stringify(value);
      await Promise.all([
        this.shared?.set(`market:${key}`, JSON.stringify(entry), this.ttlMs).catch(() => undefined),
        this.store?.write(key, json, entry.fetchedAt).catch((error: unknown) => this.onBackgroundError(key, error)),
      ]);
    }
    return entry;
  }

  private async fetchWithRetries<T>(key: string, fetcher: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const waitUntil = this.backoffUntil.get(key) ?? 0;
      if (waitUntil > this.clock.now()) {
        throw new UpstreamError("Upstream asked us to back off", "cache", 429, Math.ceil((waitUntil - this.clock.now()) / 1000));
      }
      try {
        return await fetcher();
      } catch (error) {
        const upstream = error instanceof UpstreamError ? error : undefined;
        if (upstream?.status === 429) {
          // Waiting out Retry-After here would hold the visitor's page that long: the caller gets
          // the failure (or the stale answer) now, and the next call after the back-off tries again.
          const backoffMs = Math.min((upstream.retryAfterSeconds ?? 60) * 1000, this.maxDelayMs);
          this.backoffUntil.set(key, this.clock.now() + backoffMs);
          throw error;
        }
        if (attempt >= this.retries || (upstream && !upstream.retryable)) throw error;
        await this.sleep(Math.min(this.baseDelayMs * 2 ** attempt, this.maxDelayMs));
      }
    }
  }
}
