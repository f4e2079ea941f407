import { RouterContextProvider } from "react-router";
import { i18nextMiddleware } from "~/i18n/middleware.server";

/** Runs the app's language middleware for a request, as React Router does before loaders. */
export async function contextFor(request: Request) {
  const context = new RouterContextProvider();
  await i18nextMiddleware(
    { request, context, params: {}, unstable_pattern: "", url: new URL(request.url) } as unknown as Parameters<
      typeof i18nextMiddleware
    >[0],
    async () => new Response(),
  );
  return context;
}

export function routeArgs(request: Request, context: RouterContextProvider) {
  return { request, context, params: {}, unstable_pattern: "", url: new URL(request.url) } as never;
}
