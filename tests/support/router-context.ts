import { RouterContextProvider } from "react-router";

/**
 * Runs the app's language middleware for a request, as React Router does before loaders. It is
 * imported at call time so that tests which reset the module graph get the same instance as the
 * routes they call.
 */
export async function contextFor(request: Request) {
  const { i18nextMiddleware } = await import("~/i18n/middleware.server");
  const context = new RouterContextProvider();
  await i18nextMiddleware(
    { request, context, params: {}, unstable_pattern: "", url: new URL(request.url) } as unknown as Parameters<typeof i18nextMiddleware>[0],
    async () => new Response(),
  );
  return context;
}

export function routeArgs(request: Request, context: RouterContextProvider) {
  return { request, context, params: {}, unstable_pattern: "", url: new URL(request.url) } as never;
}
