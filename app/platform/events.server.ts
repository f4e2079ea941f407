import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";

import { z } from "zod";

import type { Logger } from "./logger.server";
import type { RedisConnection } from "./redis.server";

/**
 * Messages every instance hears: a release note published on one instance drops the pages the
 * others keep. In one process it is an emitter; with REDIS_URL, Redis pub/sub.
 */
export type EventBus = {
  publish(channel: string, message: string): Promise<void>;
  /** Returns the function that stops listening. */
  subscribe(channel: string, listener: (message: string) => void): () => void;
  close(): Promise<void>;
};

export function createLocalEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, message) {
      emitter.emit(channel, message);
    },
    subscribe(channel, listener) {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Redis pub/sub between instances. A message reaches this instance's listeners at once, Redis
 * or not; other instances hear it through Redis, and skip what they sent themselves. While Redis
 * is away messages stay local; subscriptions are taken again whenever the connection comes back.
 */
export function createRedisEventBus(redis: RedisConnection, logger: Logger): EventBus {
  const local = createLocalEventBus();
  const listening = new Map<string, number>();
  const instance = randomUUID();
  const redisChannel = (channel: string) => `events:${channel}`;
  const { subscriber } = redis;

  subscriber.on("message", (fullChannel: string, raw: string) => {
    const received = parseEnvelope(raw);
    if (!received || received.from === instance) return;
    const channel = fullChannel.slice("events:".length);
    local.publish(channel, received.message).catch((error: unknown) => logger.error(`A listener of ${channel} failed:`, error));
  });
  subscriber.on("ready", () => {
    if (listening.size > 0) subscriber.subscribe(...[...listening.keys()].map(redisChannel)).catch(() => undefined);
  });

  return {
    async publish(channel, message) {
      const toOthers = redis.available()
        ? redis.client.publish(redisChannel(channel), JSON.stringify({ from: instance, message })).catch(() => undefined)
        : undefined;
      await local.publish(channel, message);
      await toOthers;
    },
    subscribe(channel, listener) {
      const stop = local.subscribe(channel, listener);
      const listeners = (listening.get(channel) ?? 0) + 1;
      listening.set(channel, listeners);
      if (listeners === 1 && subscriber.status === "ready") subscriber.subscribe(redisChannel(channel)).catch(() => undefined);
      let stopped = false;
      return () => {
        if (stopped) return;
        stopped = true;
        stop();
        const left = (listening.get(channel) ?? 1) - 1;
        if (left > 0) return void listening.set(channel, left);
        listening.delete(channel);
        if (subscriber.status === "ready") subscriber.unsubscribe(redisChannel(channel)).catch(() => undefined);
      };
    },
    async close() {
      listening.clear();
      await local.close();
    },
  };
}

const envelope = z.object({ from: z.string(), message: z.string() });

function parseEnvelope(raw: string) {
  try {
    return envelope.parse(JSON.parse(raw));
  } catch {
    return undefined;
  }
}
