import { createRequestHandler } from "@react-router/express";
import express from "express";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import { getDb } from "./platform/db.server";
import { getEnv } from "./platform/env.server";
import { nonceContext } from "./platform/nonce";
import { clientAddressContext } from "./platform/request-context";
import { baselineSecurityHeaders, createNonce } from "./platform/security.server";

/** Validates configuration and migrates the database before the first request is accepted. */
export function startup() {
  const env = getEnv();
  getDb();
  return env;
}

export function createApp({ clientDir }: { clientDir?: string } = {}) {
  const app = express();
  app.disable("x-powered-by");
  // Behind a reverse proxy every request comes from the proxy; client addresses then come from X-Forwarded-For.
  const { trustProxy } = getEnv();
  if (trustProxy) app.set("trust proxy", trustProxy);
  app.use((_req, res, next) => {
    res.set(baselineSecurityHeaders);
    next();
  });
  if (clientDir) {
    app.use(
      "/assets",
      express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }),
    );
    app.use(express.static(clientDir, { maxAge: "1h", index: false }));
  }
  app.all(
    "/{*splat}",
    createRequestHandler({
      build: () => import("virtual:react-router/server-build"),
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
