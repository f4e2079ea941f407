import type { Clock } from "~/platform/clock";
import type { RealtimeEnv } from "~/platform/env.server";
import type { Logger } from "~/platform/logger.server";
import type { RateLimit, RateLimiter } from "~/platform/rate-limit.server";

import type { ExchangeStream } from "../providers/provider";
import type { LiveKey, Tick } from "./protocol";

/** What the hub needs of the market: the quote board, where each kind's prices come from, and a read through the cache. */
export type LiveMarket = {
  /** Lays a tick over the quote board; false when the board already knows something as new. */
  apply(tick: Tick): boolean;
  /** The board's freshest quote of `key`, as a tick. */
  latest(key: LiveKey): Tick | undefined;
  /** Reads `key` again through the market cache; the board keeps what the answer brings. */
  refresh(key: LiveKey): Promise<void>;
  /** Demo prices tick from the generator; live ones come from a stream or from reads of the cache. */
  sourceOf(key: LiveKey): "demo" | "live";
  /** The demo generator's tick of `key` at `at`. */
  demoTick(key: LiveKey, at: number): Tick | undefined;
};

/** Where ticks go: to this instance's browsers, and to the other instances. */
export type TickOutlet = { deliver(ticks: Tick[]): void; share?(ticks: Tick[]): void };

export type LiveHub = {
  /** The first browser on this instance started watching `key`. */
  watch(key: LiveKey): void;
  /** The last browser on this instance stopped watching `key`. */
  unwatch(key: LiveKey): void;
  /** The freshest known quote of each key, for a browser that just subscribed. */
  snapshot(keys: readonly LiveKey[]): Tick[];
  /** Ticks another instance produced. */
  receive(ticks: readonly Tick[]): void;
  /** Connects the socket layer; returns the function that disconnects it. */
  attach(outlet: TickOutlet): () => void;
  close(): Promise<void>;
};

export type LiveHubDependencies = {
  market: LiveMarket;
  config: Pick<RealtimeEnv, "demoTickMs" | "pollMs">;
  clock: Clock;
  logger: Logger;
  /** Rations reads of keys nothing has quoted yet (shared by the instances with Redis). */
  rateLimiter: RateLimiter;
  /** Whether `key` trades at `at`: stocks only during their exchange's session. */
  trading(key: LiveKey, at: number): boolean;
  /** The exchange stream live crypto prices come from, when one is configured. */
  stream?: ExchangeStream;
};

const isCrypto = (key: LiveKey) => key.startsWith("crypto:");

/**
 * Anyone can ask to watch any key, and reading a key nothing has quoted yet (a made-up coin)
 * costs an upstream call: such reads are rationed for the whole site, so a flood of them cannot
 * spend the providers' quotas.
 */
const firstReadLimit: RateLimit = { name: "realtime-first-read", limit: 30, windowMs: 60_000 };

/**
 * Turns what browsers watch on this instance into ticks. Each watched key has one source here,
 * however many browsers watch it: demo prices tick from the generator every few seconds; live
 * crypto prices come from the exchange stream, and from reads of the market cache while the
 * stream is down; live stock prices come from reads of the market cache (no free B3 stream
 * exists). Every tick goes over the quote board first, so a reload shows the price a tick showed,
 * and a browser only ever gets a tick newer than its last one.
 */
export function createLiveHub({ market, config, clock, logger, rateLimiter, trading, stream }: LiveHubDependencies): LiveHub {
  const watched = new Set<LiveKey>();
  /** When the last tick of each watched key went out. */
  const delivered = new Map<LiveKey, number>();
  let outlet: TickOutlet | undefined;
  let polling = false;
  const mayRead = async (key: LiveKey) => market.latest(key) !== undefined || (await rateLimiter.hit([[firstReadLimit, "site"]])).allowed;

  /** The board's tick of each key that moved past what browsers have, in one batch. */
  function deliverFresh(keys: Iterable<LiveKey>) {
    const fresh: Tick[] = [];
    for (const key of keys) {
      const tick = watched.has(key) ? market.latest(key) : undefined;
      if (!tick || tick.time <= (delivered.get(key) ?? -Infinity)) continue;
      delivered.set(key, tick.time);
      fresh.push(tick);
    }
    if (fresh.length > 0) outlet?.deliver(fresh);
  }

  function publish(ticks: readonly Tick[], madeHere: boolean) {
    const applied = ticks.filter((tick) => market.apply(tick));
    if (madeHere && applied.length > 0) outlet?.share?.(applied);
    deliverFresh(ticks.map((tick) => tick.key));
  }

  const streamedKeys = () => [...watched].filter((key) => isCrypto(key) && market.sourceOf(key) === "live");
  /** When the exchange last sent each key: a coin it does not list never ticks there. */
  const streamedAt = new Map<LiveKey, number>();
  const streaming = (key: LiveKey, now: number) => stream?.connected() && now - (streamedAt.get(key) ?? -Infinity) < 2 * config.pollMs;
  // An exchange's volume is that exchange's alone: the provider's market-wide volume stays.
  const stopStreaming = stream?.onTick((tick) => {
    streamedAt.set(tick.key, clock.now());
    publish([{ ...tick, volume: null }], true);
  });

  function tickDemo(at: number) {
    const ticks: Tick[] = [];
    for (const key of watched) {
      if (market.sourceOf(key) !== "demo" || !trading(key, at)) continue;
      const tick = market.demoTick(key, at);
      if (tick) ticks.push(tick);
    }
    if (ticks.length > 0) publish(ticks, true);
  }
  // On a grid of demoTickMs, so every instance watching a key computes the same tick at the same moment.
  let demoTimer: NodeJS.Timeout;
  const scheduleDemoTick = () => {
    const wait = config.demoTickMs - (clock.now() % config.demoTickMs);
    demoTimer = setTimeout(() => {
      tickDemo(Math.round(clock.now() / config.demoTickMs) * config.demoTickMs);
      scheduleDemoTick();
    }, wait).unref();
  };
  scheduleDemoTick();

  async function poll() {
    const now = clock.now();
    const candidates = [...watched].filter(
      (key) => market.sourceOf(key) === "live" && trading(key, now) && !(isCrypto(key) && streaming(key, now)),
    );
    const due = (await Promise.all(candidates.map(async (key) => ((await mayRead(key)) ? [key] : [])))).flat();
    const results = await Promise.allSettled(due.map((key) => market.refresh(key)));
    const failed = results.filter((result) => result.status === "rejected").length;
    if (failed > 0) logger.warn(`realtime: ${failed} of ${due.length} watched quotes could not be read again`);
    const fresh = due.flatMap((key) => market.latest(key) ?? []);
    if (fresh.length > 0) outlet?.share?.(fresh);
    deliverFresh(due);
  }
  const pollTimer = setInterval(() => {
    if (polling) return;
    polling = true;
    poll()
      .catch((error: unknown) => logger.warn("realtime: reading watched quotes failed:", String(error)))
      .finally(() => {
        polling = false;
      });
  }, config.pollMs);
  pollTimer.unref();

  return {
    watch(key) {
      if (watched.has(key)) return;
      watched.add(key);
      if (market.sourceOf(key) !== "live") return;
      // A key first seen here (its page came from another instance) is read once: the answer fills
      // the snapshot and names the coin's symbol for the stream.
      const read = market.latest(key) ? Promise.resolve() : mayRead(key).then((allowed) => (allowed ? market.refresh(key) : undefined));
      read.then(
        () => isCrypto(key) && watched.has(key) && stream?.watch(streamedKeys()),
        (error: unknown) => logger.warn(`realtime: could not read ${key}:`, String(error)),
      );
    },
    unwatch(key) {
      if (!watched.delete(key)) return;
      delivered.delete(key);
      streamedAt.delete(key);
      if (isCrypto(key) && market.sourceOf(key) === "live") stream?.watch(streamedKeys());
    },
    snapshot(keys) {
      return keys.flatMap((key) => market.latest(key) ?? []);
    },
    receive(ticks) {
      publish(ticks, false);
    },
    attach(connected) {
      outlet = connected;
      return () => {
        if (outlet === connected) outlet = undefined;
      };
    },
    async close() {
      clearTimeout(demoTimer);
      clearInterval(pollTimer);
      stopStreaming?.();
      await stream?.close();
    },
  };
}
