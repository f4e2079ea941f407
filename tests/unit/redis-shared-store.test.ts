import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { memoryLogger } from "~/platform/logger.server";
import { createPersonalPageVersions } from "~/platform/personal-pages.server";
import { connectRedis, type RedisConnection } from "~/platform/redis.server";
import { createMemorySharedStore, createRedisSharedStore } from "~/platform/shared-store.server";

import { manualClock } from "../support/clock";
import { type RedisServer, startRedisServer } from "../support/redis-server";

let redis: RedisServer;
const connections: RedisConnection[] = [];

async function instance() {
  const connection = await connectRedis(redis.url, memoryLogger());
  connections.push(connection);
  return { connection, store: createRedisSharedStore(connection, createMemorySharedStore(manualClock())) };
}

beforeAll(async () => {
  redis = await startRedisServer();
});

afterAll(async () => {
  await Promise.all(connections.map((connection) => connection.close()));
  await redis.close();
});

describe("the shared store in Redis", () => {
  it("shows a value set on one instance to another, with its lifetime", async () => {
    const [first, second] = [await instance(), await instance()];
    expect(await second.store.get("quote:PETR4")).toBeUndefined();
    await first.store.set("quote:PETR4", "38.12", 60_000);
    expect(await second.store.get("quote:PETR4")).toBe("38.12");
    const lifetime = await second.connection.client.pttl("shared:quote:PETR4");
    expect(lifetime).toBeGreaterThan(59_000);
    expect(lifetime).toBeLessThanOrEqual(60_000);
  });

  it("grants a lock to one instance at a time", async () => {
    const [first, second] = [await instance(), await instance()];
    const release = await first.store.lock("upstream:bitcoin", 30_000);
    expect(release).toBeTypeOf("function");
    expect(await second.store.lock("upstream:bitcoin", 30_000)).toBeNull();
    expect(await first.store.lock("upstream:bitcoin", 30_000)).toBeNull();
    expect(await second.store.lock("upstream:ethereum", 30_000)).toBeTypeOf("function");

    await release!();
    const next = await second.store.lock("upstream:bitcoin", 30_000);
    expect(next).toBeTypeOf("function");
    await next!();
  });

  it("lets a lock expire, and a late release leave the next holder's lock alone", async () => {
    const [first, second, third] = [await instance(), await instance(), await instance()];
    const late = await first.store.lock("upstream:slow", 50);
    expect(late).toBeTypeOf("function");
    // Redis keeps the time here, not the app's clock: the lock lapses in 50 ms of real time.
    await vi.waitFor(async () => expect(await second.store.lock("upstream:slow", 30_000)).toBeTypeOf("function"));

    await late!();
    expect(await third.store.lock("upstream:slow", 30_000)).toBeNull();
  });

  it("makes every kept signed-in page stale when Redis restarts empty, never reviving an older version", async () => {
    const { connection, store } = await instance();
    const versions = createPersonalPageVersions(store, 60_000);
    const seen = new Set([await versions.of(7)]);
    await versions.changed(7);
    seen.add(await versions.of(7));
    expect(seen.size).toBe(2);
    await redis.stop();
    await redis.start();
    await vi.waitFor(async () => expect(await connection.client.ping()).toBe("PONG"), { timeout: 10_000 });
    const afterRestart = await versions.of(7);
    expect(seen.has(afterRestart)).toBe(false);
    // And it holds from then on: two reads agree, so pages kept under it are served again.
    expect(await versions.of(7)).toBe(afterRestart);
  });
});
