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

  /** Counts one attempt for every key; refused when any key is over its limit. */
  hit(...keys: string[]): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const now = this.now();
    let retryAfterMs = 0;
    for (const key of keys) {
      let window = this.windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + this.windowMs };
        this.windows.set(key, window);
      }
      window.count++;
      if (window.count > this.limit) retryAfterMs = Math.max(retryAfterMs, window.resetAt - now);
    }
    if (this.windows.size > 50_000) this.sweep(now);
    return retryAfterMs > 0 ? { allowed: false, retryAfterSeconds: Math.ceil(retryAfterMs / 1000) } : { allowed: true };
  }

  reset(key: string) {
    this.windows.delete(key);
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
