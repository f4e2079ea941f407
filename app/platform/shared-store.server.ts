import { randomUUID } from "node:crypto";

import type { Clock } from "./clock";
import type { RedisConnection } from "./redis.server";

/**
 * Values every instance sees, with expiry, and short locks so that one instance at a time does
 * a piece of work (one upstream call per key across instances). In one process it is memory;
 * with REDIS_URL, Redis.
 */
export type SharedStore = {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Stores `value` unless `key` holds one already; either way, the value `key` now holds. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<string>;
  /** The lock on `key` for at most `ttlMs`: its release, or null while another holder has it. */
  lock(key: string, ttlMs: number): Promise<(() => Promise<void>) | null>;
};

export function createMemorySharedStore(clock: Clock): SharedStore {
  const values = new Map<string, { value: string; expiresAt: number }>();
  const locks = new Map<string, { token: symbol; expiresAt: number }>();
  const live = <T extends { expiresAt: number }>(map: Map<string, T>, key: string) => {
    const found = map.get(key);
    if (found && found.expiresAt <= clock.now()) map.delete(key);
    return found && found.expiresAt > clock.now() ? found : undefined;
  };
  return {
    async get(key) {
      return live(values, key)?.value;
    },
    async set(key, value, ttlMs) {
      values.set(key, { value, expiresAt: clock.now() + ttlMs });
    },
    async setIfAbsent(key, value, ttlMs) {
      const held = live(values, key)?.value;
      if (held !== undefined) return held;
      values.set(key, { value, expiresAt: clock.now() + ttlMs });
      return value;
    },
    async lock(key, ttlMs) {
      if (live(locks, key)) return null;
      const token = Symbol(key);
      locks.set(key, { token, expiresAt: clock.now() + ttlMs });
      return async () => {
        if (locks.get(key)?.token === token) locks.delete(key);
      };
    },
  };
}

// Deletes the lock only while it still holds this holder's token: a lock that expired and was
// taken by another instance is not released by the first holder finishing late.
const releaseScript = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

/**
 * Values and locks in Redis, seen by every instance. While Redis is away (or slow past the
 * command timeout) this instance uses `local`: values Redis holds read as misses, locks are granted
 * within the instance only.
 */
export function createRedisSharedStore(redis: RedisConnection, local: SharedStore): SharedStore {
  const { client } = redis;
  const milliseconds = (ttlMs: number) => Math.max(1, Math.ceil(ttlMs));
  const orLocally = async <T>(remote: () => Promise<T>, locally: () => Promise<T>) => {
    if (!redis.available()) return locally();
    try {
      return await remote();
    } catch {
      return locally();
    }
  };
  return {
    get: (key) =>
      orLocally(
        async () => (await client.get(`shared:${key}`)) ?? undefined,
        () => local.get(key),
      ),
    set: (key, value, ttlMs) =>
      orLocally(
        async () => void (await client.set(`shared:${key}`, value, "PX", milliseconds(ttlMs))),
        () => local.set(key, value, ttlMs),
      ),
    setIfAbsent: (key, value, ttlMs) =>
      orLocally(
        async () => {
          const stored = await client.set(`shared:${key}`, value, "PX", milliseconds(ttlMs), "NX");
          return stored === "OK" ? value : ((await client.get(`shared:${key}`)) ?? value);
        },
        () => local.setIfAbsent(key, value, ttlMs),
      ),
    lock: (key, ttlMs) =>
      orLocally(
        async () => {
          const token = randomUUID();
          const taken = await client.set(`lock:${key}`, token, "PX", milliseconds(ttlMs), "NX");
          if (taken !== "OK") return null;
          return async () => {
            // Unreleased, the lock still expires after ttlMs.
            await client.eval(releaseScript, 1, `lock:${key}`, token).catch(() => undefined);
          };
        },
        () => local.lock(key, ttlMs),
      ),
  };
}
