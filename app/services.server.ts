import type { Server as HttpServer } from "node:http";

import type { RouterContextProvider } from "react-router";

import { accessCookieName, refreshCookieName, sessionOfAccessCookie, userIdOfAccessCookie } from "./account/session.server";
import { modelFor, translatorFor } from "./assistant/assistant.server";
import { assistantContext } from "./assistant/context.server";
import type { AssistantModel } from "./assistant/model.server";
import { languageQueryParam } from "./i18n/languages";
import { detectLanguage } from "./i18n/middleware.server";
import { createDatabaseStore } from "./market/cache-store.server";
import { catalogue } from "./market/catalogue";
import { cryptoViewsContext, marketContext, marketSourcesContext } from "./market/context.server";
import { readCryptoCurrency } from "./market/crypto-currency.server";
import { readDemoNoticeDismissed } from "./market/demo-notice.server";
import { exchangeStreamFor, type MarketSources, marketSourcesEnv } from "./market/providers/sources.server";
import { createLiveHub, type LiveHub } from "./market/realtime/hub.server";
import { attachRealtime } from "./market/realtime/socket.server";
import { type MarketService, marketServiceFor } from "./market/service.server";
import { createCryptoViews, type CryptoViews } from "./market/views.server";
import { type Clock, systemClock } from "./platform/clock";
import { pagesChangedChannel, type Platform, platformContext } from "./platform/context.server";
import { openDatabase } from "./platform/database.server";
import { type Env, type EnvSource, loadEnv } from "./platform/env.server";
import { createLocalEventBus, createRedisEventBus } from "./platform/events.server";
import { createLifecycle } from "./platform/lifecycle.server";
import { createLogger, type Logger } from "./platform/logger.server";
import { createMetrics } from "./platform/metrics.server";
import { combinePageCaches, createPageCache, type PageCache, type PageRequest, type PageVariant } from "./platform/page-cache.server";
import { createPersonalPageVersions } from "./platform/personal-pages.server";
import { countingRefusals, createMemoryRateLimiter, createRedisRateLimiter } from "./platform/rate-limit.server";
import { connectRedis } from "./platform/redis.server";
import { createRouteTable, type RouteManifest } from "./platform/route-table.server";
import { createNonce } from "./platform/security.server";
import { createMemorySharedStore, createRedisSharedStore } from "./platform/shared-store.server";
import { readTheme } from "./platform/theme.server";
import { routePolicies } from "./route-policies";

/** The features' own sections of the configuration, validated with the platform's variables (see parseEnv). */
export const configSections = { marketSources: marketSourcesEnv() };

/** The whole configuration: the platform's and, from the provider registry, which upstream serves each kind of market data. */
export type Config = Env & { marketSources: MarketSources };

/** The whole configuration, validated once at start (see loadEnv). */
export function loadConfig(source: EnvSource, appDir: string): Config {
  return loadEnv(source, appDir, configSections);
}

/** Every service of one running instance, built once at start. */
export type Services = {
  readonly platform: Platform;
  readonly market: MarketService;
  /** Which upstream serves each kind of market data, for the About-data page. */
  readonly marketSources: MarketSources;
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
 * configuration, clock and logger. `routes` are the build's (app/routes.ts), each with its policy
 * from app/route-policies.ts.
 */
export async function createServices(config: Config, routes: RouteManifest, overrides: ServiceOverrides = {}): Promise<Services> {
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
    routes: createRouteTable(routes, routePolicies),
    shutdownDeadline: shutdownDeadline.signal,
  };
  // The market and the assistant do not know each other: the market gets the assistant's
  // translator, the assistant gets the market and the reference catalogue.
  const marketStore = createDatabaseStore(db);
  const market = marketServiceFor({
    config: config.market,
    sources: config.marketSources,
    clock,
    logger,
    store: marketStore,
    shared: platform.shared,
    translateText: translatorFor(config.assistant, marketStore, { clock, logger }),
  });
  const cryptoViews = createCryptoViews({ db, clock, logger });
  const live = createLiveHub({
    market: market.live,
    config: config.realtime,
    clock,
    logger,
    rateLimiter: platform.rateLimiter,
    trading: market.live.trading,
    stream: exchangeStreamFor(config.marketSources, { timeoutMs: config.market.upstreamTimeoutMs, logger }, market.live.cryptoSymbol),
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
  const variants = pageVariants(platform);
  const pageCache = keepsPages
    ? combinePageCaches(
        createPageCache({ ...pageCacheOptions, variantOf: variants.public }),
        createPageCache({
          ...pageCacheOptions,
          variantOf: variants.personal,
          personal: { cookies: [accessCookieName, refreshCookieName] },
        }),
      )
    : undefined;
  // A release note changed on some instance: every instance drops what it keeps.
  const stopDroppingPages = events.subscribe(pagesChangedChannel, () => pageCache?.clear());
  return {
    platform,
    market,
    marketSources: config.marketSources,
    cryptoViews,
    assistant: modelFor(config.assistant, market, { clock, logger, catalogue }),
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

/**
 * The page-cache variants of a request. A public page's: its path with only the parameters its
 * route reads, the language it will be shown in, the theme, the crypto price currency and whether
 * the demonstration-data notice was dismissed. A signed-in session's: a public page as a visitor's
 * variant has it, or a personal page with its whole query, for the session's audience (its family
 * and its user's page version); none without a valid access token, since the render renews it.
 * A `?lng=` choice is rendered for itself, since its answer remembers the choice in a cookie.
 */
export function pageVariants(platform: Platform) {
  const variantFor = async (request: PageRequest, url: string): Promise<PageVariant> => {
    const language = await detectLanguage(request);
    const cookies = request.headers.get("Cookie");
    return {
      url,
      language,
      theme: readTheme(cookies),
      currency: readCryptoCurrency(cookies, language),
      demoNotice: readDemoNoticeDismissed(cookies) ? "dismissed" : "shown",
    };
  };
  const publicVariant = async (request: PageRequest, path: string, query: URLSearchParams): Promise<PageVariant | null> => {
    const { cache, params } = platform.routes.of(path);
    if (cache !== "public") return null;
    const kept = new URLSearchParams([...query].filter(([name]) => params.includes(name)));
    return variantFor(request, kept.size > 0 ? `${path}?${kept}` : path);
  };
  return {
    async public(request: PageRequest): Promise<PageVariant | null> {
      const { pathname, searchParams } = new URL(request.url);
      return searchParams.has(languageQueryParam) ? null : publicVariant(request, pathname, searchParams);
    },
    async personal(request: PageRequest): Promise<PageVariant | null> {
      const { pathname, search, searchParams } = new URL(request.url);
      if (searchParams.has(languageQueryParam)) return null;
      const variant =
        platform.routes.of(pathname).cache === "personal"
          ? await variantFor(request, `${pathname}${search}`)
          : await publicVariant(request, pathname, searchParams);
      const session = variant && (await sessionOfAccessCookie(platform, request.headers.get("Cookie")));
      if (!variant || !session) return null;
      return { ...variant, audience: `${session.familyId}:${await platform.personalPages.of(session.userId)}` };
    },
  };
}

/** Hands the services to a request's middleware, loaders and actions. */
export function provideServices(context: RouterContextProvider, services: Services) {
  context.set(platformContext, services.platform);
  context.set(marketContext, services.market);
  context.set(marketSourcesContext, services.marketSources);
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
