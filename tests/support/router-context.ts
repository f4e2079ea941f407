import { RouterContextProvider } from "react-router";

import { i18nextMiddleware } from "~/i18n/middleware.server";
import { provideServices, type Services } from "~/services.server";

import { sharedTestServices } from "./services";

/**
 * Runs the app's language middleware for a request, as React Router does before loaders, with
 * `services` (the file's shared ones unless given) in the context.
 */
export async function contextFor(request: Request, services?: Services) {
  const context = new RouterContextProvider();
  provideServices(context, services ?? (await sharedTestServices()));
  await i18nextMiddleware(
    { request, context, params: {}, unstable_pattern: "", url: new URL(request.url) } as unknown as Parameters<typeof i18nextMiddleware>[0],
    async () => new Response(),
  );
  return context;
}

export function routeArgs(request: Request, context: RouterContextProvider) {
  return { request, context, params: {}, unstable_pattern: "", url: new URL(request.url) } as never;
}
