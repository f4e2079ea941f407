// Starts Market Analytics: validates configuration, migrates the database, then listens; on
// SIGTERM or SIGINT it finishes what it is answering, closes the database and exits.
// `node server.js --dev` serves through Vite with hot reload; otherwise the production build.
// Everything is found from this file's directory, so it can be started from any directory.
import { createServer as createHttpServer } from "node:http";
import path from "node:path";
import v8 from "node:v8";
import { constants } from "node:zlib";

import compression from "compression";
import express from "express";

import { loadEnvFile } from "./scripts/lib/env-file.js";

// V8 lets the heap grow up to four times what survives a collection before collecting again, and
// keeps what it grew into: after a busy minute an idle server held 257 MB of heap for 90 MB of
// live data. A 30 % margin keeps it near 90 MB for the same throughput (decision 0031). The flag
// is read at each collection, so setting it here, before the app loads, takes effect.
v8.setFlagsFromString("--heap-growing-percent=30");

const development = process.argv.includes("--dev");
const appDir = import.meta.dirname;
loadEnvFile(appDir);
process.env.NODE_ENV ??= development ? "development" : "production";

async function loadServerModule() {
  if (!development) return { module: await import("./build/server/index.js"), vite: undefined };
  const { createServer } = await import("vite");
  const vite = await createServer({ root: appDir, server: { middlewareMode: true }, appType: "custom" });
  return { module: await vite.ssrLoadModule("./app/start.server.ts"), vite };
}

const { module, vite } = await loadServerModule().catch((error) => {
  if (error?.code === "ERR_MODULE_NOT_FOUND") {
    console.error("The production build is missing: run `npm run build` (or `npm start`, which builds when needed).");
    process.exit(1);
  }
  throw error;
});

// The one place that reads the environment: the app validates it and builds its services from it.
let services;
try {
  services = await module.startup({ appDir, environment: process.env });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const env = services.platform.config;
const { logger } = services.platform;

const server = express();
server.disable("x-powered-by");
// Rendered HTML streams out once per request: a fast level saves most of the bytes for little CPU.
// Kept pages and static assets arrive already compressed and pass through untouched. The app
// flushes the compressor only for event streams (the assistant's replies), piece by piece.
server.use(compression({ level: 1, brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 2, [constants.BROTLI_PARAM_LGWIN]: 18 } } }));
if (vite) {
  server.use(vite.middlewares);
  server.use(async (req, res, next) => {
    try {
      const fresh = await vite.ssrLoadModule("./app/start.server.ts");
      fresh.createApp({ services })(req, res, next);
    } catch (error) {
      vite.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  server.use(module.createApp({ services, clientDir: path.join(appDir, "build/client") }));
}

const listener = createHttpServer(vite ? server : module.createServerHandler(server, services));
// Live prices over socket.io, on the same server and port (/socket.io/).
const realtime = await module.startRealtime(listener, services);
// One line an operator can act on, instead of a stack trace.
listener.once("error", (error) => {
  const problem = {
    EADDRINUSE: `port ${env.port} is in use; set PORT to a free port`,
    EACCES: `port ${env.port} needs privileges this user lacks; set PORT above 1023`,
    EADDRNOTAVAIL: `${env.host} is not an address of this machine; set HOST`,
  }[error.code];
  if (!problem) throw error;
  logger.error(problem);
  process.exit(1);
});
listener.listen(env.port, env.host, async () => {
  // The address it really listens on: 0.0.0.0 (or ::) takes connections on every interface.
  const address = `http://${env.host.includes(":") ? `[${env.host}]` : env.host}:${env.port}`;
  const notes = [
    ["0.0.0.0", "::"].includes(env.host) && "all interfaces",
    env.publicUrl !== address && `public address ${env.publicUrl}`,
  ].filter(Boolean);
  // Each kind's upstream from the provider registry, or the embedded demo.
  const { chosen } = services.marketSources;
  const providers = new Set(["cryptos", "stocks", "news", "calendar", "rates"].map((kind) => chosen[kind]?.id ?? "demo"));
  logger.info(`Market Analytics listening on ${address}${notes.length ? ` (${notes.join("; ")})` : ""}`);
  // Where the data lives, without the password a PostgreSQL URL may carry.
  const { host, pathname } = env.databaseUrl ? new URL(env.databaseUrl) : {};
  const database = env.databaseUrl ? `PostgreSQL at ${host}${pathname}` : `SQLite at ${env.databasePath}`;
  logger.info(`database: ${database}; market data: ${[...providers].join(", ")}; assistant: ${env.assistant.provider}`);
  for (const notice of await module.startupNotices(services)) logger.info(notice);
});

let stopping = false;
/** How long an interrupted reply has to send its error event before connections are cut. */
const streamGoodbyeMs = 1000;
/**
 * Stops accepting connections, lets open requests and event streams (the assistant's replies)
 * finish for up to SHUTDOWN_TIMEOUT_MS, then closes what is left and the database. A signal that
 * arrives again changes nothing: Ctrl+C under npm reaches the server twice (from the terminal and
 * from npm).
 */
function stop(signal) {
  if (stopping) return;
  stopping = true;
  // Closing Redis and the database under work still in flight (a publish, a refresh) rejects what
  // was waiting on them: logged, never a crash of a process that is stopping anyway.
  process.on("unhandledRejection", (reason) => logger.warn("during shutdown, a pending operation failed", reason));
  // Readiness answers 503 from now on: a balancer stops sending new requests here.
  services.platform.lifecycle.beginShutdown();
  listener.close(async () => {
    await module.shutdown(services);
    logger.info("stopped");
    process.exit(0);
  });
  // Kept-alive connections would hold the close forever. Answers given from now on end theirs
  // (before the app's handler, which may answer at once); idle ones close now, and those of
  // answers still going out soon after they end.
  listener.prependListener("request", (_request, response) => response.setHeader("Connection", "close"));
  listener.closeIdleConnections();
  setInterval(() => listener.closeIdleConnections(), 100);
  // Sockets stay open for good: they are dropped now, and browsers reconnect (to another instance, if any).
  void realtime.close();
  logger.info(`${signal}: finishing open requests (at most ${env.shutdownTimeoutMs} ms), then stopping`);
  setTimeout(() => {
    // Replies still streaming end with their error event (what was shown is kept), so the user
    // can ask again; a moment later whatever is left is cut.
    services.interruptStreams();
    setTimeout(() => {
      logger.warn(`open requests still running after ${env.shutdownTimeoutMs} ms: closing their connections`);
      listener.closeAllConnections();
    }, streamGoodbyeMs);
  }, env.shutdownTimeoutMs);
}

for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, stop);
