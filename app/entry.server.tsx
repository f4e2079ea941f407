import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";

import { oauthFormActionSources } from "./account/oauth.server";
import { getInstance } from "./i18n/middleware.server";
import { platformOf } from "./platform/context.server";
import { isDatabaseFailure } from "./platform/database.server";
import { documentWithoutModulePreloads } from "./platform/module-preloads.server";
import { nonceContext, NonceProvider } from "./platform/nonce";
import { contentSecurityPolicy } from "./platform/security.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  entryContext: EntryContext,
  routerContext: RouterContextProvider,
) {
  const nonce = routerContext.get(nonceContext);
  const { config, logger } = platformOf(routerContext);
  responseHeaders.set(
    "Content-Security-Policy",
    contentSecurityPolicy(nonce, {
      development: config.nodeEnv === "development",
      formActionSources: oauthFormActionSources(config),
    }),
  );
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and no-JS clients get the complete document at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || entryContext.isSpaMode ? "onAllReady" : "onShellReady";

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={getInstance(routerContext)}>
          <ServerRouter context={entryContext} url={request.url} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = documentWithoutModulePreloads();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell is ready are reported by onShellError instead.
          if (shellRendered) logger.error("rendering a page failed:", error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const { logger, metrics } = platformOf(context);
  if (isDatabaseFailure(error)) metrics.databaseErrors.inc();
  // The logger writes an error's name, code and message, never a failed query's parameters.
  logger.error(`${request.method} ${new URL(request.url).pathname} failed:`, error);
};
