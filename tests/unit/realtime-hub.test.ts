import { afterEach, describe, expect, it, vi } from "vitest";

import type { ExchangeStream } from "~/market/providers/provider";
import { createQuoteBoard } from "~/market/quote-board.server";
import { createLiveHub, type LiveMarket } from "~/market/realtime/hub.server";
import type { LiveKey, Tick } from "~/market/realtime/protocol";
import { memoryLogger } from "~/platform/logger.server";
import { createMemoryRateLimiter } from "~/platform/rate-limit.server";

const start = Date.UTC(2026, 0, 5, 15, 0, 0);

/** A market over a real quote board: demo keys tick from a formula, live ones are read from `upstream`. */
function fakeMarket(sources: Partial<Record<LiveKey, "demo" | "live">> = {}) {
  const board = createQuoteBoard();
  const upstream = new Map<LiveKey, Tick>();
  const refreshed: LiveKey[] = [];
  const market: LiveMarket = {
    apply: board.applyTick,
    latest: board.tickOf,
    sourceOf: (key) => sources[key] ?? "demo",
    demoTick: (key, at) => ({ key, price: 100 + (at - start) / 1000, change: 1, volume: 10, time: at }),
    async refresh(key) {
      refreshed.push(key);
      const tick = upstream.get(key);
      if (tick) board.applyTick(tick);
    },
  };
  return { market, board, upstream, refreshed };
}

function fakeStream() {
  const listeners = new Set<(tick: Tick) => void>();
  let up = true;
  const watching: LiveKey[][] = [];
  const stream: ExchangeStream = {
    watch: (keys) => void watching.push([...keys]),
    onTick(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    connected: () => up,
    close: async () => undefined,
  };
  return {
    stream,
    watching,
    send: (tick: Tick) => listeners.forEach((listener) => listener(tick)),
    setUp: (value: boolean) => (up = value),
  };
}

function hubWith(market: LiveMarket, options: { trading?: (key: LiveKey, at: number) => boolean; stream?: ExchangeStream } = {}) {
  const delivered: Tick[] = [];
  const shared: Tick[] = [];
  const hub = createLiveHub({
    market,
    config: { demoTickMs: 1000, pollMs: 5000 },
    clock: { now: () => Date.now() },
    logger: memoryLogger(),
    rateLimiter: createMemoryRateLimiter(),
    trading: options.trading ?? (() => true),
    stream: options.stream,
  });
  hub.attach({ deliver: (ticks) => delivered.push(...ticks), share: (ticks) => shared.push(...ticks) });
  return { hub, delivered, shared };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("live hub", () => {
  it("ticks demo prices of watched keys only, on a grid every instance shares, and lays them over the board", async () => {
    vi.useFakeTimers({ now: start + 300 });
    const { market, board } = fakeMarket();
    const { hub, delivered, shared } = hubWith(market);
    hub.watch("crypto:bitcoin:brl");
    await vi.advanceTimersByTimeAsync(2000);
    expect(delivered.map(({ key, time }) => [key, time])).toEqual([
      ["crypto:bitcoin:brl", start + 1000],
      ["crypto:bitcoin:brl", start + 2000],
    ]);
    expect(shared).toEqual(delivered);
    expect(board.tickOf("crypto:bitcoin:brl")?.price).toBe(102);
    hub.unwatch("crypto:bitcoin:brl");
    await vi.advanceTimersByTimeAsync(3000);
    expect(delivered).toHaveLength(2);
    await hub.close();
  });

  it("does not tick a stock outside its trading hours", async () => {
    vi.useFakeTimers({ now: start });
    const { market } = fakeMarket();
    let open = false;
    const { hub, delivered } = hubWith(market, { trading: () => open });
    hub.watch("stock:PETR4");
    await vi.advanceTimersByTimeAsync(3000);
    expect(delivered).toEqual([]);
    open = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(delivered.map(({ key }) => key)).toEqual(["stock:PETR4"]);
    await hub.close();
  });

  it("never sends a browser a tick as old as one it has, whichever instance made it", async () => {
    vi.useFakeTimers({ now: start });
    const { market } = fakeMarket();
    const { hub, delivered, shared } = hubWith(market);
    hub.watch("stock:VALE3");
    const tick: Tick = { key: "stock:VALE3", price: 60, change: 1, volume: 5, time: start + 10 };
    hub.receive([tick]);
    hub.receive([tick, { ...tick, price: 59, time: start + 5 }]);
    expect(delivered).toEqual([tick]);
    // What came from another instance is not sent back to the others.
    expect(shared).toEqual([]);
    // Not watched here: the board learns it (a reload shows it), no browser is sent it.
    hub.receive([{ ...tick, key: "stock:ITUB4" }]);
    expect(market.latest("stock:ITUB4")?.price).toBe(60);
    expect(delivered).toHaveLength(1);
    await hub.close();
  });

  it("answers a new watcher with the freshest known quotes", () => {
    const { market, board } = fakeMarket();
    const { hub } = hubWith(market);
    board.applyTick({ key: "crypto:ethereum:usd", price: 3000, change: -2, volume: 7, time: 50 });
    expect(hub.snapshot(["crypto:ethereum:usd", "crypto:solana:usd"])).toEqual([
      { key: "crypto:ethereum:usd", price: 3000, change: -2, volume: 7, time: 50 },
    ]);
    return hub.close();
  });

  it("streams live cryptos from the exchange, without its single-exchange volume, and polls the cache while the stream is down", async () => {
    vi.useFakeTimers({ now: start });
    const { market, upstream, refreshed } = fakeMarket({ "crypto:bitcoin:usd": "live", "stock:PETR4": "live" });
    upstream.set("crypto:bitcoin:usd", { key: "crypto:bitcoin:usd", price: 90_000, change: 2, volume: 5e10, time: start });
    upstream.set("stock:PETR4", { key: "stock:PETR4", price: 38.5, change: 0.5, volume: 1e6, time: start });
    const exchange = fakeStream();
    const { hub, delivered } = hubWith(market, { stream: exchange.stream });
    hub.watch("crypto:bitcoin:usd");
    hub.watch("stock:PETR4");
    await vi.advanceTimersByTimeAsync(0);
    // Unknown keys are read once on their first watch, so their symbol and snapshot are known.
    expect(refreshed).toEqual(["crypto:bitcoin:usd", "stock:PETR4"]);
    expect(exchange.watching.at(-1)).toEqual(["crypto:bitcoin:usd"]);

    exchange.send({ key: "crypto:bitcoin:usd", price: 90_100, change: 2.1, volume: 123, time: start + 500 });
    expect(delivered.at(-1)).toEqual({ key: "crypto:bitcoin:usd", price: 90_100, change: 2.1, volume: 5e10, time: start + 500 });

    // Demo timers leave live keys alone; the poll reads stocks, and cryptos only while the stream is down.
    refreshed.length = 0;
    await vi.advanceTimersByTimeAsync(5000);
    expect(refreshed).toEqual(["stock:PETR4"]);
    exchange.setUp(false);
    upstream.set("crypto:bitcoin:usd", { key: "crypto:bitcoin:usd", price: 90_300, change: 2.3, volume: 5e10, time: start + 4000 });
    await vi.advanceTimersByTimeAsync(5000);
    expect(refreshed).toEqual(["stock:PETR4", "crypto:bitcoin:usd", "stock:PETR4"]);
    expect(delivered.at(-1)).toMatchObject({ key: "crypto:bitcoin:usd", price: 90_300 });

    hub.unwatch("crypto:bitcoin:usd");
    expect(exchange.watching.at(-1)).toEqual([]);
    await hub.close();
  });

  it("polls a live crypto the exchange never sends (a coin it does not list), while the stream is up", async () => {
    vi.useFakeTimers({ now: start });
    const { market, upstream, refreshed } = fakeMarket({ "crypto:obscure-coin:brl": "live" });
    upstream.set("crypto:obscure-coin:brl", { key: "crypto:obscure-coin:brl", price: 0.5, change: 1, volume: 10, time: start });
    const exchange = fakeStream();
    const { hub, delivered } = hubWith(market, { stream: exchange.stream });
    hub.watch("crypto:obscure-coin:brl");
    upstream.set("crypto:obscure-coin:brl", { key: "crypto:obscure-coin:brl", price: 0.6, change: 2, volume: 10, time: start + 1000 });
    await vi.advanceTimersByTimeAsync(5000);
    expect(exchange.stream.connected()).toBe(true);
    expect(refreshed).toEqual(["crypto:obscure-coin:brl", "crypto:obscure-coin:brl"]);
    expect(delivered.at(-1)).toMatchObject({ price: 0.6 });
    await hub.close();
  });

  it("rations reads of keys nothing has quoted, so made-up coins cannot spend the provider's quota", async () => {
    vi.useFakeTimers({ now: start });
    const made = Array.from({ length: 100 }, (_, index) => `crypto:made-up-${index}:usd` as LiveKey);
    const { market, refreshed } = fakeMarket(Object.fromEntries(made.map((key) => [key, "live"])));
    const { hub } = hubWith(market);
    for (const key of made) hub.watch(key);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(refreshed).toHaveLength(30);
    await hub.close();
  });
});
