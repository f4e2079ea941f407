import { setTimeout as sleep } from "node:timers/promises";

import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { type BinanceStreamOptions, createBinanceStream, maxStreamsPerConnection } from "~/market/live/binance/stream.server";
import type { ExchangeStream } from "~/market/providers/provider";
import type { Tick } from "~/market/realtime/protocol";
import { memoryLogger } from "~/platform/logger.server";

import { type FakeBinance, miniTickerPayload, startFakeBinance } from "../support/fake-upstreams/binance";

/** CoinGecko ids to ticker symbols, as the crypto catalogue knows them; two coins share "btc". */
const symbols: Record<string, string> = { bitcoin: "btc", ethereum: "eth", solana: "sol", tether: "usdt", "btc-bridged": "BTC" };

let fake: FakeBinance;
let logger: ReturnType<typeof memoryLogger>;
let stream: ExchangeStream | undefined;
let ticks: Tick[];

beforeEach(async () => {
  fake = await startFakeBinance();
  logger = memoryLogger();
  ticks = [];
});
afterEach(async () => {
  await stream?.close();
  stream = undefined;
  await fake.close();
});

function open(options: Partial<BinanceStreamOptions> = {}): ExchangeStream {
  stream = createBinanceStream({
    url: fake.url,
    symbolOf: (id) => symbols[id],
    logger,
    reconnect: { initialDelayMs: 20, maxDelayMs: 80 },
    controlIntervalMs: 20,
    ...options,
  });
  stream.onTick((tick) => {
    ticks.push(tick);
    fake.notify();
  });
  return stream;
}

const warnings = () => logger.lines.filter((line) => line.level === "warn").map((line) => line.message);
const infos = () => logger.lines.filter((line) => line.level === "info").map((line) => line.message);
const connectedOn = (index: number) =>
  fake.until(() => fake.connections[index]?.requests.length && stream?.connected(), `connection ${index} up`);
const tickCount = (count: number) => fake.until(() => ticks.length >= count, `${count} ticks`);

describe("Binance stream: subscriptions", () => {
  it("connects only once a key is watched, to the combined endpoint, and subscribes every pair in one message", async () => {
    const binance = open();
    binance.watch(["stock:PETR4", "crypto:tether:usd", "crypto:unknown-coin:brl"]);
    await sleep(60);
    expect(fake.attempts).toHaveLength(0);
    expect(binance.connected()).toBe(false);

    binance.watch([
      "crypto:bitcoin:brl",
      "crypto:ethereum:usd",
      "crypto:bitcoin:eur",
      "crypto:tether:usd",
      "crypto:tether:brl",
      "stock:PETR4",
    ]);
    await connectedOn(0);

    expect(fake.connections).toHaveLength(1);
    expect(fake.connections[0]!.path).toBe("/stream");
    expect(fake.connections[0]!.requests).toEqual([
      {
        method: "SUBSCRIBE",
        params: ["btcbrl@miniTicker", "ethusdt@miniTicker", "btceur@miniTicker", "usdtbrl@miniTicker"],
        id: 1,
        at: expect.any(Number),
      },
    ]);
  });

  it("refuses a URL that is not a WebSocket one when created", () => {
    expect(() => open({ url: "https://stream.binance.com:9443" })).toThrow(/ws:\/\/ or wss:\/\//);
    expect(() => open({ url: "stream.binance.com" })).toThrow();
  });

  it("turns a changed watch set into UNSUBSCRIBE and SUBSCRIBE of the difference, coalescing calls made together", async () => {
    const binance = open();
    binance.watch(["crypto:bitcoin:brl", "crypto:ethereum:usd"]);
    await connectedOn(0);

    binance.watch(["crypto:bitcoin:brl", "crypto:solana:eur"]);
    binance.watch(["crypto:bitcoin:brl", "crypto:solana:eur", "crypto:solana:brl"]);
    const connection = fake.connections[0]!;
    await fake.until(() => connection.requests.length === 3, "two more requests");

    expect(connection.requests.slice(1).map(({ method, params }) => ({ method, params }))).toEqual([
      { method: "UNSUBSCRIBE", params: ["ethusdt@miniTicker"] },
      { method: "SUBSCRIBE", params: ["soleur@miniTicker", "solbrl@miniTicker"] },
    ]);
    expect(new Set(connection.requests.map((request) => request.id)).size).toBe(3);
    expect([...connection.streams].sort()).toEqual(["btcbrl@miniTicker", "solbrl@miniTicker", "soleur@miniTicker"]);

    fake.miniTicker("ethusdt");
    fake.miniTicker("solbrl");
    await tickCount(1);
    expect(ticks.map((tick) => tick.key)).toEqual(["crypto:solana:brl"]);
  });

  it("keeps under Binance's 5 messages a second while the watch set keeps changing (the fake drops a connection past it)", async () => {
    const binance = open({ controlIntervalMs: undefined });
    // Twelve sets, 30 ms apart: each differs from the one before.
    const coins = ["ethereum", "solana", "bitcoin"] as const;
    const currencies = ["usd", "eur", "brl"] as const;
    for (let step = 0; step < 12; step += 1) {
      binance.watch(["crypto:bitcoin:brl", `crypto:${coins[step % 3]!}:${currencies[Math.floor(step / 4) % 3]!}`]);
      await sleep(30);
    }
    binance.watch(["crypto:bitcoin:brl", "crypto:solana:eur"]);
    const expected = ["btcbrl@miniTicker", "soleur@miniTicker"];
    const connection = fake.connections[0]!;
    const settled = () => [...connection.streams].sort().join() === expected.join();
    await fake.until(() => settled() || connection.closeCode !== undefined, "the last set, or a dropped connection");

    expect(connection.closeCode).toBeUndefined();
    expect(fake.connections).toHaveLength(1);
    const times = connection.requests.map((request) => request.at);
    for (let index = 1; index < times.length; index += 1) expect(times[index]! - times[index - 1]!).toBeGreaterThanOrEqual(240);
  });

  it("splits a large set into messages of 200 streams and stops at the 1024 streams a connection may carry", async () => {
    const many = Object.fromEntries(Array.from({ length: 1100 }, (_, index) => [`coin-${index}`, `c${index}`]));
    const binance = open({ symbolOf: (id) => many[id], controlIntervalMs: undefined });
    binance.watch(Object.keys(many).map((id) => `crypto:${id}:brl` as const));
    const connection = await fake.until(
      () => fake.connections[0]?.streams.size === maxStreamsPerConnection && fake.connections[0],
      "1024 streams",
    );

    await sleep(40);
    expect(connection.requests.map((request) => request.params.length)).toEqual([200, 200, 200, 200, 200, 24]);
    expect(connection.requests.every((request) => request.method === "SUBSCRIBE")).toBe(true);
    expect(warnings()).toEqual([expect.stringContaining("1100 pairs watched, over the 1024")]);
  });

  it("closes the connection when nothing is watched any more, without reconnecting, and reconnects when something is again", async () => {
    const binance = open();
    binance.watch(["crypto:bitcoin:brl"]);
    await connectedOn(0);

    binance.watch(["stock:PETR4"]);
    await fake.until(() => fake.connections[0]!.closeCode, "the close");
    expect(fake.connections[0]!.closeCode).toBe(1000);
    expect(binance.connected()).toBe(false);
    await sleep(150);
    expect(fake.attempts).toHaveLength(1);
    expect(warnings()).toEqual([]);

    binance.watch(["crypto:ethereum:eur"]);
    await connectedOn(1);
    expect(fake.connections[1]!.requests[0]!.params).toEqual(["etheur@miniTicker"]);
  });
});

describe("Binance stream: ticks", () => {
  it("parses miniTicker events: price, 24 h change from the open, quote-asset volume and event time", async () => {
    const binance = open();
    binance.watch(["crypto:bitcoin:brl", "crypto:ethereum:usd"]);
    await connectedOn(0);

    // The docs' payload shape, numbers as strings, wrapped as the combined endpoint sends it.
    fake.sendAll({ stream: "btcbrl@miniTicker", data: miniTickerPayload("btcbrl") });
    fake.miniTicker("ethusdt", { E: 1767625201000, c: "2950.50000000", o: "3100.00000000", q: "0.00000000" });
    fake.miniTicker("ethusdt", { E: 1767625202000, c: "2951.00000000", o: "0.00000000" });
    await tickCount(3);

    expect(ticks[0]).toEqual({
      key: "crypto:bitcoin:brl",
      price: 350000,
      change: expect.closeTo(2.941176, 5),
      volume: 4200000.12,
      time: 1767625200000,
    });
    expect(ticks[1]).toEqual({
      key: "crypto:ethereum:usd",
      price: 2950.5,
      change: expect.closeTo(-4.822581, 5),
      volume: 0,
      time: 1767625201000,
    });
    expect(ticks[2]).toMatchObject({ key: "crypto:ethereum:usd", price: 2951, change: null });
  });

  it("gives each key its tick when two coins share a pair, and stops a listener that unsubscribed", async () => {
    const binance = open();
    const second: Tick[] = [];
    const stop = binance.onTick((tick) => second.push(tick));
    binance.onTick(() => {
      throw new Error("a broken listener");
    });
    binance.watch(["crypto:bitcoin:brl", "crypto:btc-bridged:brl"]);
    await connectedOn(0);
    expect(fake.connections[0]!.requests[0]!.params).toEqual(["btcbrl@miniTicker"]);

    fake.miniTicker("btcbrl");
    await tickCount(2);
    expect(ticks.map((tick) => tick.key)).toEqual(["crypto:bitcoin:brl", "crypto:btc-bridged:brl"]);
    expect(second).toHaveLength(2);

    stop();
    fake.miniTicker("btcbrl");
    await tickCount(4);
    expect(second).toHaveLength(2);
    expect(warnings().filter((line) => line.includes("a tick listener failed"))).toHaveLength(4);
  });

  it("skips malformed and foreign frames without dropping the connection; good frames still arrive", async () => {
    const binance = open();
    binance.watch(["crypto:bitcoin:brl"]);
    await connectedOn(0);

    const bad: unknown[] = [
      "{not json",
      "",
      Buffer.from([0x00, 0xff, 0x10]),
      "null",
      "[]",
      '"text"',
      { stream: "btcbrl@miniTicker", data: "x" },
      { stream: "btcbrl@miniTicker", data: [miniTickerPayload("btcbrl")] },
      { stream: "btcbrl@miniTicker", data: miniTickerPayload("btcbrl", { c: "NaN" }) },
      { stream: "btcbrl@miniTicker", data: miniTickerPayload("btcbrl", { c: "-1.5" }) },
      { stream: "btcbrl@miniTicker", data: miniTickerPayload("btcbrl", { c: "0.00000000" }) },
      { stream: "btcbrl@miniTicker", data: miniTickerPayload("btcbrl", { c: 350000 }) },
      { stream: "btcbrl@miniTicker", data: miniTickerPayload("btcbrl", { c: "" }) },
      { stream: "btcbrl@miniTicker", data: miniTickerPayload("btcbrl", { E: "1767625200000" }) },
      { stream: "btcbrl@miniTicker", data: miniTickerPayload("btcbrl", { e: "24hrTicker" }) },
      { stream: "btcbrl@miniTicker", data: miniTickerPayload("ethbrl") },
      { stream: "dogebrl@miniTicker", data: miniTickerPayload("dogebrl") },
      { stream: "btcbrl@trade", data: miniTickerPayload("btcbrl") },
      { result: ["btcbrl@miniTicker"], id: 3 },
      // Binance's error answers, as its docs list them and as live servers nest them.
      { code: 2, msg: "Invalid request: request ID must be an unsigned integer" },
      { error: { code: 3, msg: "Invalid JSON: expected value at line 1 column 1" }, id: null },
    ];
    for (const frame of bad) fake.sendAll(frame);
    fake.miniTicker("btcbrl", { c: "351000.00000000" });
    await tickCount(1);
    await sleep(30);

    expect(ticks).toEqual([expect.objectContaining({ key: "crypto:bitcoin:brl", price: 351000 })]);
    expect(fake.connections).toHaveLength(1);
    expect(binance.connected()).toBe(true);
    expect(warnings()).toEqual(["Binance stream: request refused (code 2): Invalid request: request ID must be an unsigned integer"]);
  });
});

describe("Binance stream: outages", () => {
  it("replaces a connection broken by an invalid frame and subscribes again", async () => {
    const binance = open();
    binance.watch(["crypto:bitcoin:brl", "crypto:ethereum:eur"]);
    await connectedOn(0);

    // Opcode 5 is reserved: the client fails the connection (WS_ERR_INVALID_OPCODE).
    (fake.connections[0]!.socket as unknown as { _socket: import("node:net").Socket })._socket.write(Buffer.from([0x85, 0x00]));
    await connectedOn(1);

    expect(fake.connections[1]!.requests[0]!.params).toEqual(["btcbrl@miniTicker", "etheur@miniTicker"]);
    fake.miniTicker("etheur");
    await tickCount(1);
    expect(ticks[0]!.key).toBe("crypto:ethereum:eur");
    expect(warnings()).toEqual([expect.stringMatching(/^Binance stream down \(Invalid WebSocket frame: invalid opcode 5\)/)]);
    expect(infos()).toEqual([expect.stringMatching(/^Binance stream: back after \d+ s$/)]);
  });

  it("reconnects after the server drops the link, backing off exponentially with one warning per outage, and resets after a healthy connection", async () => {
    const binance = open({ reconnect: { initialDelayMs: 40, maxDelayMs: 640 } });
    binance.watch(["crypto:bitcoin:brl"]);
    await connectedOn(0);

    fake.refuse(503);
    fake.connections[0]!.socket.terminate();
    await fake.until(() => !binance.connected(), "the drop");
    await fake.until(() => fake.attempts.length === 5, "four attempts after the drop");
    // Delays are half fixed, half random: each at least half its ceiling of 40, 80, 160, 320 ms.
    const gaps = fake.attempts.slice(2).map((at, index) => at - fake.attempts[index + 1]!);
    gaps.forEach((gap, index) => expect(gap).toBeGreaterThanOrEqual((80 * 2 ** index) / 2 - 2));
    expect(binance.connected()).toBe(false);
    expect(warnings()).toEqual([expect.stringMatching(/^Binance stream down \(closed \(1006\)\)/)]);

    fake.refuse(undefined);
    await connectedOn(1);
    expect(fake.connections[1]!.requests[0]!.params).toEqual(["btcbrl@miniTicker"]);
    expect(infos()).toHaveLength(1);

    // Healthy again: the next outage starts from the initial delay, not from 640 ms.
    const before = fake.attempts.length;
    fake.connections[1]!.socket.terminate();
    await connectedOn(2);
    expect(fake.attempts).toHaveLength(before + 1);
    expect(fake.attempts.at(-1)! - fake.attempts.at(-2)!).toBeLessThan(320);
    expect(warnings()).toHaveLength(2);
  });

  it("keeps retrying, at the longest delay, a handshake refused with HTTP 451 (restricted location)", async () => {
    fake.refuse(451);
    const binance = open({ reconnect: { initialDelayMs: 5, maxDelayMs: 60 } });
    binance.watch(["crypto:bitcoin:brl"]);
    await fake.until(() => fake.attempts.length === 4, "three retries");

    const gaps = fake.attempts.slice(1).map((at, index) => at - fake.attempts[index]!);
    gaps.forEach((gap) => expect(gap).toBeGreaterThanOrEqual(28));
    expect(binance.connected()).toBe(false);
    expect(warnings()).toEqual([expect.stringContaining("HTTP 451: Binance refuses this server's location")]);

    fake.refuse(undefined);
    await connectedOn(0);
    expect(infos()).toEqual([expect.stringContaining("back after")]);
  });

  it("replaces a connection that has gone silent, and keeps one that Binance pings", async () => {
    const binance = open({ silenceTimeoutMs: 150 });
    binance.watch(["crypto:bitcoin:brl"]);
    await connectedOn(0);

    const pinger = setInterval(() => fake.connections[0]!.socket.ping(), 40);
    await sleep(400);
    clearInterval(pinger);
    expect(fake.connections).toHaveLength(1);

    await connectedOn(1);
    expect(fake.connections[0]!.closeCode).toBe(1006);
    expect(fake.connections[1]!.requests[0]!.params).toEqual(["btcbrl@miniTicker"]);
  });

  it("moves to a new connection at once when Binance announces a shutdown", async () => {
    const binance = open({ reconnect: { initialDelayMs: 5000, maxDelayMs: 5000 } });
    binance.watch(["crypto:bitcoin:brl"]);
    await connectedOn(0);

    fake.sendAll({ stream: "!serverShutdown", data: { e: "serverShutdown", E: 1770123456789 } });
    await connectedOn(1);
    await fake.until(() => fake.connections[0]!.closeCode, "the old connection closed");
    expect(fake.connections[0]!.closeCode).toBe(1000);
    expect(warnings()).toEqual([]);
  });

  it("stops for good on close(): during a back-off, and with a connection open", async () => {
    const binance = open({ reconnect: { initialDelayMs: 50, maxDelayMs: 50 } });
    binance.watch(["crypto:bitcoin:brl"]);
    await connectedOn(0);
    fake.connections[0]!.socket.terminate();
    await fake.until(() => !binance.connected(), "the drop");

    await binance.close();
    await sleep(150);
    expect(fake.attempts).toHaveLength(1);

    const other = open();
    other.watch(["crypto:bitcoin:brl"]);
    await connectedOn(1);
    await other.close();
    await fake.until(() => fake.connections[1]!.closeCode, "the close");
    expect(fake.connections[1]!.closeCode).toBe(1000);
    expect(other.connected()).toBe(false);
    other.watch(["crypto:ethereum:brl"]);
    await sleep(60);
    expect(fake.attempts).toHaveLength(2);
  });
});
