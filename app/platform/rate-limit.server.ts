import type { Clock } from "./clock";

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** A named limit: at most `limit` attempts per key in a fixed window of `windowMs`. */
export type RateLimit = { readonly name: string; readonly limit: number; readonly windowMs: number };

/**
 * Counts attempts against limits, per key (an address, an account). One attempt may count under
 * several limits at once; a refused attempt counts nowhere, so hammering one limit does not use
 * up another (one address's tries at an account would otherwise lock its owner out).
 */
export type RateLimiter = {
  hit(attempts: ReadonlyArray<readonly [RateLimit, string]>): Promise<RateLimitVerdict>;
};

/** Fixed windows in this process's memory: enough for one instance. */
export function createMemoryRateLimiter(clock: Clock): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = (now: number) => {
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  };
  return {
    async hit(attempts) {
      const now = clock.now();
      const keyed = attempts.map(([limit, key]) => [limit, `${limit.name}:${key}`] as const);
      const waits = keyed.map(([limit, key]) => {
        const window = windows.get(key);
        return window && window.resetAt > now && window.count >= limit.limit ? window.resetAt - now : 0;
      });
      const retryAfterMs = Math.max(0, ...waits);
      if (retryAfterMs > 0) return { allowed: false, retryAfterSeconds: Math.ceil(retryAfterMs / 1000) };
      for (const [limit, key] of keyed) {
        const window = windows.get(key);
        if (window && window.resetAt > now) window.count++;
        else windows.set(key, { count: 1, resetAt: now + limit.windowMs });
      }
      if (windows.size > 50_000) sweep(now);
      return { allowed: true };
    },
  };
}

/** @deprecated Transitional: use the platform's RateLimiter. */
/**
 * Fixed-window counters in memory: enough for one self-hosted process. Each limited action
 * counts per client address and per account, so neither spraying accounts from one address nor
 * hammering one account from many addresses gets far.
 */
export class LegacyRateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt for every key; refused when any key is full. */
  hit(...keys: string[]): RateLimitVerdict {
    return hitAll(...keys.map((key) => [this, key] as const));
  }

  /** Milliseconds until one more attempt under `key` fits; 0 when it fits now. */
  waitFor(key: string): number {
    const window = this.windows.get(key);
    const now = this.now();
    return window && window.resetAt > now && window.count >= this.limit ? window.resetAt - now : 0;
  }

  count(key: string) {
    const now = this.now();
    const window = this.windows.get(key);
    if (window && window.resetAt > now) window.count++;
    else this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
    if (this.windows.size > 50_000) this.sweep(now);
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/**
 * One attempt against several limits at once, each with its own limiter and key. A refused
 * attempt counts nowhere: hammering one limit must not use up another (one address's tries at an
 * account would otherwise fill the account's own ceiling and lock its owner out).
 */
export function hitAll(...attempts: ReadonlyArray<readonly [LegacyRateLimiter, string]>): RateLimitVerdict {
  const retryAfterMs = Math.max(0, ...attempts.map(([limiter, key]) => limiter.waitFor(key)));
  if (retryAfterMs > 0) return { allowed: false, retryAfterSeconds: Math.ceil(retryAfterMs / 1000) };
  for (const [limiter, key] of attempts) limiter.count(key);
  return { allowed: true };
}
