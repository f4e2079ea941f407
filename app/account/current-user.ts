import { createContext, redirect, type RouterContextProvider } from "react-router";

import type { SessionUser } from "./users.server";

// The account feature's public face for other features and routes: who is signed in. The
// session middleware (session.server.ts) resolves it once per request.

/** The signed-in user for this request, or null for a visitor. */
export const userContext = createContext<SessionUser | null>(null);

export function getUser(context: Readonly<RouterContextProvider>) {
  return context.get(userContext);
}

/** Pages for registered users send visitors to /login and back here afterwards. */
export function requireUser(context: Readonly<RouterContextProvider>, request: Request): SessionUser {
  const user = context.get(userContext);
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(`/login?${new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` })}`);
}

/** Administrators only; anyone else is told the page does not exist. */
export function requireAdmin(context: Readonly<RouterContextProvider>, request: Request): SessionUser {
  const user = requireUser(context, request);
  if (user.userType !== "admin") throw new Response(null, { status: 404 });
  return user;
}
