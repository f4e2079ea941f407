export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Fixed-window counters in memory: enough for one self-hosted process. Each limited action
 * counts per client address and per account, so neither spraying accounts from one address nor
 * hammering one account from many addresses gets far.
 */
export class RateLimiter {
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
export function hitAll(...attempts: ReadonlyArray<readonly [RateLimiter, string]>): RateLimitVerdict {
  const retryAfterMs = Math.max(0, ...attempts.map(([limiter, key]) => limiter.waitFor(key)));
  if (retryAfterMs > 0) return { allowed: false, retryAfterSeconds: Math.ceil(retryAfterMs / 1000) };
  for (const [limiter, key] of attempts) limiter.count(key);
  return { allowed: true };
}
