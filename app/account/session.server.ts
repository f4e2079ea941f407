import { createContext, createCookie, redirect, type Cookie, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getDb } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";
import { themeCookie } from "~/platform/theme.server";
import {
  accessTokenLifetimeSeconds,
  isFamilyActive,
  revokeFamily,
  rotateRefreshToken,
  signAccessToken,
  startSession,
  verifyAccessToken,
  type SessionPolicy,
} from "./tokens.server";
import { findUserById, toSessionUser, type SessionUser } from "./users.server";
import { readCookie, serializeCookie } from "~/platform/cookies.server";

export const accessCookieName = "access_token";
export const refreshCookieName = "refresh_token";

/** The signed-in user for this request, or null for a visitor. */
export const userContext = createContext<SessionUser | null>(null);

/** The refresh cookie lives as long as its token: the end of the session may come before the token's 30 days. */
function tokenCookies(accessToken: string, refresh: { refreshToken: string; expiresAt: Date }) {
  const refreshMaxAge = Math.floor((refresh.expiresAt.getTime() - Date.now()) / 1000);
  return [
    serializeCookie(accessCookieName, accessToken, { maxAge: accessTokenLifetimeSeconds, httpOnly: true }),
    serializeCookie(refreshCookieName, refresh.refreshToken, { maxAge: refreshMaxAge, httpOnly: true }),
  ];
}

export const clearedSessionCookies = [
  serializeCookie(accessCookieName, "", { maxAge: 0, httpOnly: true }),
  serializeCookie(refreshCookieName, "", { maxAge: 0, httpOnly: true }),
];

function sessionPolicy(): SessionPolicy {
  const { sessionSecret, sessionMaxAgeMs } = getEnv();
  return { secret: sessionSecret, maxAgeMs: sessionMaxAgeMs };
}

/** Starts a session for a user who has proven who they are; their theme preference comes along. */
export function signInCookies(user: SessionUser): string[] {
  const session = startSession(getDb(), user.id, sessionPolicy());
  const accessToken = signAccessToken({ userId: user.id, familyId: session.familyId }, getEnv().sessionSecret);
  return [...tokenCookies(accessToken, session), themeCookie(user.theme)];
}

/** Trades a refresh token for a new pair: the middleware does it for a browser, POST /auth/refresh for an API client. */
export function refreshSession(refreshToken: string) {
  const rotated = rotateRefreshToken(getDb(), refreshToken, sessionPolicy());
  if (!rotated.ok) return rotated;
  const accessToken = signAccessToken({ userId: rotated.userId, familyId: rotated.familyId }, getEnv().sessionSecret);
  return { ...rotated, accessToken };
}

type Resolved = { user: SessionUser | null; familyId: string | null; setCookies: string[] };

/**
 * Who is asking: a valid access token (cookie, or a Bearer header on /auth resource routes)
 * names the user; when it is missing or expired a valid refresh token is traded for new ones
 * transparently; otherwise the visitor is anonymous.
 */
export function resolveSession(request: Request): Resolved {
  const db = getDb();
  const { sessionSecret } = getEnv();
  const cookieHeader = request.headers.get("Cookie");
  const bearer = new URL(request.url).pathname.startsWith("/auth/")
    ? /^Bearer\s+(\S+)$/i.exec(request.headers.get("Authorization") ?? "")?.[1]
    : undefined;
  const accessToken = bearer ?? readCookie(cookieHeader, accessCookieName);
  const claims = accessToken ? verifyAccessToken(accessToken, sessionSecret) : null;
  if (claims && isFamilyActive(db, claims.familyId, sessionPolicy())) {
    const user = findUserById(db, claims.userId);
    if (user) return { user: toSessionUser(user), familyId: claims.familyId, setCookies: [] };
  }
  const refreshToken = readCookie(cookieHeader, refreshCookieName);
  if (!refreshToken) {
    return { user: null, familyId: null, setCookies: accessToken && !bearer ? clearedSessionCookies : [] };
  }
  const refreshed = refreshSession(refreshToken);
  const user = refreshed.ok ? findUserById(db, refreshed.userId) : undefined;
  if (!refreshed.ok || !user) return { user: null, familyId: null, setCookies: clearedSessionCookies };
  return {
    user: toSessionUser(user),
    familyId: refreshed.familyId,
    setCookies: tokenCookies(refreshed.accessToken, refreshed),
  };
}

const familyContext = createContext<string | null>(null);

export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const resolved = resolveSession(request);
  context.set(userContext, resolved.user);
  context.set(familyContext, resolved.familyId);
  const response = await next();
  // A sign-in, sign-out or password change in this request has the last word on the session cookies.
  const setByRoute = new Set(response.headers.getSetCookie().map((cookie) => cookie.slice(0, cookie.indexOf("="))));
  for (const cookie of resolved.setCookies) {
    if (!setByRoute.has(cookie.slice(0, cookie.indexOf("=")))) response.headers.append("Set-Cookie", cookie);
  }
  return response;
};

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

/** Ends this device's session: revokes its tokens and clears both cookies. */
export function signOut(context: Readonly<RouterContextProvider>): string[] {
  const familyId = context.get(familyContext);
  if (familyId) revokeFamily(getDb(), familyId);
  return clearedSessionCookies;
}

let pendingCookie: Cookie | undefined;

/** Password checked, second factor pending: a signed, five-minute cookie names the user. */
export function pendingTwoFactorCookie(): Cookie {
  pendingCookie ??= createCookie("two_fa_pending", {
    path: "/login",
    httpOnly: true,
    sameSite: "lax",
    maxAge: 5 * 60,
    secure: getEnv().publicUrl.startsWith("https://"),
    secrets: [getEnv().sessionSecret],
  });
  return pendingCookie;
}
