import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { getUser } from "~/account/current-user";
import { refreshCookieName, resolveSession, sessionMiddleware, signInCookies } from "~/account/session.server";
import { refreshGraceSeconds, revokeAllSessions } from "~/account/tokens.server";
import { createUser, toSessionUser } from "~/account/users.server";
import { DAY_MS } from "~/lib/time";
import { secureCookiesMiddleware } from "~/platform/cookies.server";
import { isSameOriginRequest } from "~/platform/origin.server";
import { createMemoryRateLimiter, type RateLimit } from "~/platform/rate-limit.server";

import { manualClock } from "../support/clock";
import { contextFor, routeArgs } from "../support/router-context";
import { contextWith, createTestServices } from "../support/services";

const clock = manualClock();
const services = await createTestServices({ clock });
const { platform } = services;

const cookieValue = (setCookies: string[], name: string) =>
  setCookies
    .find((cookie) => cookie.startsWith(`${name}=`))
    ?.split(";")[0]
    ?.slice(name.length + 1);

async function signedInUser() {
  const suffix = Math.random().toString(36).slice(2, 8);
  const user = await createUser(platform.db, { email: `s-${suffix}@example.com`, name: "Sessão", nickname: `s_${suffix}` });
  const cookies = await signInCookies(platform, toSessionUser(user));
  return { user, access: cookieValue(cookies, "access_token")!, refresh: cookieValue(cookies, "refresh_token")!, cookies };
}

const request = (cookie: string, url = "http://localhost/") => new Request(url, { headers: { Cookie: cookie } });
const resolve = (request: Request) => resolveSession(platform, request);

describe("sessions", () => {
  it("sets httpOnly access and refresh cookies and the account's theme at sign-in", async () => {
    const { cookies } = await signedInUser();
    expect(cookies.find((cookie) => cookie.startsWith("access_token="))).toMatch(/HttpOnly/);
    expect(cookies.find((cookie) => cookie.startsWith("refresh_token="))).toMatch(/HttpOnly/);
    expect(cookies.find((cookie) => cookie.startsWith("theme="))).toBe("theme=dark; Max-Age=31536000; Path=/; SameSite=Lax");
  });

  it("recognises the user from the access token", async () => {
    const { user, access } = await signedInUser();
    const resolved = await resolve(request(`access_token=${access}`));
    expect(resolved.user?.id).toBe(user.id);
    expect(resolved.setCookies).toEqual([]);
    expect(JSON.stringify(resolved.user)).not.toMatch(/passwordHash|twofaToken/);
  });

  it("refreshes transparently when only the refresh token is left, rotating it", async () => {
    const { user, refresh } = await signedInUser();
    const resolved = await resolve(request(`refresh_token=${refresh}`));
    expect(resolved.user?.id).toBe(user.id);
    const newRefresh = cookieValue(resolved.setCookies, "refresh_token");
    expect(newRefresh).toBeTruthy();
    expect(newRefresh).not.toBe(refresh);
    expect(cookieValue(resolved.setCookies, "access_token")).toBeTruthy();
  });

  it("keeps every page request that sets off at once with one refresh token signed in, with the same new tokens", async () => {
    const { user, refresh } = await signedInUser();
    const pageRequest = async (cookie: string) => {
      const request = new Request("http://localhost/user", { headers: { Cookie: cookie } });
      const context = await contextFor(request, services);
      let signedIn: number | undefined;
      const response = (await sessionMiddleware(routeArgs(request, context), async () => {
        signedIn = getUser(context)?.id;
        return new Response(null);
      })) as Response;
      return { signedIn, setCookies: response.headers.getSetCookie() };
    };

    const answers = await Promise.all([1, 2, 3].map(() => pageRequest(`refresh_token=${refresh}`)));
    expect(answers.map((answer) => answer.signedIn)).toEqual([user.id, user.id, user.id]);
    const newRefresh = new Set(answers.map((answer) => cookieValue(answer.setCookies, "refresh_token")));
    expect(newRefresh.size).toBe(1);
    const [rotated] = newRefresh;
    expect(rotated).toBeTruthy();
    expect(rotated).not.toBe(refresh);
    // What each of them was given works on the next request.
    for (const { setCookies } of answers) {
      expect((await pageRequest(`access_token=${cookieValue(setCookies, "access_token")}`)).signedIn).toBe(user.id);
    }
    expect((await pageRequest(`refresh_token=${rotated}`)).signedIn).toBe(user.id);
  });

  it("treats a refresh token replayed after the grace window as theft and ends that session", async () => {
    const { refresh } = await signedInUser();
    const first = await resolve(request(`refresh_token=${refresh}`));
    const rotated = cookieValue(first.setCookies, "refresh_token")!;
    clock.advance((refreshGraceSeconds + 1) * 1000);
    const replay = await resolve(request(`refresh_token=${refresh}`));
    expect(replay.user).toBeNull();
    expect(cookieValue(replay.setCookies, "refresh_token")).toBe("");
    // The legitimate holder's newer token dies with the family.
    expect((await resolve(request(`refresh_token=${rotated}`))).user).toBeNull();
  });

  it("ends a session SESSION_MAX_DAYS (90 by default) after its sign-in, however often it was refreshed", async () => {
    const { user, refresh } = await signedInUser();
    const signedInAt = clock.now();
    let refreshToken = refresh;
    for (const days of [29, 58, 87]) {
      clock.set(signedInAt + days * DAY_MS);
      const resolved = await resolve(request(`refresh_token=${refreshToken}`));
      expect(resolved.user?.id, `day ${days}`).toBe(user.id);
      refreshToken = cookieValue(resolved.setCookies, "refresh_token")!;
      // The cookie goes when the session does, not 30 days after the last refresh.
      const maxAge = Number(/Max-Age=(\d+)/.exec(resolved.setCookies.find((cookie) => cookie.startsWith("refresh_token="))!)?.[1]);
      expect(maxAge).toBeLessThanOrEqual(((90 - days) * DAY_MS) / 1000);
    }
    clock.set(signedInAt + 90 * DAY_MS + 1000);
    const ended = await resolve(request(`refresh_token=${refreshToken}`));
    expect(ended.user).toBeNull();
    expect(cookieValue(ended.setCookies, "refresh_token")).toBe("");
  });

  it("is anonymous with no tokens, and clears forged ones", async () => {
    expect((await resolve(request(""))).user).toBeNull();
    const forged = await resolve(request("access_token=eyJzdWIiOjF9.bm9wZQ"));
    expect(forged.user).toBeNull();
    expect(cookieValue(forged.setCookies, "access_token")).toBe("");
  });

  it("accepts a Bearer access token only on /auth resource routes", async () => {
    const { user, access } = await signedInUser();
    const headers = { Authorization: `Bearer ${access}` };
    expect((await resolve(new Request("http://localhost/auth/me", { headers }))).user?.id).toBe(user.id);
    expect((await resolve(new Request("http://localhost/user", { headers }))).user).toBeNull();
  });

  it("stops accepting access tokens once the user signs out everywhere", async () => {
    const { user, access, refresh } = await signedInUser();
    await revokeAllSessions(platform.db, user.id, clock.now());
    expect((await resolve(request(`access_token=${access}; refresh_token=${refresh}`))).user).toBeNull();
  });
});

describe("cookies on an https site", () => {
  const setCookies = async (publicUrl: string) => {
    const config = { ...platform.config, publicUrl };
    const context = contextWith({ ...services, platform: { ...platform, config } });
    const request = new Request(`${publicUrl}/login`);
    const { refresh } = await signedInUser();
    const response = (await secureCookiesMiddleware(routeArgs(request, context), async () => {
      const headers = new Headers();
      headers.append("Set-Cookie", `${refreshCookieName}=${refresh}; Max-Age=60; Path=/; HttpOnly; SameSite=Lax`);
      headers.append("Set-Cookie", "two_fa_pending=x; Path=/login; HttpOnly; Secure; SameSite=Lax");
      return new Response(null, { status: 302, headers });
    })) as Response;
    return response.headers.getSetCookie();
  };

  it("are all Secure when the public address is https, once each", async () => {
    const cookies = await setCookies("https://markets.example.org");
    expect(cookies).toHaveLength(2);
    for (const cookie of cookies) expect(cookie.match(/;\s*Secure/gi), cookie).toHaveLength(1);
  });

  it("are left as they are over plain http", async () => {
    const cookies = await setCookies("http://localhost:3000");
    expect(cookies[0]).not.toMatch(/Secure/i);
  });
});

describe("rate limits", () => {
  // rate-limiter-flexible keeps its windows by the system's time: the test moves that.
  beforeEach(() => {
    vi.useFakeTimers({ now: 0, toFake: ["Date", "setTimeout", "clearTimeout"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("allows the limit per key and window, then refuses with the wait", async () => {
    const limiter = createMemoryRateLimiter();
    const limit: RateLimit = { name: "test", limit: 3, windowMs: 60_000 };
    const hit = (...keys: string[]) => limiter.hit(keys.map((key) => [limit, key] as const));
    for (let i = 0; i < 3; i++) expect((await hit("ip:1", "account:a")).allowed).toBe(true);
    expect(await hit("ip:1", "account:a")).toEqual({ allowed: false, retryAfterSeconds: 60 });
    // Another address trying the same account is refused too.
    expect((await hit("ip:2", "account:a")).allowed).toBe(false);
    expect((await hit("ip:2", "account:b")).allowed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect((await hit("ip:1", "account:a")).allowed).toBe(true);
  });

  it("counts an attempt against several limits, and a refused one against none", async () => {
    const limiter = createMemoryRateLimiter();
    const narrow: RateLimit = { name: "narrow", limit: 2, windowMs: 60_000 };
    const wide: RateLimit = { name: "wide", limit: 3, windowMs: 600_000 };
    const attempt = (address: string) =>
      limiter.hit([
        [narrow, `account from ${address}`],
        [wide, "account"],
      ]);
    expect([await attempt("a"), await attempt("a")].map((verdict) => verdict.allowed)).toEqual([true, true]);
    // Hammering from one address fills its own window, not the account's.
    for (let index = 0; index < 5; index++) expect(await attempt("a")).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect((await attempt("b")).allowed).toBe(true);
    expect(await attempt("c")).toEqual({ allowed: false, retryAfterSeconds: 600 });
    vi.advanceTimersByTime(600_000);
    expect((await attempt("c")).allowed).toBe(true);
  });
});

describe("origin check", () => {
  const post = (headers: Record<string, string>) => new Request("http://localhost:3000/theme", { method: "POST", headers });
  it("accepts same-origin posts and non-browser clients, refuses cross-site ones", () => {
    expect(isSameOriginRequest(post({ Origin: "http://localhost:3000" }), "http://localhost:3000")).toBe(true);
    expect(isSameOriginRequest(post({ Origin: "https://markets.example.org" }), "https://markets.example.org")).toBe(true);
    expect(isSameOriginRequest(post({ Origin: "https://evil.example" }), "http://localhost:3000")).toBe(false);
    expect(isSameOriginRequest(post({ "Sec-Fetch-Site": "cross-site" }), "http://localhost:3000")).toBe(false);
    expect(isSameOriginRequest(post({}), "http://localhost:3000")).toBe(true);
    expect(
      isSameOriginRequest(new Request("http://localhost:3000/", { headers: { Origin: "https://evil.example" } }), "http://localhost:3000"),
    ).toBe(true);
  });

  it("reads the Referer when a browser leaves Origin out", () => {
    const publicUrl = "http://localhost:3000";
    expect(isSameOriginRequest(post({ Referer: "https://evil.example/page" }), publicUrl)).toBe(false);
    expect(isSameOriginRequest(post({ Referer: "not a url" }), publicUrl)).toBe(false);
    expect(isSameOriginRequest(post({ Referer: "http://localhost:3000/login?x=1" }), publicUrl)).toBe(true);
    expect(isSameOriginRequest(post({ Referer: "https://evil.example/", Origin: "http://localhost:3000" }), publicUrl)).toBe(true);
  });
});
