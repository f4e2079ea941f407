// Starts Market Analytics: validates configuration, migrates the database, then listens.
// `node server.js --dev` serves through Vite with hot reload; otherwise the production build.
import compression from "compression";
import express from "express";
import { createServer as createHttpServer } from "node:http";
import { constants } from "node:zlib";

const development = process.argv.includes("--dev");
process.env.NODE_ENV ??= development ? "development" : "production";

async function loadServerModule() {
  if (!development) return { module: await import("./build/server/index.js"), vite: undefined };
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  return { module: await vite.ssrLoadModule("./app/server.ts"), vite };
}

const { module, vite } = await loadServerModule().catch((error) => {
  if (error?.code === "ERR_MODULE_NOT_FOUND") {
    console.error("The production build is missing: run `npm run build` (or `npm start`, which builds first).");
    process.exit(1);
  }
  throw error;
});

let env;
try {
  env = module.startup();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const server = express();
server.disable("x-powered-by");
// Rendered HTML streams out once per request: a fast level saves most of the bytes for little CPU.
// Kept pages and static assets arrive already compressed and pass through untouched.
server.use(compression({ level: 1, brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 2, [constants.BROTLI_PARAM_LGWIN]: 18 } } }));
// React Router flushes the compressor after every piece it writes. Pages do not stream in parts
// (no deferred data), so those flushes only cost CPU and bytes; event streams (the assistant's
// replies) must reach the browser piece by piece and keep them.
server.use((_req, res, next) => {
  const flush = res.flush;
  res.flush = () => {
    if (String(res.getHeader("Content-Type")).startsWith("text/event-stream")) flush.call(res);
  };
  next();
});
if (vite) {
  server.use(vite.middlewares);
  server.use(async (req, res, next) => {
    try {
      const fresh = await vite.ssrLoadModule("./app/server.ts");
      fresh.createApp()(req, res, next);
    } catch (error) {
      vite.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  server.use(module.createApp({ clientDir: "build/client" }));
}

const listener = createHttpServer(vite ? server : module.createServerHandler(server)).listen(env.port, env.host, () => {
  console.log(`Market Analytics listening on http://${env.host === "0.0.0.0" ? "localhost" : env.host}:${env.port}`);
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => listener.close(() => process.exit(0)));
}
