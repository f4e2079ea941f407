import { contextFor, routeArgs } from "./router-context";

let serial = 0;

/**
 * A new account and the Cookie header of its session. The app's modules are imported at call
 * time, after the test has pointed DATA_DIR at its own directory.
 */
export async function signedInUser({ admin = false, language = "en" }: { admin?: boolean; language?: string } = {}) {
  const { getDb } = await import("~/platform/db.server");
  const { createUser, toSessionUser } = await import("~/account/users.server");
  const { signInCookies } = await import("~/account/session.server");
  const suffix = `${++serial}${Math.random().toString(36).slice(2, 6)}`;
  const email = `${admin ? "boss" : "user"}-${suffix}@example.com`;
  const user = createUser(getDb(), { email, name: "Ana", nickname: `u_${suffix}`, userType: admin ? "admin" : "user" });
  const cookie = signInCookies(toSessionUser(user))
    .map((line) => line.split(";")[0])
    .join("; ");
  return { user, cookie: `${cookie}; i18next=${language}` };
}

type Handler = (args: never) => unknown;

/** Runs a loader or action behind the session middleware with a real Request, as React Router would. */
export async function callRoute(handler: Handler, request: Request, params: Record<string, string> = {}) {
  const { sessionMiddleware } = await import("~/account/session.server");
  const { clientAddressContext } = await import("~/platform/request-context");
  const context = await contextFor(request);
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
