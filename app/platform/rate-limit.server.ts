import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";

import type { RedisConnection } from "./redis.server";

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

/** `limiter`, telling `onRefusal` of each attempt it refuses (for the metrics). */
export function countingRefusals(limiter: RateLimiter, onRefusal: () => void): RateLimiter {
  return {
    async hit(attempts) {
      const verdict = await limiter.hit(attempts);
      if (!verdict.allowed) onRefusal();
      return verdict;
    },
  };
}

type Window = { keyPrefix: string; points: number; duration: number };

/**
 * Fixed windows counted by rate-limiter-flexible, one of its limiters per limit: the same checks
 * whether the counts live in this process's memory or in Redis.
 */
function createRateLimiter(limiterOf: (window: Window) => RateLimiterAbstract): RateLimiter {
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiterFor = (limit: RateLimit) => {
    const id = `${limit.name}|${limit.limit}|${limit.windowMs}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      limiter = limiterOf({
        keyPrefix: `rate:${limit.name}`,
        points: limit.limit,
        duration: Math.max(1, Math.ceil(limit.windowMs / 1000)),
      });
      limiters.set(id, limiter);
    }
    return limiter;
  };
  const refusal = (waitsMs: number[]): RateLimitVerdict => ({
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil(Math.max(...waitsMs) / 1000)),
  });
  return {
    async hit(attempts) {
      const counted = attempts.map(([limit, key]) => ({ limiter: limiterFor(limit), key, limit: limit.limit }));
      // Every limit is checked before any counts, so an attempt refused by one counts under none.
      const current = await Promise.all(counted.map(({ limiter, key }) => limiter.get(key)));
      const full = counted.flatMap(({ limit }, index) => {
        const window = current[index];
        // A window past its end (not yet swept from memory) is full of nothing.
        return window && window.msBeforeNext > 0 && window.consumedPoints >= limit ? [window.msBeforeNext] : [];
      });
      if (full.length > 0) return refusal(full);
      const outcomes = await Promise.allSettled(counted.map(({ limiter, key }) => limiter.consume(key)));
      const overflows = outcomes.flatMap((outcome) =>
        outcome.status === "rejected" && outcome.reason instanceof RateLimiterRes ? [outcome.reason.msBeforeNext] : [],
      );
      if (overflows.length === 0) return { allowed: true };
      // Another attempt (here or on another instance) took the last places between the check and
      // the count: this one is refused after all, so every count it made (an overflow counts too)
      // is given back.
      await Promise.all(
        counted.map(({ limiter, key }, index) => {
          const outcome = outcomes[index];
          const madeCount = outcome?.status === "fulfilled" || outcome?.reason instanceof RateLimiterRes;
          return madeCount ? limiter.reward(key).catch(() => undefined) : undefined;
        }),
      );
      return refusal(overflows);
    },
  };
}

/** Windows in this process's memory: enough for one instance. */
export function createMemoryRateLimiter(): RateLimiter {
  return createRateLimiter((window) => new RateLimiterMemory(window));
}

/**
 * Windows in Redis, so every instance counts against the same ceilings. While Redis is away each
 * limit counts in this instance's memory instead (the insurance limiter), without waiting on it.
 */
export function createRedisRateLimiter(redis: RedisConnection): RateLimiter {
  return createRateLimiter(
    (window) =>
      new RateLimiterRedis({
        ...window,
        storeClient: redis.client,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(window),
      }),
  );
}
