import type { Clock } from "./clock";

/**
 * Values every instance sees, with expiry, and short locks so that one instance at a time does
 * a piece of work (one upstream call per key across instances). In one process it is memory;
 * with REDIS_URL, Redis.
 */
export type SharedStore = {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
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
