import type { IncomingMessage, Server as HttpServer } from "node:http";

import { Server } from "socket.io";

import { dependencyReport, type Logger } from "~/platform/logger.server";

import type { LiveHub } from "./hub.server";
import { isLiveKey, type LiveClientEvents, type LiveKey, type LiveServerEvents, maxLiveKeysPerConnection, type Tick } from "./protocol";

/** Signed-in visitors may watch more at once: their favourites and record tables can be long. */
const maxLiveKeysSignedIn = 1000;
/** Browsers only send short subscribe and unsubscribe messages. */
const maxMessageBytes = 16 * 1024;
/** The channel's messages between instances, apart from other apps on the same Redis. */
const redisChannelKey = "market-analytics:realtime";

type InterServerEvents = { ticks: (ticks: Tick[]) => void };
type SocketData = { userId: number | null };

export type RealtimeChannel = {
  /** Browsers connected to this instance. */
  connections(): number;
  close(): Promise<void>;
};

export type RealtimeOptions = {
  hub: LiveHub;
  publicUrl: string;
  redisUrl: string | undefined;
  logger: Logger;
  /** The signed-in user a connection's cookies name, if any. */
  userOf(cookieHeader: string | undefined): Promise<number | null>;
};

/**
 * A page and its socket share one origin; a browser names the page's origin on every socket
 * request (cross-site pages included), so anything else is refused. Clients that send no Origin
 * are not browsers and carry no visitor's cookies.
 */
export function isOwnOrigin(request: Pick<IncomingMessage, "headers">, publicUrl: string): boolean {
  const { origin, host } = request.headers;
  if (origin === undefined) return true;
  const parsed = URL.parse(origin);
  return parsed !== null && (parsed.origin === new URL(publicUrl).origin || parsed.host === host);
}

/** Ticks that came over Redis are checked like anything else read from the network. */
function isTick(value: unknown): value is Tick {
  const tick = value as Partial<Tick> | null;
  const finiteOrNull = (number: unknown) => number === null || (typeof number === "number" && Number.isFinite(number));
  return (
    typeof tick === "object" &&
    tick !== null &&
    isLiveKey(tick.key) &&
    typeof tick.price === "number" &&
    tick.price > 0 &&
    Number.isFinite(tick.price) &&
    finiteOrNull(tick.change) &&
    finiteOrNull(tick.volume) &&
    typeof tick.time === "number" &&
    Number.isFinite(tick.time)
  );
}

/** The Redis adapter and its connections, loaded only when Redis is configured. */
async function redisAdapter(redisUrl: string, logger: Logger) {
  const [{ createAdapter }, { Redis }] = await Promise.all([import("@socket.io/redis-adapter"), import("ioredis")]);
  // Dedicated connections: the app's own never queue and never resubscribe, which the adapter
  // needs; a subscribed connection runs nothing else.
  const options = { connectTimeout: 1000, maxRetriesPerRequest: 1, retryStrategy: (attempt: number) => Math.min(attempt * 100, 2000) };
  const publisher = new Redis(redisUrl, { ...options, connectionName: "market-analytics:realtime" });
  const subscriber = new Redis(redisUrl, { ...options, connectionName: "market-analytics:realtime-events" });
  for (const connection of [publisher, subscriber]) connection.on("error", () => undefined);
  // The adapter drops the promise of each publish: while Redis is away they would reject unheard
  // and stop the process. Ticks then reach this instance's browsers only, until it is back; that
  // is said once, not at every tick.
  const reachability = dependencyReport(logger, "realtime: Redis");
  const publish = publisher.publish.bind(publisher) as (channel: string, message: string | Buffer) => Promise<number>;
  publisher.publish = ((channel: string, message: string | Buffer) =>
    publish(channel, message).then(
      (receivers) => {
        reachability.up("ticks reach the other instances again");
        return receivers;
      },
      (error: Error) => {
        reachability.down(error.message, "ticks reach this instance's browsers only");
        return 0;
      },
    )) as typeof publisher.publish;
  return { publisher, subscriber, adapter: createAdapter(publisher, subscriber, { key: redisChannelKey }) };
}

/**
 * The realtime socket on the app's own HTTP server (path /socket.io/): browsers subscribe to the
 * live keys on screen, each in its room; the first subscriber on this instance starts the key's
 * source and the last one stops it. With Redis, ticks made here also reach the browsers of the
 * other instances, and theirs reach ours.
 */
export async function attachRealtime(
  httpServer: HttpServer,
  { hub, publicUrl, redisUrl, logger, userOf }: RealtimeOptions,
): Promise<RealtimeChannel> {
  const redis = redisUrl ? await redisAdapter(redisUrl, logger) : undefined;
  const io = new Server<LiveClientEvents, LiveServerEvents, InterServerEvents, SocketData>(httpServer, {
    serveClient: false,
    maxHttpBufferSize: maxMessageBytes,
    allowRequest: (request, answer) => answer(null, isOwnOrigin(request, publicUrl)),
    adapter: redis?.adapter,
  });

  // Rooms named after a live key are the instance's watch list; every socket also has a room of its own id.
  const rooms = io.of("/").adapter;
  rooms.on("create-room", (room: string) => {
    if (isLiveKey(room)) hub.watch(room);
  });
  rooms.on("delete-room", (room: string) => {
    if (isLiveKey(room)) hub.unwatch(room);
  });

  const detach = hub.attach({
    // One message per browser with all its keys that moved, not one per key: a burst of demo
    // ticks is then a message per connection instead of a dozen.
    deliver(ticks) {
      const namespace = io.of("/");
      const bySocket = new Map<string, Tick[]>();
      for (const tick of ticks) {
        for (const id of namespace.adapter.rooms.get(tick.key) ?? []) {
          const batch = bySocket.get(id);
          if (batch) batch.push(tick);
          else bySocket.set(id, [tick]);
        }
      }
      for (const [id, batch] of bySocket) namespace.sockets.get(id)?.emit("ticks", batch);
    },
    share: redis ? (ticks) => io.serverSideEmit("ticks", ticks) : undefined,
  });
  io.on("ticks", (ticks: unknown) => {
    if (Array.isArray(ticks)) hub.receive(ticks.filter(isTick));
  });

  io.use((socket, next) => {
    userOf(socket.request.headers.cookie).then(
      (userId) => {
        socket.data.userId = userId;
        next();
      },
      () => {
        socket.data.userId = null;
        next();
      },
    );
  });

  io.on("connection", (socket) => {
    const limit = socket.data.userId === null ? maxLiveKeysPerConnection : maxLiveKeysSignedIn;
    const watching = () => socket.rooms.size - 1;
    socket.on("subscribe", (keys, answer) => {
      if (!Array.isArray(keys)) return;
      const wanted = [...new Set(keys.filter(isLiveKey))].filter((key) => !socket.rooms.has(key));
      const accepted: LiveKey[] = wanted.slice(0, Math.max(0, limit - watching()));
      socket.join(accepted);
      if (typeof answer === "function") answer(hub.snapshot(accepted));
    });
    socket.on("unsubscribe", (keys) => {
      if (!Array.isArray(keys)) return;
      for (const key of keys) if (isLiveKey(key)) socket.leave(key);
    });
  });

  return {
    connections: () => io.engine.clientsCount,
    async close() {
      detach();
      // Sockets are dropped without a goodbye, so browsers reconnect (to another instance, if any).
      await io.close();
      await Promise.all(redis ? [redis.publisher.quit().catch(() => undefined), redis.subscriber.quit().catch(() => undefined)] : []);
    },
  };
}
