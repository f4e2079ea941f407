import type { Redis } from "ioredis";

import type { Logger } from "./logger.server";

/**
 * The longest one command waits on Redis (a rate-limit check makes two, one after the other). Past
 * it the instance answers from its own memory: a Redis that hangs must not hang the site.
 */
const commandTimeoutMs = 150;
/** Reconnection attempts back off up to this delay, and go on for as long as Redis is away. */
const longestReconnectDelayMs = 2000;
/** How long start-up waits for Redis before serving without it. */
const connectTimeoutMs = 1000;
/**
 * How often a ping checks that Redis answers. A Redis that hangs keeps its connection open, so
 * only a command that times out shows it; meanwhile the instance stops waiting on it at all.
 */
const defaultHeartbeatMs = 2000;

/**
 * The instance's connections to Redis: one for commands and one for subscriptions (a subscribed
 * connection runs nothing else). Commands never queue while Redis is away: they fail at once, and
 * callers fall back to their local counterparts until `available()` says otherwise.
 */
export type RedisConnection = {
  readonly client: Redis;
  readonly subscriber: Redis;
  /** True while the command connection is up: check it before a round trip that would only fail. */
  available(): boolean;
  close(): Promise<void>;
};

/**
 * Connects to Redis and waits, at most `connectTimeoutMs`, for it to answer. A Redis that is down
 * does not stop the start: the instance serves on its own and picks Redis up when it comes back.
 */
export async function connectRedis(url: string, logger: Logger, heartbeatMs = defaultHeartbeatMs): Promise<RedisConnection> {
  const options = {
    lazyConnect: true,
    connectTimeout: connectTimeoutMs,
    commandTimeout: commandTimeoutMs,
    enableOfflineQueue: false,
    // A command cut off by a lost connection fails instead of being sent again after the
    // reconnection: it already fell back, and counting an attempt twice would be wrong.
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    // The event bus subscribes again itself, including to channels it took while Redis was away.
    autoResubscribe: false,
    retryStrategy: (attempt: number) => Math.min(attempt * 100, longestReconnectDelayMs),
  };
  // Loaded when Redis is configured: the one-file server build would otherwise load it in every process.
  const { Redis } = await import("ioredis");
  const client = new Redis(url, { ...options, connectionName: "market-analytics" });
  const subscriber = new Redis(url, { ...options, connectionName: "market-analytics:events" });
  const connections = [client, subscriber];
  const where = describe(url);
  let closing = false;
  let reported: "up" | "down" | undefined;
  // False from a ping that timed out until one is answered.
  let answering = true;

  // One line per change of state, however many requests fall back meanwhile.
  const report = (lastError?: Error) => {
    if (closing) return;
    if (answering && connections.every((connection) => connection.status === "ready")) {
      if (reported === "up") return;
      logger.info(reported === "down" ? `Redis at ${where} is back: shared state goes through it again` : `Redis at ${where} connected`);
      reported = "up";
    } else if (lastError && reported !== "down") {
      logger.warn(
        `Redis at ${where} is unavailable (${lastError.message}): rate limits, shared values, locks and events stay local to this instance until it returns`,
      );
      reported = "down";
    }
  };
  // A new connection answered its handshake: Redis answers again.
  client.on("ready", () => (answering = true));
  for (const connection of connections) {
    connection.on("ready", () => report());
    connection.on("error", (error: Error) => report(error));
    connection.on("close", () => report(new Error("connection closed")));
  }

  const heartbeat = setInterval(() => {
    if (client.status !== "ready") return;
    client.ping().then(
      () => {
        answering = true;
        report();
      },
      (error: Error) => {
        answering = false;
        report(error);
      },
    );
  }, heartbeatMs);
  heartbeat.unref();

  await Promise.all(connections.map((connection) => connection.connect().catch(() => undefined)));
  return {
    client,
    subscriber,
    available: () => answering && client.status === "ready",
    async close() {
      closing = true;
      clearInterval(heartbeat);
      await Promise.all(
        connections.map((connection) =>
          connection.status === "ready" ? connection.quit().catch(() => connection.disconnect()) : connection.disconnect(),
        ),
      );
    },
  };
}

/** Host and port only: the URL may carry a password. */
function describe(url: string) {
  const { hostname, port } = new URL(url);
  return `${hostname}:${port || 6379}`;
}
