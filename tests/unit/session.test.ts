import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { hitAll, LegacyRateLimiter as RateLimiter } from "~/platform/rate-limit.server";
import { isSameOriginRequest } from "~/platform/origin.server";
import { contextFor, routeArgs } from "../support/router-context";

beforeAll(() => {
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "ma-session-"));
});

const cookieValue = (setCookies: string[], name: string) =>
  setCookies
    .find((cookie) => cookie.startsWith(`${name}=`))
    ?.split(";")[0]
    ?.slice(name.length + 1);

async function signedInUser() {
  const { getDb } = await import("~/platform/db.server");
  const { createUser, toSessionUser } = await import("~/account/users.server");
  const { signInCookies } = await import("~/account/session.server");
  const suffix = Math.random().toString(36).slice(2, 8);
  const user = createUser(getDb(), { email: `s-${suffix}@example.com`, name: "Sessão", nickname: `s_${suffix}` });
  const cookies = signInCookies(toSessionUser(user));
  return { user, access: cookieValue(cookies, "access_token")!, refresh: cookieValue(cookies, "refresh_token")!, cookies };
}

const request = (cookie: string, url = "http://localhost/") => new Request(url, { headers: { Cookie: cookie } });

describe("sessions", () => {
  it("sets httpOnly access and refresh cookies and the account's theme at sign-in", async () => {
    const { cookies } = await signedInUser();
    expect(cookies.find((cookie) => cookie.startsWith("access_token="))).toMatch(/HttpOnly/);
    expect(cookies.find((cookie) => cookie.startsWith("refresh_token="))).toMatch(/HttpOnly/);
    expect(cookies.find((cookie) => cookie.startsWith("theme="))).toBe("theme=dark; Max-Age=31536000; Path=/; SameSite=Lax");
  });

  it("recognises the user from the access token", async () => {
    const { resolveSession } = await import("~/account/session.server");
    const { user, access } = await signedInUser();
    const resolved = resolveSession(request(`access_token=${access}`));
    expect(resolved.user?.id).toBe(user.id);
    expect(resolved.setCookies).toEqual([]);
    expect(JSON.stringify(resolved.user)).not.toMatch(/passwordHash|twofaToken/);
  });

  it("refreshes transparently when only the refresh token is left, rotating it", async () => {
    const { resolveSession } = await import("~/account/session.server");
    const { user, refresh } = await signedInUser();
    const resolved = resolveSession(request(`refresh_token=${refresh}`));
    expect(resolved.user?.id).toBe(user.id);
    const newRefresh = cookieValue(resolved.setCookies, "refresh_token");
    expect(newRefresh).toBeTruthy();
    expect(newRefresh).not.toBe(refresh);
    expect(cookieValue(resolved.setCookies, "access_token")).toBeTruthy();
  });

  it("keeps every page request that sets off at once with one refresh token signed in, with the same new tokens", async () => {
    const { getUser, sessionMiddleware } = await import("~/account/session.server");
    const { user, refresh } = await signedInUser();
    const pageRequest = async (cookie: string) => {
      const request = new Request("http://localhost/user", { headers: { Cookie: cookie } });
      const context = await contextFor(request);
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
    const { resolveSession } = await import("~/account/session.server");
    const { refreshGraceSeconds } = await import("~/account/tokens.server");
    const { refresh } = await signedInUser();
    const first = resolveSession(request(`refresh_token=${refresh}`));
    const rotated = cookieValue(first.setCookies, "refresh_token")!;
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + (refreshGraceSeconds + 1) * 1000 });
    try {
      const replay = resolveSession(request(`refresh_token=${refresh}`));
      expect(replay.user).toBeNull();
      expect(cookieValue(replay.setCookies, "refresh_token")).toBe("");
      // The legitimate holder's newer token dies with the family.
      expect(resolveSession(request(`refresh_token=${rotated}`)).user).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("ends a session SESSION_MAX_DAYS (90 by default) after its sign-in, however often it was refreshed", async () => {
    const { resolveSession } = await import("~/account/session.server");
    const { user, refresh } = await signedInUser();
    const day = 24 * 60 * 60 * 1000;
    const signedInAt = Date.now();
    let refreshToken = refresh;
    vi.useFakeTimers({ toFake: ["Date"], now: signedInAt });
    try {
      for (const days of [29, 58, 87]) {
        vi.setSystemTime(signedInAt + days * day);
        const resolved = resolveSession(request(`refresh_token=${refreshToken}`));
        expect(resolved.user?.id, `day ${days}`).toBe(user.id);
        refreshToken = cookieValue(resolved.setCookies, "refresh_token")!;
        // The cookie goes when the session does, not 30 days after the last refresh.
        const maxAge = Number(/Max-Age=(\d+)/.exec(resolved.setCookies.find((cookie) => cookie.startsWith("refresh_token="))!)?.[1]);
        expect(maxAge).toBeLessThanOrEqual(((90 - days) * day) / 1000);
      }
      vi.setSystemTime(signedInAt + 90 * day + 1000);
      const ended = resolveSession(request(`refresh_token=${refreshToken}`));
      expect(ended.user).toBeNull();
      expect(cookieValue(ended.setCookies, "refresh_token")).toBe("");
    } finally {
      vi.useRealTimers();
    }
  });

  it("is anonymous with no tokens, and clears forged ones", async () => {
    const { resolveSession } = await import("~/account/session.server");
    expect(resolveSession(request("")).user).toBeNull();
    const forged = resolveSession(request("access_token=eyJzdWIiOjF9.bm9wZQ"));
    expect(forged.user).toBeNull();
    expect(cookieValue(forged.setCookies, "access_token")).toBe("");
  });

  it("accepts a Bearer access token only on /auth resource routes", async () => {
    const { resolveSession } = await import("~/account/session.server");
    const { user, access } = await signedInUser();
    const headers = { Authorization: `Bearer ${access}` };
    expect(resolveSession(new Request("http://localhost/auth/me", { headers })).user?.id).toBe(user.id);
    expect(resolveSession(new Request("http://localhost/user", { headers })).user).toBeNull();
  });

  it("stops accepting access tokens once the user signs out everywhere", async () => {
    const { resolveSession } = await import("~/account/session.server");
    const { revokeAllSessions } = await import("~/account/tokens.server");
    const { getDb } = await import("~/platform/db.server");
    const { user, access, refresh } = await signedInUser();
    revokeAllSessions(getDb(), user.id);
    expect(resolveSession(request(`access_token=${access}; refresh_token=${refresh}`)).user).toBeNull();
  });
});

describe("rate limits", () => {
  it("allows the limit per key and window, then refuses with the wait", () => {
    let now = 0;
    const limiter = new RateLimiter(3, 60_000, () => now);
    for (let i = 0; i < 3; i++) expect(limiter.hit("ip:1", "account:a").allowed).toBe(true);
    expect(limiter.hit("ip:1", "account:a")).toEqual({ allowed: false, retryAfterSeconds: 60 });
    // Another address trying the same account is refused too.
    expect(limiter.hit("ip:2", "account:a").allowed).toBe(false);
    expect(limiter.hit("ip:2", "account:b").allowed).toBe(true);
    now = 60_000;
    expect(limiter.hit("ip:1", "account:a").allowed).toBe(true);
  });

  it("counts an attempt against several limits, and a refused one against none", () => {
    let now = 0;
    const narrow = new RateLimiter(2, 60_000, () => now);
    const wide = new RateLimiter(3, 600_000, () => now);
    const attempt = (address: string) => hitAll([narrow, `account from ${address}`], [wide, "account"]);
    expect([attempt("a"), attempt("a")].map((verdict) => verdict.allowed)).toEqual([true, true]);
    // Hammering from one address fills its own window, not the account's.
    for (let index = 0; index < 5; index++) expect(attempt("a")).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(attempt("b").allowed).toBe(true);
    expect(attempt("c")).toEqual({ allowed: false, retryAfterSeconds: 600 });
    now = 600_000;
    expect(attempt("c").allowed).toBe(true);
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
