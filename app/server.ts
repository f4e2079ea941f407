import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

import express, { type Request as ExpressRequest, type RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";
import { createRequestHandler, RouterContextProvider } from "react-router";
import * as serverBuild from "virtual:react-router/server-build";

import { detectIncomingLanguage, instanceFor } from "./i18n/middleware.server";
import { limitRequestBody } from "./platform/body-limit.server";
import type { Platform } from "./platform/context.server";
import { abortedOnDisconnect, pageRequestOf, sendFetchResponse, sendKeptAnswer, toFetchRequest } from "./platform/fetch-bridge.server";
import { isBareServerError, jsonError, serverErrorAnswer } from "./platform/http.server";
import { nonceContext } from "./platform/nonce";
import type { PageCache, PageLookups } from "./platform/page-cache.server";
import { clientAddressContext } from "./platform/request-context";
import { createNonce, securityHeaders } from "./platform/security.server";

/**
 * What the HTTP edge needs of the services the composition root built. The edge never imports the
 * root (nor, through it, the features): `start.server.ts` hands it the services, and with them a
 * way to put every service in a request's context.
 */
export type EdgeServices = {
  readonly platform: Platform;
  readonly pageCache: PageCache | undefined;
};

const kibibyte = 1024;

/** 413 in the visitor's language: the spec's JSON error to API clients, plain text to browsers. */
async function refuseLargeBody(request: IncomingMessage, response: ServerResponse, limit: number) {
  const language = await detectIncomingLanguage(request);
  const message = instanceFor(language).t("messages.requestTooLarge", { limit: `${Math.round(limit / kibibyte)} KB` });
  const wantsJson = /application\/json/.test(String(request.headers.accept ?? request.headers["content-type"] ?? ""));
  const answer = wantsJson
    ? jsonError(413, message)
    : new Response(message, { status: 413, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  response.statusCode = answer.status;
  for (const [name, value] of answer.headers) response.setHeader(name, value);
  response.setHeader("Content-Language", language);
  response.end(await answer.text());
}

type NodeHandler = (request: IncomingMessage, response: ServerResponse) => void;

/** A request id short and plain enough to echo and log as it came (from a balancer or a proxy). */
const safeRequestId = /^[\w.:-]{1,64}$/;

/** The request's id: the one it came with when that is safe, else a new one, kept in its headers for the app. */
function requestIdOf(request: IncomingMessage): string {
  const given = request.headers["x-request-id"];
  const requestId = typeof given === "string" && safeRequestId.test(given) ? given : randomUUID();
  request.headers["x-request-id"] = requestId;
  return requestId;
}

/** Paths are logged as they came, within reason: a made-up one can be kilobytes long. */
const loggedPathLength = 200;

const pathOf = (request: IncomingMessage) => (request.url ?? "/").split("?", 1)[0]!;

/** Gives each request its id and, once answered, its log line and its place in the metrics. */
function requestObserver({ platform: { logger, metrics, routes } }: EdgeServices) {
  return (request: IncomingMessage, response: ServerResponse) => {
    const started = performance.now();
    const requestId = requestIdOf(request);
    response.setHeader("X-Request-Id", requestId);
    response.once("close", () => {
      const seconds = (performance.now() - started) / 1000;
      const fullPath = pathOf(request);
      const path = fullPath.slice(0, loggedPathLength);
      const route = routes.of(fullPath).pattern;
      const method = request.method ?? "GET";
      // An answer the client gave up on before its end, as nginx counts it.
      const status = response.writableFinished ? response.statusCode : 499;
      metrics.request(method, route, status, seconds);
      logger.request({ requestId, method, route, path, status, durationMs: Math.round(seconds * 10_000) / 10 });
    });
  };
}

/** The page cache's lookups the entry point made for a request it passed on: the app's miss reuses them. */
const edgeLookups = new WeakMap<IncomingMessage, PageLookups>();

/**
 * The HTTP entry point. A public page the cache keeps goes out from here, before Express, the
 * router or any Fetch object: that is most of an anonymous visitor's traffic. Everything else
 * has its request body read within its limit before the app sees it.
 */
export function createServerHandler(app: NodeHandler, services: EdgeServices): NodeHandler {
  const headers = securityHeaders(services.platform.config.publicUrl);
  const { pageCache } = services;
  const observe = requestObserver(services);
  const toApp: NodeHandler = (request, response) => {
    // Forms and JSON are small; a route that reads more (release notes, feedback's screenshots) says so.
    const limit = services.platform.routes.of(pathOf(request)).bodyLimit;
    limitRequestBody(request, response, limit, {
      refuse: () => void refuseLargeBody(request, response, limit),
      next: (withBody) => app(withBody, response),
    });
  };
  return (request, response) => {
    observe(request, response);
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    const mayBeKept = pageCache && (request.method === "GET" || request.method === "HEAD") && request.url?.startsWith("/");
    if (!mayBeKept) return toApp(request, response);
    const lookups: PageLookups = new Map();
    edgeLookups.set(request, lookups);
    pageCache.kept(pageRequestOf(request), lookups).then(
      (answer) => (answer ? sendKeptAnswer(response, answer) : toApp(request, response)),
      () => toApp(request, response),
    );
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

export function createApp({
  services,
  provideServices,
  clientDir,
}: {
  services: EdgeServices;
  /** Puts every service in a request's context, for its middleware, loaders and actions. */
  provideServices: (context: RouterContextProvider) => void;
  clientDir?: string;
}) {
  const app = express();
  app.disable("x-powered-by");
  // Behind a reverse proxy every request comes from the proxy; client addresses then come from X-Forwarded-For.
  const { trustProxy, publicUrl, nodeEnv } = services.platform.config;
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
    // The few files at the root (icons, the manifest): asked of the disk only for their own paths,
    // not for every page a visitor opens.
    const rootEntries = new Set(readdirSync(clientDir).filter((name) => name !== "assets"));
    const rootFiles = decodablePathsOnly(expressStaticGzip(clientDir, { ...precompressed, serveStatic: { maxAge: "7d", index: false } }));
    app.use((req, res, next) => (rootEntries.has(req.path.split("/")[1] ?? "") ? rootFiles(req, res, next) : next()));
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
  // The build itself, not a function returning it: a function is re-derived on every request.
  const handleRequest = createRequestHandler(serverBuild, nodeEnv);
  const loadContextFor = (req: ExpressRequest) => {
    const context = new RouterContextProvider();
    provideServices(context);
    context.set(nonceContext, createNonce());
    context.set(clientAddressContext, req.ip ?? "unknown");
    return context;
  };
  // Mounted without a path pattern: Express would decode the path for one and answer a malformed
  // escape (/cryptos/%E0) with its own untranslated error page instead of the app's. Public pages
  // go through the page cache, which keeps React Router's answer (compressed once) and serves it
  // again; the compression layer leaves an answer that is already compressed as it is.
  // Every line logged while answering (a loader's, an action's, React Router's errors) names the request.
  app.use((req, res, next) =>
    services.platform.logger.forRequest(requestIdOf(req), async () => {
      try {
        const request = toFetchRequest(req);
        const render = (pageRequest: Request) => handleRequest(abortedOnDisconnect(pageRequest, res), loadContextFor(req));
        const answer = await (services.pageCache ? services.pageCache.respond(request, render, edgeLookups.get(req)) : render(request));
        await sendFetchResponse(res, isBareServerError(answer) ? await serverErrorAnswer(request) : answer);
      } catch (error) {
        services.platform.logger.error("request failed before the router answered", error);
        if (res.headersSent) return void res.destroy();
        await sendFetchResponse(res, await serverErrorAnswer(pageRequestOf(req))).catch(next);
      }
    }),
  );
  return app;
}
