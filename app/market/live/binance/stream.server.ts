import { type RawData, WebSocket } from "ws";

import type { Logger } from "~/platform/logger.server";

import type { CryptoCurrency } from "../../crypto-currency";
import type { ExchangeStream } from "../../providers/provider";
import type { LiveKey, Tick } from "../../realtime/protocol";

export type BinanceStreamOptions = {
  /** Base URL, e.g. "wss://stream.binance.com:9443"; the combined endpoint `/stream` is appended. */
  url: string;
  /** Our coin id (CoinGecko id, e.g. "bitcoin") to its ticker symbol ("btc"). */
  symbolOf: (coinId: string) => string | undefined;
  logger: Pick<Logger, "warn" | "info">;
  reconnect?: { initialDelayMs: number; maxDelayMs: number };
  /**
   * A connection that brings nothing (no message, no ping) for this long is dead and is replaced.
   * Binance pings every 20 s, so the default allows two missed pings and some slack.
   */
  silenceTimeoutMs?: number;
  /** Least time between two control messages: Binance drops a connection over 5 incoming messages a second, pongs included. */
  controlIntervalMs?: number;
  now?: () => number;
};

/** Binance's documented ceiling per connection; pairs past it are not watched. */
export const maxStreamsPerConnection = 1024;
/** Streams per SUBSCRIBE message: keeps each control message small (Binance answers "too many parameters" past its own cap). */
const streamsPerMessage = 200;
/** Binance quotes crypto in tether, not dollars. */
const quoteAsset: Record<CryptoCurrency, string> = { brl: "brl", usd: "usdt", eur: "eur" };
/** Answers that mean "not from here" or "not now": wait as long as allowed before asking again. */
const refusedStatuses = new Set([403, 418, 429, 451]);
const cryptoKeyPattern = /^crypto:([a-z0-9-]+):(brl|usd|eur)$/;
const symbolPattern = /^[a-z0-9]{1,20}$/;

/** The miniTicker stream of a key's pair, e.g. "btcbrl@miniTicker", or undefined when Binance has no such pair. */
function streamOf(key: LiveKey, symbolOf: (coinId: string) => string | undefined): string | undefined {
  const match = cryptoKeyPattern.exec(key);
  if (!match) return undefined;
  const symbol = symbolOf(match[1]!)?.toLowerCase();
  const quote = quoteAsset[match[2] as CryptoCurrency];
  if (!symbol || !symbolPattern.test(symbol) || symbol === quote) return undefined;
  return `${symbol}${quote}@miniTicker`;
}

/** A number Binance sends as a string ("350000.00"); anything else is undefined. */
function decimal(value: unknown): number | undefined {
  if (typeof value !== "string" || value.trim() === "") return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

type MiniTicker = { price: number; change: number | null; volume: number | null; time: number };

/** A `24hrMiniTicker` payload of `pair`, or undefined when it is not a usable one. */
function parseMiniTicker(data: Record<string, unknown>, pair: string): MiniTicker | undefined {
  if (data.e !== "24hrMiniTicker" || typeof data.s !== "string" || data.s.toLowerCase() !== pair) return undefined;
  const price = decimal(data.c);
  const time = data.E;
  if (price === undefined || price <= 0 || typeof time !== "number" || !Number.isFinite(time) || time <= 0) return undefined;
  const open = decimal(data.o);
  const volume = decimal(data.q);
  return {
    price,
    change: open !== undefined && open > 0 ? ((price - open) / open) * 100 : null,
    volume: volume !== undefined && volume >= 0 ? volume : null,
    time,
  };
}

/** Why a connection attempt or a connection ended, for the one warning an outage gets. */
function outageReason(error: Error | undefined, status: number | undefined, code: number | undefined): string {
  if (status === 451 || status === 403) return `HTTP ${status}: Binance refuses this server's location`;
  if (status !== undefined) return `HTTP ${status}`;
  if (error) return error.message;
  return `closed (${code ?? "no code"})`;
}

/**
 * Live crypto prices from Binance's public market streams (no key). One connection to the combined
 * endpoint carries a `<pair>@miniTicker` stream per watched pair; streams are added and removed with
 * live SUBSCRIBE / UNSUBSCRIBE messages. Binance pushes each ticker once a second.
 */
export function createBinanceStream(options: BinanceStreamOptions): ExchangeStream {
  const { symbolOf, logger } = options;
  const endpoint = `${options.url.replace(/\/+$/, "")}/stream`;
  // A wrong setting fails here, at start-up, not inside a later watch().
  if (!/^wss?:$/.test(new URL(endpoint).protocol)) throw new Error(`Binance stream URL must be ws:// or wss://, not ${options.url}`);
  const { initialDelayMs, maxDelayMs } = options.reconnect ?? { initialDelayMs: 1000, maxDelayMs: 30_000 };
  const silenceTimeoutMs = options.silenceTimeoutMs ?? 60_000;
  const controlIntervalMs = options.controlIntervalMs ?? 250;
  const now = options.now ?? Date.now;

  const listeners = new Set<(tick: Tick) => void>();
  /** Watched streams and the keys each feeds (two coins may share a symbol). */
  let wanted = new Map<string, LiveKey[]>();
  let closed = false;
  let overLimitLogged = false;

  // The current connection and what it has asked Binance for.
  let socket: WebSocket | undefined;
  let requested = new Set<string>();
  let subscribed = false;
  let errorLogged = false;
  let nextId = 1;

  // Timers; each is unref'd so that it never keeps the process alive.
  let reconnectTimer: NodeJS.Timeout | undefined;
  let silenceTimer: NodeJS.Timeout | undefined;
  let cooldownTimer: NodeJS.Timeout | undefined;
  let flushPending = false;

  // Outage bookkeeping: one warning when it starts, one line when it ends.
  let failures = 0;
  let outageSince: number | undefined;
  const closing = new Set<Promise<void>>();

  function emit(stream: string, data: Record<string, unknown>) {
    const keys = wanted.get(stream);
    const pair = stream.slice(0, stream.indexOf("@"));
    const ticker = keys && parseMiniTicker(data, pair);
    if (!keys || !ticker) return;
    for (const key of keys) {
      for (const listener of listeners) {
        try {
          listener({ key, ...ticker });
        } catch (error) {
          logger.warn("Binance stream: a tick listener failed", error);
        }
      }
    }
  }

  function onMessage(current: WebSocket, raw: RawData, isBinary: boolean) {
    if (current !== socket) return;
    armSilence();
    if (isBinary) return;
    let message: unknown;
    try {
      message = JSON.parse(raw.toString());
    } catch {
      return;
    }
    if (!isRecord(message)) return;
    if (typeof message.stream === "string" && isRecord(message.data)) {
      if (message.data.e === "serverShutdown") {
        logger.info("Binance stream: the server announced a shutdown; reconnecting");
        replace(current);
      } else {
        emit(message.stream, message.data);
      }
      return;
    }
    if ("result" in message && "id" in message && message.result === null) {
      if (!subscribed) {
        subscribed = true;
        failures = 0;
        if (outageSince !== undefined) {
          logger.info(`Binance stream: back after ${Math.round((now() - outageSince) / 1000)} s`);
          outageSince = undefined;
        }
      }
      return;
    }
    // Errors come as {"code":2,"msg":"Invalid request: …","id":…} (some answers nest them under "error").
    const error = isRecord(message.error) ? message.error : message;
    if (typeof error.msg === "string" && !errorLogged) {
      errorLogged = true;
      logger.warn(`Binance stream: request refused (code ${String(error.code)}): ${error.msg}`);
    }
  }

  function armSilence() {
    clearTimeout(silenceTimer);
    const current = socket;
    silenceTimer = setTimeout(() => current?.terminate(), silenceTimeoutMs).unref();
  }

  /** Sends at most one control message, then waits `controlIntervalMs` before the next. */
  function flush() {
    flushPending = false;
    if (!socket || socket.readyState !== WebSocket.OPEN || cooldownTimer) return;
    const remove = [...requested].filter((stream) => !wanted.has(stream));
    const room = maxStreamsPerConnection - (requested.size - remove.length);
    const add = [...wanted.keys()].filter((stream) => !requested.has(stream));
    if (add.length > room && !overLimitLogged) {
      overLimitLogged = true;
      logger.warn(
        `Binance stream: ${wanted.size} pairs watched, over the ${maxStreamsPerConnection} a connection may carry; the rest wait`,
      );
    }
    // Unsubscribing first frees room under the per-connection cap.
    const method = remove.length > 0 ? "UNSUBSCRIBE" : "SUBSCRIBE";
    const params = (remove.length > 0 ? remove : add.slice(0, Math.max(0, room))).slice(0, streamsPerMessage);
    if (params.length === 0) return;
    for (const stream of params) {
      if (method === "SUBSCRIBE") requested.add(stream);
      else requested.delete(stream);
    }
    socket.send(JSON.stringify({ method, params, id: nextId++ }));
    cooldownTimer = setTimeout(() => {
      cooldownTimer = undefined;
      flush();
    }, controlIntervalMs).unref();
  }

  /** Coalesces the watch() calls of one turn of the event loop into as few messages as possible. */
  function scheduleFlush() {
    if (flushPending) return;
    flushPending = true;
    setImmediate(flush).unref();
  }

  function connect() {
    reconnectTimer = undefined;
    const current = new WebSocket(endpoint, { maxPayload: 1 << 20 });
    socket = current;
    requested = new Set();
    subscribed = false;
    errorLogged = false;
    let status: number | undefined;
    let failure: Error | undefined;
    armSilence();
    current.on("unexpected-response", (_request, response) => {
      status = response.statusCode;
      current.terminate();
    });
    current.on("open", () => {
      if (current !== socket) return;
      armSilence();
      scheduleFlush();
    });
    current.on("message", (raw, isBinary) => onMessage(current, raw, isBinary));
    current.on("ping", () => current === socket && armSilence());
    current.on("pong", () => current === socket && armSilence());
    current.on("error", (error) => {
      failure ??= error;
    });
    current.on("close", (code) => {
      if (current !== socket) return;
      socket = undefined;
      subscribed = false;
      clearTimeout(silenceTimer);
      clearTimeout(cooldownTimer);
      cooldownTimer = undefined;
      if (closed || wanted.size === 0) return;
      if (outageSince === undefined) {
        outageSince = now();
        logger.warn(`Binance stream down (${outageReason(failure, status, code)}); reconnecting with back-off`);
      }
      scheduleReconnect(status !== undefined && refusedStatuses.has(status));
    });
  }

  function scheduleReconnect(refused: boolean) {
    const ceiling = refused ? maxDelayMs : Math.min(maxDelayMs, initialDelayMs * 2 ** failures);
    failures += 1;
    // Half fixed, half random: instances that lost the link together do not come back together.
    const delay = ceiling / 2 + (Math.random() * ceiling) / 2;
    reconnectTimer = setTimeout(connect, delay).unref();
  }

  /** Ends `current` without waiting for it; close() awaits what is still closing. */
  function release(current: WebSocket) {
    if (current.readyState === WebSocket.CLOSED) return;
    const done = new Promise<void>((resolve) => {
      const force = setTimeout(() => current.terminate(), 1000).unref();
      current.once("close", () => {
        clearTimeout(force);
        closing.delete(done);
        resolve();
      });
    });
    closing.add(done);
    if (current.readyState === WebSocket.CONNECTING) current.terminate();
    else current.close(1000);
  }

  /** Drops the connection now and opens a fresh one (Binance's shutdown notice). */
  function replace(current: WebSocket) {
    socket = undefined;
    subscribed = false;
    clearTimeout(silenceTimer);
    clearTimeout(cooldownTimer);
    cooldownTimer = undefined;
    release(current);
    connect();
  }

  function stop() {
    clearTimeout(reconnectTimer);
    clearTimeout(silenceTimer);
    clearTimeout(cooldownTimer);
    reconnectTimer = cooldownTimer = undefined;
    outageSince = undefined;
    failures = 0;
    subscribed = false;
    const current = socket;
    socket = undefined;
    if (current) release(current);
  }

  return {
    watch(keys) {
      if (closed) return;
      const next = new Map<string, LiveKey[]>();
      for (const key of keys) {
        const stream = streamOf(key, symbolOf);
        if (stream && !next.get(stream)?.includes(key)) next.set(stream, [...(next.get(stream) ?? []), key]);
      }
      wanted = next;
      if (wanted.size === 0) stop();
      else if (socket) scheduleFlush();
      else if (!reconnectTimer) connect();
    },
    onTick(listener) {
      // A wrapper, so that one function added twice is two listeners and each stop removes one.
      const entry = (tick: Tick) => listener(tick);
      listeners.add(entry);
      return () => void listeners.delete(entry);
    },
    connected: () => subscribed && socket?.readyState === WebSocket.OPEN,
    async close() {
      closed = true;
      wanted = new Map();
      stop();
      await Promise.all(closing);
    },
  };
}
