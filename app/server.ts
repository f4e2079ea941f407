import { createRequestHandler } from "@react-router/express";
import express, { type RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import * as serverBuild from "virtual:react-router/server-build";
import { flushCryptoViews, recordCryptoView } from "./market/views.server";
import { closeDb, getDb } from "./platform/db.server";
import { getEnv, loadEnv } from "./platform/env.server";
import { nonceContext } from "./platform/nonce";
import { createPageCache } from "./platform/page-cache.server";
import { clientAddressContext } from "./platform/request-context";
import { createNonce, securityHeaders } from "./platform/security.server";

/**
 * Validates configuration and migrates the database before the first request is accepted.
 * `appDir` is where server.js is: the build is bundled into build/server, so the app cannot tell.
 */
export function startup({ appDir }: { appDir: string }) {
  const env = loadEnv(appDir);
  getDb();
  return env;
}

/** After the last answer: visits still counted in memory are written, then the database is closed (its WAL goes back into the file). */
export function shutdown() {
  flushCryptoViews(getDb());
  closeDb();
}

/** Pages every visitor sees alike (and their client-navigation data); /_root.data is the home page's. */
const publicPagePattern =
  /^\/(?:_root\.data|(?:cryptos|stocks|news|currency-converter|calendar|release-notes|team|faq|about-us|more|privacy-policy|cookie-policy)(?:\/[^/]+)?(?:\.data)?)?$/;
const cryptoPagePattern = /^\/cryptos\/([^/.]+)(?:\.data)?$/;

/** A crypto page served from the page cache is still a visit to count for "most searched". */
function countCachedCryptoVisit(path: string) {
  const id = cryptoPagePattern.exec(path)?.[1];
  if (id) recordCryptoView(getDb(), decodeURIComponent(id));
}

type NodeHandler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * The HTTP entry point: kept public pages are answered here, before Express and compression
 * (they are stored compressed), and everything else goes on to `app`.
 */
export function createServerHandler(app: NodeHandler): NodeHandler {
  const { pageCache, publicUrl } = getEnv();
  if (pageCache.ttlMs === 0) return app;
  const headers = securityHeaders(publicUrl);
  const cache = createPageCache({
    ttlMs: pageCache.ttlMs,
    maxBytes: pageCache.maxBytes,
    isPublicPath: (path) => publicPagePattern.test(path) && path !== "/release-notes/rss.xml",
    onHit: countCachedCryptoVisit,
  });
  return (request, response) => {
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    cache.middleware(request, response, () => app(request, response));
  };
}

/** A path with a malformed escape (/%E0) names no file: it goes on to the app's own page, not the file server's error. */
function decodablePathsOnly(serve: RequestHandler): RequestHandler {
  return (req, res, next) => {
    try {
      decodeURIComponent(req.path);
    } catch {
      return next();
    }
    return serve(req, res, next);
  };
}

export function createApp({ clientDir }: { clientDir?: string } = {}) {
  const app = express();
  app.disable("x-powered-by");
  // Behind a reverse proxy every request comes from the proxy; client addresses then come from X-Forwarded-For.
  const { trustProxy, publicUrl } = getEnv();
  if (trustProxy) app.set("trust proxy", trustProxy);
  const headers = securityHeaders(publicUrl);
  app.use((_req, res, next) => {
    res.set(headers);
    next();
  });
  if (clientDir) {
    // The build writes .br and .gz next to each asset (scripts/precompress.js): served as they are.
    const precompressed = { enableBrotli: true, orderPreference: ["br", "gz"] };
    app.use(
      "/assets",
      decodablePathsOnly(
        expressStaticGzip(path.join(clientDir, "assets"), {
          ...precompressed,
          serveStatic: { immutable: true, maxAge: "1y", index: false },
        }),
      ),
    );
    app.use(decodablePathsOnly(expressStaticGzip(clientDir, { ...precompressed, serveStatic: { maxAge: "7d", index: false } })));
  }
  // An Origin that is not a URL is an opaque origin, like "null": the app's own check then refuses
  // the post in the visitor's language, where React Router would throw on it and log a stack.
  app.use((req, _res, next) => {
    if (req.headers.origin && !URL.canParse(req.headers.origin)) req.headers.origin = "null";
    next();
  });
  // An answer can go out before its request's body was read (a redirect, a refusal). The body was
  // handed to the app as a stream and paused, so Node leaves it on the wire and the connection then
  // dies under the client's next request: read the rest and drop it, as Node does for untouched bodies.
  app.use((req, res, next) => {
    res.once("finish", () => {
      if (req.complete) return;
      req.removeAllListeners("data");
      req.resume();
    });
    next();
  });
  // Mounted without a path pattern: Express would decode the path for one and answer a malformed
  // escape (/cryptos/%E0) with its own untranslated error page instead of the app's.
  app.use(
    createRequestHandler({
      // The build itself, not a function returning it: a function is re-derived on every request.
      build: serverBuild,
      mode: process.env.NODE_ENV,
      getLoadContext(req) {
        const context = new RouterContextProvider();
        context.set(nonceContext, createNonce());
        context.set(clientAddressContext, req.ip ?? "unknown");
        return context;
      },
    }),
  );
  return app;
}
