import type { Server as HttpServer } from "node:http";
import type { RouterContextProvider } from "react-router";
import { accessCookieName, refreshCookieName, userIdOfAccessCookie } from "./account/session.server";
import { modelFor, translatorFor } from "./assistant/assistant.server";
import { assistantContext } from "./assistant/context.server";
import type { AssistantModel } from "./assistant/model.server";
import { createDatabaseStore } from "./market/cache-store.server";
import { cryptoViewsContext, marketContext } from "./market/context.server";
import { createBinanceStream } from "./market/realtime/binance-stream.server";
import { createLiveHub, type LiveHub } from "./market/realtime/hub.server";
import { attachRealtime } from "./market/realtime/socket.server";
import { marketServiceFor, type MarketService } from "./market/service.server";
import { createCryptoViews, type CryptoViews } from "./market/views.server";
import { systemClock, type Clock } from "./platform/clock";
import { pagesChangedChannel, platformContext, type Platform } from "./platform/context.server";
import { openDatabase } from "./platform/database.server";
import type { Env } from "./platform/env.server";
import { createLocalEventBus, createRedisEventBus } from "./platform/events.server";
import { createLifecycle } from "./platform/lifecycle.server";
import { createLogger, type Logger } from "./platform/logger.server";
import { createMetrics } from "./platform/metrics.server";
import { countingRefusals, createMemoryRateLimiter, createRedisRateLimiter } from "./platform/rate-limit.server";
import { connectRedis } from "./platform/redis.server";
import { combinePageCaches, createPageCache, type PageCache } from "./platform/page-cache.server";
import { createPersonalPageVersions } from "./platform/personal-pages.server";
import { createNonce } from "./platform/security.server";
import { createMemorySharedStore, createRedisSharedStore } from "./platform/shared-store.server";
import { personalPageVariant, publicPageVariant } from "./public-pages.server";

/** Every service of one running instance, built once at start. */
export type Services = {
  readonly platform: Platform;
  readonly market: MarketService;
  /** Visits to crypto pages, for "most searched". */
  readonly cryptoViews: CryptoViews;
  readonly assistant: AssistantModel;
  /** Live ticks of what this instance's browsers watch, for the realtime socket. */
  readonly live: LiveHub;
  /** Public pages kept for visitors, and pages kept per signed-in session; none when PAGE_CACHE_TTL is 0. */
  readonly pageCache: PageCache | undefined;
  /** The shutdown's time for open requests is up: streamed replies end with their error event now. */
  interruptStreams(): void;
  /** Closes what the services hold open (database, Redis), after the last answer. */
  close(): Promise<void>;
};

export type ServiceOverrides = { clock?: Clock; logger?: Logger };

/**
 * The composition root: the one place that turns validated configuration into services. Nothing
 * else reads the environment or keeps a service of its own; tests call this with their own
 * configuration, clock and logger.
 */
export async function createServices(config: Env, overrides: ServiceOverrides = {}): Promise<Services> {
  const clock = overrides.clock ?? systemClock;
  const logger = overrides.logger ?? createLogger();
  const metrics = createMetrics();
  const db = await openDatabase(config, logger);
  const { pool } = db;
  if (pool)
    metrics.observeEach(
      "database_pool_connections",
      "PostgreSQL pool connections: total, idle, and requests waiting for one",
      "state",
      pool,
    );
  // With Redis, what instances share lives there; this instance's memory stands in while it is away.
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, logger) : undefined;
  if (redis)
    metrics.observe("redis_up", "1 while Redis answers, 0 while this instance works without it", () => (redis.available() ? 1 : 0));
  const events = redis ? createRedisEventBus(redis, logger) : createLocalEventBus();
  const shared = redis ? createRedisSharedStore(redis, createMemorySharedStore(clock)) : createMemorySharedStore(clock);
  const shutdownDeadline = new AbortController();
  const platform: Platform = {
    config,
    db,
    clock,
    logger,
    metrics,
    lifecycle: createLifecycle(),
    rateLimiter: countingRefusals(redis ? createRedisRateLimiter(redis) : createMemoryRateLimiter(), () => metrics.rateLimitRefusals.inc()),
    events,
    shared,
    // A version outlives every page kept under it by a minute.
    personalPages: createPersonalPageVersions(shared, config.pageCache.ttlMs + 60_000),
    shutdownDeadline: shutdownDeadline.signal,
  };
  // The market and the assistant do not know each other: the market gets the assistant's
  // translator, the assistant gets the market.
  const marketStore = createDatabaseStore(db);
  const market = marketServiceFor({
    config: config.market,
    clock,
    logger,
    store: marketStore,
    shared: platform.shared,
    translateText: translatorFor(config.assistant, marketStore, { clock, logger }),
  });
  const cryptoViews = createCryptoViews({ db, clock, logger });
  const { cryptoStream } = config.realtime;
  const live = createLiveHub({
    market: market.live,
    config: config.realtime,
    clock,
    logger,
    rateLimiter: platform.rateLimiter,
    trading: market.live.trading,
    // Exchange prices only ever sit beside the live provider's: never over demo figures.
    stream:
      cryptoStream.provider === "binance" && config.market.crypto.provider === "coingecko"
        ? createBinanceStream({ url: cryptoStream.url, symbolOf: market.live.cryptoSymbol, logger })
        : undefined,
  });
  // Pages rendered through Vite change with every edit: none are kept in development.
  const keepsPages = config.pageCache.ttlMs > 0 && config.nodeEnv !== "development";
  const pageCacheOptions = {
    ...config.pageCache,
    createNonce,
    clock,
    generation: () => market.quoteGeneration(),
    // A page served from memory is a visit React Router never saw: crypto pages still count.
    onHit: (path: string) => {
      metrics.pageCacheHits.inc();
      cryptoViews.recordPage(path);
    },
    onMiss: () => metrics.pageCacheMisses.inc(),
  };
  // Visitors' pages and signed-in sessions' pages are kept apart, each within its own limits:
  // many sessions cannot crowd out the pages every visitor shares.
  const pageCache = keepsPages
    ? combinePageCaches(
        createPageCache({ ...pageCacheOptions, variantOf: publicPageVariant }),
        createPageCache({
          ...pageCacheOptions,
          variantOf: personalPageVariant(platform),
          personal: { cookies: [accessCookieName, refreshCookieName] },
        }),
      )
    : undefined;
  // A release note changed on some instance: every instance drops what it keeps.
  const stopDroppingPages = events.subscribe(pagesChangedChannel, () => pageCache?.clear());
  return {
    platform,
    market,
    cryptoViews,
    assistant: modelFor(config.assistant, market, { clock, logger }),
    live,
    pageCache,
    interruptStreams: () => shutdownDeadline.abort(),
    async close() {
      await live.close();
      stopDroppingPages();
      pageCache?.close();
      await cryptoViews.flush();
      await events.close();
      await redis?.close();
      await db.close();
    },
  };
}

/** Hands the services to a request's middleware, loaders and actions. */
export function provideServices(context: RouterContextProvider, services: Services) {
  context.set(platformContext, services.platform);
  context.set(marketContext, services.market);
  context.set(cryptoViewsContext, services.cryptoViews);
  context.set(assistantContext, services.assistant);
}

/** The realtime socket on the app's HTTP server; closing it drops the browsers' connections so they reconnect elsewhere. */
export async function startRealtime(listener: HttpServer, services: Services) {
  const { config, logger, metrics } = services.platform;
  const realtime = await attachRealtime(listener, {
    hub: services.live,
    publicUrl: config.publicUrl,
    redisUrl: config.redisUrl,
    logger,
    userOf: (cookieHeader) => userIdOfAccessCookie(services.platform, cookieHeader),
  });
  metrics.observe("realtime_sockets", "Browsers connected to this instance's realtime socket", () => realtime.connections());
  return realtime;
}
