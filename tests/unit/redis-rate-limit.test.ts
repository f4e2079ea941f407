import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { memoryLogger } from "~/platform/logger.server";
import { createRedisRateLimiter, type RateLimit } from "~/platform/rate-limit.server";
import { connectRedis, type RedisConnection } from "~/platform/redis.server";

import { type RedisServer, startRedisServer } from "../support/redis-server";

let redis: RedisServer;
const connections: RedisConnection[] = [];

/** One app instance's connection, as createServices opens it. */
async function instance() {
  const connection = await connectRedis(redis.url, memoryLogger());
  connections.push(connection);
  return connection;
}

beforeAll(async () => {
  redis = await startRedisServer();
});

afterAll(async () => {
  await Promise.all(connections.map((connection) => connection.close()));
  await redis.close();
});

describe("rate limits in Redis", () => {
  it("refuses at the same count with two instances as with one", async () => {
    const limit: RateLimit = { name: "test:shared-count", limit: 5, windowMs: 15 * 60_000 };
    const [first, second] = [createRedisRateLimiter(await instance()), createRedisRateLimiter(await instance())];
    const verdicts = [];
    for (let attempt = 0; attempt < 5; attempt++) verdicts.push(await (attempt % 2 ? second : first).hit([[limit, "198.51.100.7"]]));
    expect(verdicts.every((verdict) => verdict.allowed)).toBe(true);

    for (const limiter of [first, second]) {
      const refused = await limiter.hit([[limit, "198.51.100.7"]]);
      expect(refused.allowed).toBe(false);
      if (!refused.allowed) expect(refused.retryAfterSeconds).toBeGreaterThan(14 * 60);
    }
    // Another key has its own window.
    expect(await second.hit([[limit, "198.51.100.8"]])).toEqual({ allowed: true });
  });

  it("lets exactly the limit through when instances race for the last places", async () => {
    const limit: RateLimit = { name: "test:race", limit: 7, windowMs: 60_000 };
    const limiters = [createRedisRateLimiter(await instance()), createRedisRateLimiter(await instance())];
    const verdicts = await Promise.all(Array.from({ length: 20 }, (_, index) => limiters[index % 2]!.hit([[limit, "race"]])));
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(7);
  });

  it("counts a refused attempt under none of its limits, across instances", async () => {
    const perAddress: RateLimit = { name: "test:address", limit: 3, windowMs: 60_000 };
    const perAccount: RateLimit = { name: "test:account", limit: 5, windowMs: 60_000 };
    const connection = await instance();
    const [first, second] = [createRedisRateLimiter(connection), createRedisRateLimiter(await instance())];
    const attempt = (address: string) =>
      [
        [perAddress, address],
        [perAccount, "ana@example.com"],
      ] as const;

    // One address hammers the account from both instances, at once: three get through.
    const verdicts = await Promise.all(Array.from({ length: 10 }, (_, index) => (index % 2 ? second : first).hit(attempt("203.0.113.1"))));
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(3);
    expect(await connection.client.get("rate:test:account:ana@example.com")).toBe("3");

    // The account still has its two remaining places for its owner.
    expect(await second.hit(attempt("203.0.113.2"))).toEqual({ allowed: true });
    expect(await first.hit(attempt("203.0.113.2"))).toEqual({ allowed: true });
    expect((await first.hit(attempt("203.0.113.3"))).allowed).toBe(false);
    expect(await connection.client.get("rate:test:address:203.0.113.3")).toBeNull();
  });
});
