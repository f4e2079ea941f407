import { UpstreamError } from "./providers/provider";

/** Where the last good answer of each key survives a restart (SQLite in the app, memory in tests). */
export interface PersistentStore {
  read(key: string): { value: string; fetchedAt: number } | undefined;
  write(key: string, value: string, fetchedAt: number): void;
}

export type CacheOptions = {
  /** How long an answer is fresh (the spec's 5 minutes). */
  ttlMs?: number;
  /** Retries after the first failed attempt (the spec's 3). */
  retries?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  maxEntries?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  store?: PersistentStore;
  onBackgroundError?: (key: string, error: unknown) => void;
};

export type CachedValue<T> = { value: T; fetchedAt: number; stale: boolean };

type Entry = { value: unknown; fetchedAt: number };

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One cache in front of every provider call: fresh answers for `ttlMs`; after that the stale
 * answer is served at once while one refresh runs (stale-while-revalidate); when the upstream
 * fails the last good answer is served (stale-if-error). Concurrent callers of a key share one
 * upstream call (single-flight). Failures are retried with exponential delay capped at
 * `maxDelayMs`; a 429 is not retried and stops calls to that key until its Retry-After has passed.
 */
export class MarketCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<Entry>>();
  private readonly backoffUntil = new Map<string, number>();
  private readonly ttlMs: number;
  private readonly retries: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly store: PersistentStore | undefined;
  private readonly onBackgroundError: (key: string, error: unknown) => void;

  constructor(options: CacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 5 * 60_000;
    this.retries = options.retries ?? 3;
    this.baseDelayMs = options.baseDelayMs ?? 1000;
    this.maxDelayMs = options.maxDelayMs ?? 30_000;
    this.maxEntries = options.maxEntries ?? 5000;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? defaultSleep;
    this.store = options.store;
    this.onBackgroundError = options.onBackgroundError ?? (() => {});
  }

  /**
   * `persist` keeps the answer in the store; the embedded demo data does not need it, since it
   * cannot fail.
   */
  async get<T>(key: string, fetcher: () => Promise<T>, { persist = true } = {}): Promise<CachedValue<T>> {
    const known = this.lookup(key);
    if (known && this.now() - known.fetchedAt < this.ttlMs) return this.answer<T>(known, false);
    if (known) {
      // Refresh behind the scenes; this caller gets the stale answer straight away.
      this.refresh(key, fetcher, persist).catch((error) => this.onBackgroundError(key, error));
      return this.answer<T>(known, true);
    }
    return this.answer<T>(await this.refresh(key, fetcher, persist), false);
  }

  private answer<T>(entry: Entry, stale: boolean): CachedValue<T> {
    return { value: entry.value as T, fetchedAt: entry.fetchedAt, stale };
  }

  private lookup(key: string): Entry | undefined {
    const inMemory = this.entries.get(key);
    if (inMemory) return inMemory;
    const persisted = this.store?.read(key);
    if (!persisted) return undefined;
    try {
      const entry = { value: JSON.parse(persisted.value) as unknown, fetchedAt: persisted.fetchedAt };
      this.remember(key, entry);
      return entry;
    } catch {
      return undefined;
    }
  }

  private remember(key: string, entry: Entry) {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  private refresh<T>(key: string, fetcher: () => Promise<T>, persist: boolean): Promise<Entry> {
    const running = this.inFlight.get(key);
    if (running) return running;
    const call = this.fetchWithRetries(key, fetcher)
      .then((value) => {
        const entry = { value, fetchedAt: this.now() };
        this.remember(key, entry);
        if (persist) this.store?.write(key, JSON.stringify(value), entry.fetchedAt);
        return entry;
      })
      .catch((error: unknown) => {
        // stale-if-error: a caller that waited still gets the last good answer, if any.
        const known = this.lookup(key);
        if (known) return known;
        throw error;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, call);
    return call;
  }

  private async fetchWithRetries<T>(key: string, fetcher: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const waitUntil = this.backoffUntil.get(key) ?? 0;
      if (waitUntil > this.now()) {
        throw new UpstreamError("Upstream asked us to back off", "cache", 429, Math.ceil((waitUntil - this.now()) / 1000));
      }
      try {
        return await fetcher();
      } catch (error) {
        const upstream = error instanceof UpstreamError ? error : undefined;
        if (upstream?.status === 429) {
          // Waiting out Retry-After here would hold the visitor's page that long: the caller gets
          // the failure (or the stale answer) now, and the next call after the back-off tries again.
          const backoffMs = Math.min((upstream.retryAfterSeconds ?? 60) * 1000, this.maxDelayMs);
          this.backoffUntil.set(key, this.now() + backoffMs);
          throw error;
        }
        if (attempt >= this.retries || (upstream && !upstream.retryable)) throw error;
        await this.sleep(Math.min(this.baseDelayMs * 2 ** attempt, this.maxDelayMs));
      }
    }
  }
}
