import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { createRedisEventBus } from "~/platform/events.server";
import { memoryLogger } from "~/platform/logger.server";
import { connectRedis, type RedisConnection } from "~/platform/redis.server";

import { type RedisServer, startRedisServer } from "../support/redis-server";

let redis: RedisServer;
let inspector: RedisConnection;
const connections: RedisConnection[] = [];

async function instance() {
  const connection = await connectRedis(redis.url, memoryLogger());
  connections.push(connection);
  return createRedisEventBus(connection, memoryLogger());
}

/** Subscriptions reach Redis a round trip after `subscribe` returns. */
async function subscribersOf(channel: string) {
  const [, count] = (await inspector.client.pubsub("NUMSUB", `events:${channel}`)) as [string, number];
  return count;
}

beforeAll(async () => {
  redis = await startRedisServer();
  inspector = await connectRedis(redis.url, memoryLogger());
});

afterAll(async () => {
  await Promise.all([inspector, ...connections].map((connection) => connection.close()));
  await redis.close();
});

describe("events over Redis", () => {
  it("reaches a subscriber on another instance, and the publisher's own listeners once", async () => {
    const [publisher, other] = [await instance(), await instance()];
    const heardHere: string[] = [];
    const heardThere: string[] = [];
    publisher.subscribe("pages:changed", (message) => heardHere.push(message));
    other.subscribe("pages:changed", (message) => heardThere.push(message));
    await vi.waitFor(async () => expect(await subscribersOf("pages:changed")).toBe(2));

    await publisher.publish("pages:changed", "/release-notes");
    await vi.waitFor(() => expect(heardThere).toEqual(["/release-notes"]));
    expect(heardHere).toEqual(["/release-notes"]);
    // Nothing arrives late through Redis for the publisher itself.
    await other.publish("pages:changed", "/");
    await vi.waitFor(() => expect(heardHere).toEqual(["/release-notes", "/"]));
    expect(heardThere).toEqual(["/release-notes", "/"]);
  });

  it("keeps channels apart and stops listening when the last listener leaves", async () => {
    const [publisher, other] = [await instance(), await instance()];
    const heard: string[] = [];
    const stopFirst = other.subscribe("quotes", (message) => heard.push(`first ${message}`));
    const stopSecond = other.subscribe("quotes", (message) => heard.push(`second ${message}`));
    other.subscribe("news", (message) => heard.push(`news ${message}`));
    await vi.waitFor(async () => expect(await subscribersOf("quotes")).toBe(1));
    await vi.waitFor(async () => expect(await subscribersOf("news")).toBe(1));

    await publisher.publish("quotes", "PETR4");
    await vi.waitFor(() => expect(heard).toEqual(["first PETR4", "second PETR4"]));
    stopFirst();
    stopFirst();
    expect(await subscribersOf("quotes")).toBe(1);
    stopSecond();
    await vi.waitFor(async () => expect(await subscribersOf("quotes")).toBe(0));
    expect(await subscribersOf("news")).toBe(1);
  });
});
