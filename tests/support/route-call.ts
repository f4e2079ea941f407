import { sessionMiddleware, signInCookies } from "~/account/session.server";
import { createUser, toSessionUser } from "~/account/users.server";
import { clientAddressContext } from "~/platform/request-context";
import type { Services } from "~/services.server";

import { contextFor, routeArgs } from "./router-context";
import { sharedTestServices } from "./services";

let serial = 0;

/** A new account on `services` (the file's shared ones unless given) and the Cookie header of its session. */
export async function signedInUser({
  admin = false,
  language = "en",
  services,
}: { admin?: boolean; language?: string; services?: Services } = {}) {
  const { platform } = services ?? (await sharedTestServices());
  const suffix = `${++serial}${Math.random().toString(36).slice(2, 6)}`;
  const email = `${admin ? "boss" : "user"}-${suffix}@example.com`;
  const user = await createUser(platform.db, { email, name: "Ana", nickname: `u_${suffix}`, userType: admin ? "admin" : "user" });
  const cookie = (await signInCookies(platform, toSessionUser(user))).map((line) => line.split(";")[0]).join("; ");
  return { user, cookie: `${cookie}; i18next=${language}` };
}

type Handler = (args: never) => unknown;

/** Runs a loader or action behind the session middleware with a real Request, as React Router would. */
export async function callRoute(handler: Handler, request: Request, params: Record<string, string> = {}, services?: Services) {
  const context = await contextFor(request, services);
  context.set(clientAddressContext, `203.0.113.${++serial % 250}`);
  let outcome: unknown;
  await sessionMiddleware(routeArgs(request, context), async () => {
    try {
      outcome = await handler({ ...(routeArgs(request, context) as object), params } as never);
    } catch (thrown) {
      outcome = thrown;
    }
    return outcome instanceof Response ? outcome : new Response(null);
  });
  if (outcome instanceof Response) return { status: outcome.status, response: outcome, body: null as any };
  const wrapped = outcome as { data?: unknown; init?: { status?: number } | null; type?: string };
  if (wrapped && typeof wrapped === "object" && wrapped.type === "DataWithResponseInit") {
    return { status: wrapped.init?.status ?? 200, response: null, body: wrapped.data as any };
  }
  return { status: 200, response: null, body: outcome as any };
}
