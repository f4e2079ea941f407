import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { memoryLogger } from "~/platform/logger.server";
import type { RateLimit } from "~/platform/rate-limit.server";
import { connectRedis, type RedisConnection } from "~/platform/redis.server";
import type { Services } from "~/services.server";

import { type RedisServer, startRedisServer } from "../support/redis-server";
import { createTestServices } from "../support/services";

/** No request waits longer than this on a Redis that is gone or hangs. */
const longestWaitMs = 500;
/** Reconnection backs off to 2 s between attempts. */
const reconnection = { timeout: 10_000, interval: 50 };

let redis: RedisServer;
let inspector: RedisConnection;
const logs = { first: memoryLogger(), second: memoryLogger() };
let first: Services;
let second: Services;

async function promptly<T>(work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  expect(performance.now() - started).toBeLessThan(longestWaitMs);
  return result;
}

/** The instance's `redis_up` gauge, as Prometheus would read it. */
const redisUp = async (services: Services) =>
  Number((await services.platform.metrics.registry.getSingleMetricAsString("redis_up")).match(/^redis_up (\d)$/m)?.[1]);

const linesOf = (logger: ReturnType<typeof memoryLogger>, text: string) => logger.lines.filter((line) => line.message.includes(text));

beforeAll(async () => {
  redis = await startRedisServer();
  inspector = await connectRedis(redis.url, memoryLogger());
  first = await createTestServices({ environment: { REDIS_URL: redis.url }, logger: logs.first });
  second = await createTestServices({ environment: { REDIS_URL: redis.url }, logger: logs.second });
});

afterAll(async () => {
  redis.thaw();
  await Promise.all([first.close(), second.close(), inspector.close()]);
  await redis.close();
});

describe("when Redis goes away and comes back", () => {
  const heard = { first: [] as string[], second: [] as string[] };

  it("serves from the instance's own memory while Redis is down, promptly, and says so once", async () => {
    first.platform.events.subscribe("pages:changed", (message) => heard.first.push(message));
    second.platform.events.subscribe("pages:changed", (message) => heard.second.push(message));
    await vi.waitFor(async () =>
      expect(await inspector.client.pubsub("NUMSUB", "events:pages:changed")).toEqual(["events:pages:changed", 2]),
    );
    await first.platform.shared.set("quote:PETR4", "38.12", 60_000);
    expect(linesOf(logs.first, "connected")).toHaveLength(1);

    expect(await redisUp(first)).toBe(1);
    await redis.stop();
    await vi.waitFor(() => expect(linesOf(logs.first, "is unavailable")).toHaveLength(1));
    expect(await redisUp(first)).toBe(0);

    const { rateLimiter, shared, events } = first.platform;
    const limit: RateLimit = { name: "test:outage", limit: 3, windowMs: 60_000 };
    for (let attempt = 0; attempt < 3; attempt++)
      expect(await promptly(() => rateLimiter.hit([[limit, "198.51.100.1"]]))).toEqual({ allowed: true });
    expect((await promptly(() => rateLimiter.hit([[limit, "198.51.100.1"]]))).allowed).toBe(false);

    expect(await promptly(() => shared.get("quote:PETR4"))).toBeUndefined();
    await promptly(() => shared.set("quote:VALE3", "61.40", 60_000));
    expect(await promptly(() => shared.get("quote:VALE3"))).toBe("61.40");
    const release = await promptly(() => shared.lock("upstream:bitcoin", 30_000));
    expect(release).toBeTypeOf("function");
    expect(await promptly(() => shared.lock("upstream:bitcoin", 30_000))).toBeNull();
    await release!();

    await promptly(() => events.publish("pages:changed", "during the outage"));
    expect(heard.first).toEqual(["during the outage"]);
    expect(heard.second).toEqual([]);

    expect(linesOf(logs.first, "is unavailable")).toHaveLength(1);
    expect(linesOf(logs.first, "is unavailable")[0]?.level).toBe("warn");
  });

  it("goes through Redis again once it is back, without a restart, and says so once", async () => {
    await redis.start();
    await vi.waitFor(() => expect(linesOf(logs.first, "is back")).toHaveLength(1), reconnection);
    await vi.waitFor(() => expect(linesOf(logs.second, "is back")).toHaveLength(1), reconnection);
    expect(await redisUp(first)).toBe(1);
    // Both instances took their subscriptions again.
    await vi.waitFor(async () =>
      expect(await inspector.client.pubsub("NUMSUB", "events:pages:changed")).toEqual(["events:pages:changed", 2]),
    );

    await first.platform.events.publish("pages:changed", "after the outage");
    await vi.waitFor(() => expect(heard.second).toEqual(["after the outage"]));

    const limit: RateLimit = { name: "test:after-outage", limit: 2, windowMs: 60_000 };
    expect(await first.platform.rateLimiter.hit([[limit, "198.51.100.2"]])).toEqual({ allowed: true });
    expect(await second.platform.rateLimiter.hit([[limit, "198.51.100.2"]])).toEqual({ allowed: true });
    expect((await first.platform.rateLimiter.hit([[limit, "198.51.100.2"]])).allowed).toBe(false);

    await first.platform.shared.set("quote:ITUB4", "33.05", 60_000);
    expect(await second.platform.shared.get("quote:ITUB4")).toBe("33.05");
    const release = await first.platform.shared.lock("upstream:ethereum", 30_000);
    expect(await second.platform.shared.lock("upstream:ethereum", 30_000)).toBeNull();
    await release!();

    for (const logger of [logs.first, logs.second]) {
      expect(linesOf(logger, "is unavailable")).toHaveLength(1);
      expect(linesOf(logger, "is back")).toHaveLength(1);
    }
  });

  it("holds no request longer than a short bound while Redis hangs", async () => {
    const { rateLimiter, shared, events } = first.platform;
    const limit: RateLimit = { name: "test:hang", limit: 5, windowMs: 60_000 };
    redis.freeze();
    try {
      expect(await promptly(() => rateLimiter.hit([[limit, "198.51.100.3"]]))).toEqual({ allowed: true });
      expect(await promptly(() => shared.get("quote:ITUB4"))).toBeUndefined();
      await promptly(() => shared.set("quote:BBAS3", "27.90", 60_000));
      expect(await promptly(() => shared.lock("upstream:solana", 30_000))).toBeTypeOf("function");
      await promptly(() => events.publish("pages:changed", "while Redis hangs"));
    } finally {
      redis.thaw();
    }
    expect(heard.first.at(-1)).toBe("while Redis hangs");
    // A heartbeat that fell within the hang keeps the instance on its own memory until the next one answers.
    await vi.waitFor(async () => expect(await shared.get("quote:ITUB4")).toBe("33.05"), reconnection);
  });

  it("says once that a hung Redis stopped answering, works without it meanwhile, and once that it answers again", async () => {
    const logger = memoryLogger();
    const connection = await connectRedis(redis.url, logger, 100);
    try {
      expect(connection.available()).toBe(true);
      redis.freeze();
      try {
        await vi.waitFor(() => expect(linesOf(logger, "is unavailable (Command timed out)")).toHaveLength(1), reconnection);
        // Callers fall back at once instead of each waiting out a command timeout.
        expect(connection.available()).toBe(false);
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(linesOf(logger, "is unavailable")).toHaveLength(1);
      } finally {
        redis.thaw();
      }
      await vi.waitFor(() => expect(linesOf(logger, "is back")).toHaveLength(1), reconnection);
      expect(connection.available()).toBe(true);
    } finally {
      await connection.close();
    }
  });

  it("starts without Redis and picks it up when it comes", async () => {
    const late = await startRedisServer();
    await late.stop();
    const logger = memoryLogger();
    const started = performance.now();
    const services = await createTestServices({ environment: { REDIS_URL: late.url }, logger });
    try {
      expect(performance.now() - started).toBeLessThan(3000);
      expect(linesOf(logger, "is unavailable")).toHaveLength(1);
      const limit: RateLimit = { name: "test:late", limit: 1, windowMs: 60_000 };
      expect(await promptly(() => services.platform.rateLimiter.hit([[limit, "198.51.100.4"]]))).toEqual({ allowed: true });
      expect((await promptly(() => services.platform.rateLimiter.hit([[limit, "198.51.100.4"]]))).allowed).toBe(false);

      await late.start();
      await vi.waitFor(() => expect(linesOf(logger, "is back")).toHaveLength(1), reconnection);
      await services.platform.shared.set("quote:WEGE3", "52.10", 60_000);
      const lateInspector = await connectRedis(late.url, memoryLogger());
      expect(await lateInspector.client.get("shared:quote:WEGE3")).toBe("52.10");
      await lateInspector.close();
    } finally {
      await services.close();
      await late.close();
    }
  });
});
