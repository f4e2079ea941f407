import { type Cookie, createContext, createCookie, type MiddlewareFunction, type RouterContextProvider } from "react-router";

import { type Platform, platformOf } from "~/platform/context.server";
import { readCookie, serializeCookie } from "~/platform/cookies.server";
import type { Env } from "~/platform/env.server";
import { themeCookie } from "~/platform/theme.server";

import type { User } from "../../db/schema";
import { requireUser, userContext } from "./current-user";
import {
  accessTokenLifetimeSeconds,
  activeSessionUser,
  isFamilyActive,
  revokeFamily,
  rotateRefreshToken,
  type SessionPolicy,
  signAccessToken,
  startSession,
  verifyAccessToken,
} from "./tokens.server";
import { findUserById, type SessionUser, toSessionUser } from "./users.server";

export const accessCookieName = "access_token";
export const refreshCookieName = "refresh_token";

/** What sessions need of the platform: where they are stored, the configuration's secret and lifetime, and the time. */
export type SessionServices = Pick<Platform, "db" | "config" | "clock">;

/** The refresh cookie lives as long as its token: the end of the session may come before the token's 30 days. */
function tokenCookies(accessToken: string, refresh: { refreshToken: string; expiresAt: Date }, now: number) {
  const refreshMaxAge = Math.floor((refresh.expiresAt.getTime() - now) / 1000);
  return [
    serializeCookie(accessCookieName, accessToken, { maxAge: accessTokenLifetimeSeconds, httpOnly: true }),
    serializeCookie(refreshCookieName, refresh.refreshToken, { maxAge: refreshMaxAge, httpOnly: true }),
  ];
}

const clearedSessionCookies = [
  serializeCookie(accessCookieName, "", { maxAge: 0, httpOnly: true }),
  serializeCookie(refreshCookieName, "", { maxAge: 0, httpOnly: true }),
];

function sessionPolicy({ sessionSecret, sessionMaxAgeMs }: Env): SessionPolicy {
  return { secret: sessionSecret, maxAgeMs: sessionMaxAgeMs };
}

/** Starts a session for a user who has proven who they are; their theme preference comes along. */
export async function signInCookies({ db, config, clock }: SessionServices, user: SessionUser): Promise<string[]> {
  const now = clock.now();
  const session = await startSession(db, user.id, sessionPolicy(config), now);
  const accessToken = signAccessToken({ userId: user.id, familyId: session.familyId }, config.sessionSecret, now);
  return [...tokenCookies(accessToken, session, now), themeCookie(user.theme)];
}

/** Trades a refresh token for a new pair: the middleware does it for a browser, POST /auth/refresh for an API client. */
export async function refreshSession({ db, config, clock }: SessionServices, refreshToken: string) {
  const now = clock.now();
  const rotated = await rotateRefreshToken(db, refreshToken, sessionPolicy(config), now);
  if (!rotated.ok) return rotated;
  const accessToken = signAccessToken({ userId: rotated.userId, familyId: rotated.familyId }, config.sessionSecret, now);
  return { ...rotated, accessToken };
}

/** `account` is the user's whole row, secrets included, for the account's own pages; `user` is what the rest may see. */
type Resolved = { user: SessionUser | null; account: User | null; familyId: string | null; setCookies: string[] };

const signedIn = (account: User, familyId: string, setCookies: string[]): Resolved => ({
  user: toSessionUser(account),
  account,
  familyId,
  setCookies,
});
const anonymous = (setCookies: string[]): Resolved => ({ user: null, account: null, familyId: null, setCookies });

/**
 * Who is asking: a valid access token (cookie, or a Bearer header on /auth resource routes)
 * names the user; when it is missing or expired a valid refresh token is traded for new ones
 * transparently; otherwise the visitor is anonymous.
 */
export async function resolveSession(services: SessionServices, request: Request): Promise<Resolved> {
  const { db, config, clock } = services;
  const cookieHeader = request.headers.get("Cookie");
  const bearer = new URL(request.url).pathname.startsWith("/auth/")
    ? /^Bearer\s+(\S+)$/i.exec(request.headers.get("Authorization") ?? "")?.[1]
    : undefined;
  const accessToken = bearer ?? readCookie(cookieHeader, accessCookieName);
  const claims = accessToken ? verifyAccessToken(accessToken, config.sessionSecret, clock.now()) : null;
  const account = claims && (await activeSessionUser(db, claims, sessionPolicy(config), clock.now()));
  if (account) return signedIn(account, claims.familyId, []);
  const refreshToken = readCookie(cookieHeader, refreshCookieName);
  if (!refreshToken) {
    return anonymous(accessToken && !bearer ? clearedSessionCookies : []);
  }
  const refreshed = await refreshSession(services, refreshToken);
  const user = refreshed.ok ? await findUserById(db, refreshed.userId) : undefined;
  if (!refreshed.ok || !user) return anonymous(clearedSessionCookies);
  return signedIn(user, refreshed.familyId, tokenCookies(refreshed.accessToken, refreshed, clock.now()));
}

/**
 * The user a valid access-token cookie names, for connections that cannot set cookies (the
 * realtime socket): an expired token is not traded for new ones here, the next page view does it.
 */
export async function userIdOfAccessCookie(services: SessionServices, cookieHeader: string | undefined): Promise<number | null> {
  return (await sessionOfAccessCookie(services, cookieHeader))?.userId ?? null;
}

/**
 * The session a valid access-token cookie belongs to (its family) and its user, or null: what the
 * personal page cache keys a kept page by. An expired token is left for the page's render to renew.
 */
export async function sessionOfAccessCookie(
  { db, config, clock }: SessionServices,
  cookieHeader: string | null | undefined,
): Promise<{ userId: number; familyId: string } | null> {
  const accessToken = readCookie(cookieHeader ?? null, accessCookieName);
  const claims = accessToken ? verifyAccessToken(accessToken, config.sessionSecret, clock.now()) : null;
  if (!claims || !(await isFamilyActive(db, claims.familyId, sessionPolicy(config), clock.now()))) return null;
  return { userId: claims.userId, familyId: claims.familyId };
}

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * After a request that may have written something a signed-in user's pages show, those pages
 * kept for any of the user's sessions are outdated before the answer goes out (a redirect's next
 * page is then rendered afresh). A write by an administrator may show on anyone's pages. (The
 * assistant's streamed reply, stored as it ends, outdates them once more then.)
 */
async function outdatePersonalPages({ personalPages }: Platform, request: Request, user: SessionUser, response: Response) {
  const writes = !safeMethods.has(request.method) || response.headers.has("Set-Cookie");
  if (!writes) return;
  await (user.userType === "admin" ? personalPages.changedForEveryone() : personalPages.changed(user.id));
}

const familyContext = createContext<string | null>(null);
const accountContext = createContext<User | null>(null);

/**
 * The signed-in user's whole row, for the account's own pages (their settings, their second
 * factor): as the session read it at the start of the request, or afresh once `forgetAccountRow`
 * said it changed. Visitors go to /login like `requireUser`'s.
 */
export async function currentAccount(context: Readonly<RouterContextProvider>, request: Request): Promise<User> {
  const { id } = requireUser(context, request);
  const kept = context.get(accountContext);
  if (kept) return kept;
  const user = await findUserById(platformOf(context).db, id);
  // Only an account deleted since the request began gets here.
  if (!user) throw new Response(null, { status: 404 });
  return user;
}

/** After an action that may have changed the account: the page's loaders, run next in the same request, read it afresh. */
export function forgetAccountRow(context: Readonly<RouterContextProvider>) {
  context.set(accountContext, null);
}

/**
 * Whatever path a signed-in answer took (kept per session or rendered afresh because of an extra
 * cookie), it may show that person's data: no shared cache on the way may keep it.
 */
function markPrivate(response: Response) {
  const control = response.headers.get("Cache-Control");
  if (control && /\b(?:private|no-store)\b/.test(control)) return;
  const rest = control?.replace(/\bpublic\b,?\s*/, "").trim();
  response.headers.set("Cache-Control", rest ? `private, ${rest}` : "private, no-cache");
}

const isSignOut = (request: Request) => request.method === "POST" && /^\/logout(?:\.data)?$/.test(new URL(request.url).pathname);

export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const platform = platformOf(context);
  // Signing out must work while the database is down: the cookies are cleared all the same.
  const resolved = await resolveSession(platform, request).catch((error: unknown) => {
    if (isSignOut(request)) return anonymous(clearedSessionCookies);
    throw error;
  });
  context.set(userContext, resolved.user);
  context.set(familyContext, resolved.familyId);
  context.set(accountContext, resolved.account);
  const response = await next();
  if (resolved.user) {
    await outdatePersonalPages(platform, request, resolved.user, response);
    markPrivate(response);
  }
  // A sign-in, sign-out or password change in this request has the last word on the session cookies.
  const setByRoute = new Set(response.headers.getSetCookie().map((cookie) => cookie.slice(0, cookie.indexOf("="))));
  for (const cookie of resolved.setCookies) {
    if (!setByRoute.has(cookie.slice(0, cookie.indexOf("=")))) response.headers.append("Set-Cookie", cookie);
  }
  return response;
};

/**
 * Ends this device's session: revokes its tokens and clears both cookies. The cookies are cleared
 * even when the database cannot take the revocation (an outage): the person is signed out here,
 * and the refresh token left unrevoked dies with its family's lifetime.
 */
export async function signOut(context: Readonly<RouterContextProvider>): Promise<string[]> {
  const familyId = context.get(familyContext);
  if (familyId) {
    const { db, clock, logger } = platformOf(context);
    await revokeFamily(db, familyId, clock.now()).catch((error: unknown) =>
      logger.warn("sign-out: the session could not be revoked in the database; its cookies are cleared", error),
    );
  }
  return clearedSessionCookies;
}

/** One cookie per configuration: its secret is the session secret. */
const pendingCookies = new WeakMap<Env, Cookie>();

/** Password checked, second factor pending: a signed, five-minute cookie names the user. */
export function pendingTwoFactorCookie(config: Env): Cookie {
  let cookie = pendingCookies.get(config);
  if (!cookie) {
    cookie = createCookie("two_fa_pending", {
      path: "/login",
      httpOnly: true,
      sameSite: "lax",
      maxAge: 5 * 60,
      secrets: [config.sessionSecret],
    });
    pendingCookies.set(config, cookie);
  }
  return cookie;
}
