import { afterEach, describe, expect, it, vi } from "vitest";

import { HOUR_MS } from "~/lib/time";
import { MarketCache, type PersistentStore } from "~/market/cache.server";
import { createDatabaseStore } from "~/market/cache-store.server";
import { UpstreamError } from "~/market/providers/provider";
import { createMemorySharedStore } from "~/platform/shared-store.server";

import { manualClock } from "../support/clock";
import { createTestServices } from "../support/services";

function memoryStore(): PersistentStore & { rows: Map<string, { value: string; fetchedAt: number }> } {
  const rows = new Map<string, { value: string; fetchedAt: number }>();
  return {
    rows,
    read: async (key) => rows.get(key),
    write: async (key, value, fetchedAt) => void rows.set(key, { value, fetchedAt }),
  };
}

const noSleep = () => Promise.resolve();

afterEach(() => {
  vi.useRealTimers();
});

describe("market cache", () => {
  it("makes one upstream call for 50 concurrent callers of the same key", async () => {
    const cache = new MarketCache();
    let calls = 0;
    const fetcher = () =>
      new Promise<number>((resolve) => {
        calls++;
        setTimeout(() => resolve(42), 10);
      });
    const answers = await Promise.all(Array.from({ length: 50 }, () => cache.get("k", fetcher)));
    expect(calls).toBe(1);
    expect(answers.every((answer) => answer.value === 42 && !answer.stale)).toBe(true);
  });

  it("serves fresh answers without calling again within the lifetime", async () => {
    let now = 0;
    const cache = new MarketCache({ ttlMs: 1000, clock: { now: () => now } });
    const fetcher = vi.fn(async () => now);
    await cache.get("k", fetcher);
    now = 999;
    expect((await cache.get("k", fetcher)).value).toBe(0);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it("serves stale data at once and refreshes it in the background", async () => {
    let now = 0;
    const cache = new MarketCache({ ttlMs: 1000, clock: { now: () => now } });
    let release: (value: string) => void = () => {};
    await cache.get("k", async () => "old");
    now = 5000;
    const refresh = vi.fn(() => new Promise<string>((resolve) => (release = resolve)));
    const stale = await cache.get("k", refresh);
    expect(stale).toMatchObject({ value: "old", stale: true, fetchedAt: 0 });
    expect(refresh).toHaveBeenCalledTimes(1);
    // Another caller during the refresh does not start a second one.
    await cache.get("k", refresh);
    expect(refresh).toHaveBeenCalledTimes(1);
    release("new");
    await vi.waitFor(async () => expect((await cache.get("k", refresh)).value).toBe("new"));
  });

  it("serves the last good answer when the upstream fails (stale-if-error)", async () => {
    let now = 0;
    const errors: unknown[] = [];
    const cache = new MarketCache({ ttlMs: 1000, clock: { now: () => now }, sleep: noSleep, onBackgroundError: (_k, e) => errors.push(e) });
    await cache.get("k", async () => "good");
    now = 10_000;
    const failing = vi.fn(async () => {
      throw new UpstreamError("boom", "test", 500);
    });
    expect((await cache.get("k", failing)).value).toBe("good");
    await vi.waitFor(() => expect(failing).toHaveBeenCalledTimes(4));
    expect((await cache.get("k", failing)).value).toBe("good");
  });

  it("keeps the last good answer across restarts in the persistent store", async () => {
    const store = memoryStore();
    let now = 0;
    await new MarketCache({ store, clock: { now: () => now } }).get("k", async () => ({ price: 10 }));
    expect(store.rows.get("k")?.value).toBe('{"price":10}');

    now = HOUR_MS;
    const restarted = new MarketCache({ store, clock: { now: () => now }, sleep: noSleep });
    const answer = await restarted.get("k", async () => {
      throw new UpstreamError("down", "test");
    });
    expect(answer).toMatchObject({ value: { price: 10 }, stale: true });
  });

  it("does not persist answers when told not to (embedded data)", async () => {
    const store = memoryStore();
    await new MarketCache({ store }).get("k", async () => 1, { persist: false });
    expect(store.rows.size).toBe(0);
  });

  it("raises the upstream error when nothing was ever cached", async () => {
    const cache = new MarketCache({ sleep: noSleep });
    await expect(
      cache.get("k", async () => {
        throw new UpstreamError("down", "test", 503);
      }),
    ).rejects.toMatchObject({ status: 503 });
  });

  it("retries 3 times with exponential delay capped at 30 s", async () => {
    vi.useFakeTimers();
    const cache = new MarketCache({ baseDelayMs: 10_000, maxDelayMs: 30_000 });
    const attemptsAt: number[] = [];
    const start = Date.now();
    const result = cache.get("k", async () => {
      attemptsAt.push(Date.now() - start);
      if (attemptsAt.length < 4) throw new UpstreamError("flaky", "test", 502);
      return "ok";
    });
    await vi.advanceTimersByTimeAsync(10_000 + 20_000 + 30_000);
    await expect(result).resolves.toMatchObject({ value: "ok" });
    // 10 s, then 20 s, then 40 s capped at 30 s.
    expect(attemptsAt).toEqual([0, 10_000, 30_000, 60_000]);
  });

  it("does not retry errors that retrying cannot fix", async () => {
    const cache = new MarketCache({ sleep: noSleep });
    const fetcher = vi.fn(async () => {
      throw new UpstreamError("unauthorised", "test", 401);
    });
    await expect(cache.get("k", fetcher)).rejects.toMatchObject({ status: 401 });
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it("treats 429 as back-off: waits Retry-After and stops calling meanwhile", async () => {
    vi.useFakeTimers();
    const cache = new MarketCache({ baseDelayMs: 100, retries: 0 });
    const fetcher = vi.fn(async () => {
      throw new UpstreamError("slow down", "test", 429, 7);
    });
    await expect(cache.get("k", fetcher)).rejects.toMatchObject({ status: 429 });
    expect(fetcher).toHaveBeenCalledTimes(1);
    await expect(cache.get("k", fetcher)).rejects.toMatchObject({ status: 429 });
    expect(fetcher).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(7_000);
    await expect(cache.get("k", async () => "back")).resolves.toMatchObject({ value: "back" });
  });

  it("answers a 429 at once rather than holding the caller for Retry-After", async () => {
    vi.useFakeTimers();
    const cache = new MarketCache({ baseDelayMs: 100 });
    const fetcher = vi.fn(async () => {
      throw new UpstreamError("slow down", "test", 429, 5);
    });
    await expect(cache.get("k", fetcher)).rejects.toMatchObject({ status: 429 });
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("keeps the last good answer in the database's market_cache table", async () => {
    const services = await createTestServices();
    const store = createDatabaseStore(services.platform.db);
    const clock = manualClock();
    await new MarketCache({ store, clock }).get("live:crypto:list", async () => ({ price: 10 }));
    clock.advance(HOUR_MS);
    const restarted = new MarketCache({ store, clock, sleep: noSleep });
    const answer = await restarted.get("live:crypto:list", async () => {
      throw new UpstreamError("down", "test");
    });
    expect(answer).toMatchObject({ value: { price: 10 }, stale: true });
    await services.close();
  });
});

describe("market cache across instances", () => {
  it("makes one upstream call per key for two instances sharing one store", async () => {
    const clock = manualClock();
    const shared = createMemorySharedStore(clock);
    const first = new MarketCache({ clock, shared, pollIntervalMs: 5 });
    const second = new MarketCache({ clock, shared, pollIntervalMs: 5 });
    let calls = 0;
    const fetcher = () =>
      new Promise<number>((resolve) => {
        calls++;
        setTimeout(() => resolve(42), 30);
      });
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => first.get("k", fetcher)),
      ...Array.from({ length: 10 }, () => second.get("k", fetcher)),
    ]);
    expect(calls).toBe(1);
    expect(answers.every((answer) => answer.value === 42 && !answer.stale)).toBe(true);
    // The second instance now answers from what the first shared, without a call of its own.
    expect((await new MarketCache({ clock, shared }).get("k", fetcher)).value).toBe(42);
    expect(calls).toBe(1);
  });

  it("refreshes a stale answer once across instances, and the other instance serves the new one", async () => {
    const clock = manualClock();
    const shared = createMemorySharedStore(clock);
    const first = new MarketCache({ ttlMs: 1000, clock, shared });
    const second = new MarketCache({ ttlMs: 1000, clock, shared });
    await first.get("k", async () => "old");
    await second.get("k", async () => "unused");
    clock.advance(5000);
    const refresh = vi.fn(async () => "new");
    expect(await first.get("k", refresh)).toMatchObject({ value: "old", stale: true });
    await vi.waitFor(async () => expect((await first.get("k", refresh)).value).toBe("new"));
    expect(await second.get("k", refresh)).toMatchObject({ value: "new", stale: false });
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("calls the upstream itself when the instance holding the lock never shares an answer", async () => {
    const clock = manualClock();
    const shared = createMemorySharedStore(clock);
    await shared.lock("market-lock:k", 60_000);
    const cache = new MarketCache({ clock, shared, upstreamTimeoutMs: 50, pollIntervalMs: 10 });
    expect((await cache.get("k", async () => "mine")).value).toBe("mine");
  });

  it("shares nothing of the embedded demo data, which every instance computes alike", async () => {
    const clock = manualClock();
    const shared = createMemorySharedStore(clock);
    await new MarketCache({ clock, shared }).get("demo", async () => 1, { persist: false });
    expect(await shared.get("market:demo")).toBeUndefined();
  });
});
