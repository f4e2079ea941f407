import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { LiveKey, Tick } from "~/market/realtime/protocol";
import { createLiveStore, type LiveSocket } from "~/ui/realtime/live-store";

/** A socket.io client stand-in: records what the store emits and lets a test play the server. */
function fakeSocket(connected = true) {
  const handlers = { connect: [] as (() => void)[], ticks: [] as ((ticks: Tick[]) => void)[] };
  const emitted: { event: "subscribe" | "unsubscribe"; keys: string[]; answer?: (snapshot: Tick[]) => void }[] = [];
  const socket = {
    connected,
    on(event: "connect" | "ticks", listener: never) {
      handlers[event].push(listener);
    },
    emit(event: "subscribe" | "unsubscribe", keys: string[], answer?: (snapshot: Tick[]) => void) {
      emitted.push({ event, keys, answer });
    },
  };
  return {
    socket: socket as LiveSocket,
    emitted,
    connect() {
      socket.connected = true;
      for (const handler of handlers.connect) handler();
    },
    drop() {
      socket.connected = false;
    },
    ticks(ticks: Tick[]) {
      for (const handler of handlers.ticks) handler(ticks);
    },
  };
}

const btc: LiveKey = "crypto:bitcoin:brl";
const eth: LiveKey = "crypto:ethereum:brl";
const petr: LiveKey = "stock:PETR4";
const tick = (key: LiveKey, price: number, time: number, change: number | null = 1): Tick => ({ key, price, change, volume: 10, time });

/** A store whose batches run when the test says so, instead of at the next microtask. */
function setup(connected = true) {
  const pending: (() => void)[] = [];
  const store = createLiveStore({ schedule: (task) => pending.push(task), flashMs: 800 });
  const server = fakeSocket(connected);
  store.attach(server.socket);
  const runBatch = () => pending.splice(0).forEach((task) => task());
  return { store, server, runBatch };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("live store subscriptions", () => {
  it("sends one subscribe for a burst of watches, counting each key once", () => {
    const { store, server, runBatch } = setup();
    store.watch(btc);
    store.watch(btc);
    store.watch(petr);
    expect(server.emitted).toEqual([]);
    runBatch();
    expect(server.emitted.map(({ event, keys }) => ({ event, keys }))).toEqual([{ event: "subscribe", keys: [btc, petr] }]);
  });

  it("unsubscribes only when the last watcher of a key leaves", () => {
    const { store, server, runBatch } = setup();
    const first = store.watch(btc);
    const second = store.watch(btc);
    runBatch();
    first();
    first(); // a second call of the same release is a no-op, not another watcher gone
    runBatch();
    expect(server.emitted.filter(({ event }) => event === "unsubscribe")).toEqual([]);
    second();
    runBatch();
    expect(server.emitted.at(-1)).toMatchObject({ event: "unsubscribe", keys: [btc] });
  });

  it("sends nothing for a key watched and released within one batch (a re-render, a strict-mode remount)", () => {
    const { store, server, runBatch } = setup();
    store.watch(btc)();
    const keep = store.watch(eth);
    runBatch();
    expect(server.emitted.map(({ event, keys }) => ({ event, keys }))).toEqual([{ event: "subscribe", keys: [eth] }]);
    keep();
    store.watch(eth);
    runBatch();
    expect(server.emitted).toHaveLength(1);
  });

  it("sends a page change's additions and removals as one subscribe and one unsubscribe", () => {
    const { store, server, runBatch } = setup();
    const releaseBtc = store.watch(btc);
    const releaseEth = store.watch(eth);
    runBatch();
    releaseBtc();
    releaseEth();
    store.watch(petr);
    store.watch("stock:VALE3");
    runBatch();
    expect(server.emitted.slice(1).map(({ event, keys }) => ({ event, keys }))).toEqual([
      { event: "subscribe", keys: [petr, "stock:VALE3"] },
      { event: "unsubscribe", keys: [btc, eth] },
    ]);
  });

  it("waits for the connection, then subscribes every watched key; after a drop, a reconnect sends them all again", () => {
    const { store, server, runBatch } = setup(false);
    store.watch(btc);
    store.watch(petr);
    runBatch();
    expect(server.emitted).toEqual([]);
    server.connect();
    expect(server.emitted.map(({ keys }) => keys)).toEqual([[btc, petr]]);
    server.drop();
    store.watch(eth);
    runBatch();
    expect(server.emitted).toHaveLength(1);
    server.connect();
    expect(server.emitted.at(-1)).toMatchObject({ event: "subscribe", keys: [btc, petr, eth] });
  });

  it("uses the microtask queue by default", async () => {
    const store = createLiveStore();
    const server = fakeSocket();
    store.attach(server.socket);
    store.watch(btc);
    store.watch(eth);
    await Promise.resolve();
    expect(server.emitted.map(({ keys }) => keys)).toEqual([[btc, eth]]);
  });

  it("stops listening to a detached socket", () => {
    const { store, server, runBatch } = setup();
    store.watch(btc);
    runBatch();
    store.detach();
    server.ticks([tick(btc, 5, 1)]);
    server.connect();
    expect(store.get(btc)).toBeUndefined();
    expect(server.emitted).toHaveLength(1);
  });

  it("opens the socket only once a live quote is on screen", () => {
    const store = createLiveStore();
    const connect = vi.fn();
    const cancel = store.whenWatched(connect);
    expect(connect).not.toHaveBeenCalled();
    const unwatch = store.watch(btc);
    store.watch(eth);
    expect(connect).toHaveBeenCalledTimes(1);
    cancel();
    // Something already watched: at once.
    const again = vi.fn();
    store.whenWatched(again);
    expect(again).toHaveBeenCalledTimes(1);
    unwatch();
    // Cancelled before anything was watched: never.
    const fresh = createLiveStore();
    const never = vi.fn();
    fresh.whenWatched(never)();
    fresh.watch(petr);
    expect(never).not.toHaveBeenCalled();
  });
});

describe("live store quotes", () => {
  it("takes the subscribe answer and later ticks, notifying only the key's listeners", () => {
    const { store, server, runBatch } = setup();
    const btcListener = vi.fn();
    const ethListener = vi.fn();
    store.listen(btc, btcListener);
    store.listen(eth, ethListener);
    store.watch(btc);
    store.watch(eth);
    runBatch();
    server.emitted[0]?.answer?.([tick(btc, 100, 1)]);
    expect(store.get(btc)).toEqual({ tick: tick(btc, 100, 1), flash: null });
    expect(btcListener).toHaveBeenCalledTimes(1);
    expect(ethListener).not.toHaveBeenCalled();
    server.ticks([tick(eth, 7, 2)]);
    expect(store.get(eth)?.tick.price).toBe(7);
    expect(ethListener).toHaveBeenCalledTimes(1);
  });

  it("ignores a tick older than, or as old as, the one it holds", () => {
    const { store, server, runBatch } = setup();
    store.watch(btc);
    runBatch();
    server.ticks([tick(btc, 100, 10)]);
    server.ticks([tick(btc, 90, 9), tick(btc, 95, 10)]);
    expect(store.get(btc)?.tick).toEqual(tick(btc, 100, 10));
    // A late subscribe answer is no newer than what ticks already brought.
    server.emitted[0]?.answer?.([tick(btc, 80, 5)]);
    expect(store.get(btc)?.tick.price).toBe(100);
    server.ticks([tick(btc, 101, 11)]);
    expect(store.get(btc)?.tick.price).toBe(101);
  });

  it("ignores ticks of keys no one watches", () => {
    const { store, server } = setup();
    server.ticks([tick(btc, 100, 1)]);
    expect(store.get(btc)).toBeUndefined();
  });

  it("forgets a key's quote when its last watcher leaves, so a later page starts from its own rendered quote", () => {
    const { store, server, runBatch } = setup();
    const release = store.watch(btc);
    runBatch();
    server.ticks([tick(btc, 100, 1)]);
    release();
    expect(store.get(btc)).toBeUndefined();
  });

  it("flashes up or down for a while when a tick moves the price, not when it holds it", () => {
    const { store, server, runBatch } = setup();
    const listener = vi.fn();
    store.listen(btc, listener);
    store.watch(btc);
    runBatch();
    server.ticks([tick(btc, 100, 1)]);
    expect(store.get(btc)?.flash).toBeNull();
    server.ticks([tick(btc, 101, 2)]);
    expect(store.get(btc)?.flash).toBe("up");
    vi.advanceTimersByTime(500);
    server.ticks([tick(btc, 99, 3)]);
    expect(store.get(btc)?.flash).toBe("down");
    // The second move starts its own 800 ms.
    vi.advanceTimersByTime(500);
    expect(store.get(btc)?.flash).toBe("down");
    vi.advanceTimersByTime(300);
    expect(store.get(btc)).toEqual({ tick: tick(btc, 99, 3), flash: null });
    server.ticks([tick(btc, 99, 4, 2)]);
    expect(store.get(btc)).toEqual({ tick: tick(btc, 99, 4, 2), flash: null });
    expect(listener).toHaveBeenCalledTimes(5);
  });

  it("keeps a listener's subscription separate from watching", () => {
    const { store, server, runBatch } = setup();
    const listener = vi.fn();
    const stop = store.listen(btc, listener);
    store.watch(btc);
    runBatch();
    stop();
    server.ticks([tick(btc, 100, 1)]);
    expect(listener).not.toHaveBeenCalled();
    expect(store.get(btc)?.tick.price).toBe(100);
  });
});
