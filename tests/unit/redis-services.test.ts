import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { ConfigError, loadEnv } from "~/platform/env.server";
import { memoryLogger } from "~/platform/logger.server";
import type { RateLimit } from "~/platform/rate-limit.server";
import { connectRedis, type RedisConnection } from "~/platform/redis.server";

import { type RedisServer, startRedisServer } from "../support/redis-server";
import { createTestServices } from "../support/services";

let redis: RedisServer;
let inspector: RedisConnection;

beforeAll(async () => {
  redis = await startRedisServer();
  inspector = await connectRedis(redis.url, memoryLogger());
});

afterAll(async () => {
  await inspector.close();
  await redis.close();
});

/** The app's own connections, as Redis lists its clients. */
async function appConnections() {
  const clients = (await inspector.client.client("LIST")) as string;
  return clients.split("\n").filter((line) => / name=market-analytics/.test(line));
}

describe("services with REDIS_URL", () => {
  it("keep rate limits, shared values and events in Redis, and close their connections", async () => {
    const logger = memoryLogger();
    const before = (await appConnections()).length;
    const services = await createTestServices({ environment: { REDIS_URL: redis.url }, logger });
    expect(await appConnections()).toHaveLength(before + 2);
    const redisLines = () => logger.lines.filter((line) => line.message.startsWith("Redis"));
    expect(redisLines()).toEqual([{ level: "info", message: expect.stringMatching(/^Redis at 127\.0\.0\.1:\d+ connected$/) }]);
    const { rateLimiter, shared, events } = services.platform;

    const limit: RateLimit = { name: "test:services", limit: 3, windowMs: 60_000 };
    await rateLimiter.hit([[limit, "198.51.100.9"]]);
    expect(await inspector.client.get("rate:test:services:198.51.100.9")).toBe("1");

    await shared.set("quote:PETR4", "38.12", 60_000);
    expect(await inspector.client.get("shared:quote:PETR4")).toBe("38.12");
    expect(await shared.lock("upstream:bitcoin", 30_000)).toBeTypeOf("function");
    expect(await inspector.client.exists("lock:upstream:bitcoin")).toBe(1);

    const listener = await connectRedis(redis.url, memoryLogger());
    const received: string[] = [];
    listener.subscriber.on("message", (_channel: string, message: string) => received.push(message));
    await listener.subscriber.subscribe("events:pages:changed");
    await events.publish("pages:changed", "/release-notes");
    await vi.waitFor(() => expect(received).toHaveLength(1));
    expect(JSON.parse(received[0]!)).toMatchObject({ message: "/release-notes" });
    await listener.close();

    await services.close();
    await vi.waitFor(async () => expect(await appConnections()).toHaveLength(before));
    // Closing is not an outage.
    expect(redisLines()).toHaveLength(1);
  });

  it("refuse a REDIS_URL that is not a Redis address, naming the variable", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "market-analytics-test-"));
    for (const value of ["localhost:6379", "http://localhost:6379", "not a url"]) {
      expect(() => loadEnv({ REDIS_URL: value, DATA_DIR: dataDir }, process.cwd())).toThrow(ConfigError);
      expect(() => loadEnv({ REDIS_URL: value, DATA_DIR: dataDir }, process.cwd())).toThrow(/REDIS_URL/);
    }
    const sessionSecret = "s".repeat(32);
    const redisUrl = "rediss://user:secret@redis.example.org:6380/2";
    expect(loadEnv({ REDIS_URL: redisUrl, SESSION_SECRET: sessionSecret, DATA_DIR: dataDir }, process.cwd()).redisUrl).toBe(redisUrl);
  });

  it("refuse to start without a shared SESSION_SECRET: each instance would sign with its own", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "market-analytics-test-"));
    expect(() => loadEnv({ REDIS_URL: "redis://localhost:6379", DATA_DIR: dataDir }, process.cwd())).toThrow(
      "SESSION_SECRET must be set when REDIS_URL is",
    );
  });
});
