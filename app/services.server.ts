import type { RouterContextProvider } from "react-router";
import { getAssistantModel } from "./assistant/assistant.server";
import { assistantContext } from "./assistant/context.server";
import type { AssistantModel } from "./assistant/model.server";
import { marketContext } from "./market/context.server";
import { getMarketService, type MarketService } from "./market/service.server";
import { systemClock, type Clock } from "./platform/clock";
import { platformContext, type Platform } from "./platform/context.server";
import { openDatabase } from "./platform/database.server";
import { rememberEnv, type Env } from "./platform/env.server";
import { createLocalEventBus, createRedisEventBus } from "./platform/events.server";
import { consoleLogger, type Logger } from "./platform/logger.server";
import { createMemoryRateLimiter, createRedisRateLimiter } from "./platform/rate-limit.server";
import { connectRedis } from "./platform/redis.server";
import { createMemorySharedStore, createRedisSharedStore } from "./platform/shared-store.server";

/** Every service of one running instance, built once at start. */
export type Services = {
  readonly platform: Platform;
  readonly market: MarketService;
  readonly assistant: AssistantModel;
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
  rememberEnv(config);
  const clock = overrides.clock ?? systemClock;
  const logger = overrides.logger ?? consoleLogger;
  const db = await openDatabase(config);
  // With Redis, what instances share lives there; this instance's memory stands in while it is away.
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, logger) : undefined;
  const events = redis ? createRedisEventBus(redis, logger) : createLocalEventBus();
  const platform: Platform = {
    config,
    db,
    clock,
    logger,
    rateLimiter: redis ? createRedisRateLimiter(redis) : createMemoryRateLimiter(clock),
    events,
    shared: redis ? createRedisSharedStore(redis, createMemorySharedStore(clock)) : createMemorySharedStore(clock),
  };
  return {
    platform,
    market: getMarketService(),
    assistant: getAssistantModel(),
    async close() {
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
  context.set(assistantContext, services.assistant);
}
