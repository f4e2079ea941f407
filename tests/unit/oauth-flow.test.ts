import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { readPendingSecondFactor } from "~/account/actions.server";
import { enabledOAuthProviders, oauthFormActionSources } from "~/account/oauth.server";
import { createUser } from "~/account/users.server";
import { memoryLogger } from "~/platform/logger.server";
import * as githubStart from "~/routes/auth-github";
import * as googleStart from "~/routes/auth-google";
import { loader as googleCallback } from "~/routes/auth-google-callback";
import { loader as githubCallback } from "~/routes/github-redirect";
import type { Services } from "~/services.server";

import {
  defaultGitHubUser,
  defaultGoogleUser,
  type FakeOAuth,
  fakeOAuthClients,
  fakeOAuthEnv,
  type FakeOAuthFault,
  startFakeOAuth,
} from "../support/fake-oauth";
import { routeArgs } from "../support/router-context";
import { contextWith, createTestServices } from "../support/services";

const appUrl = "http://localhost:5999";
let fake: FakeOAuth;

type Provider = "github" | "google";
type Handler = (args: never) => Promise<Response> | Response;
type App = Awaited<ReturnType<typeof startApp>>;

const startRoutes = { github: githubStart, google: googleStart };
const finishRoutes: Record<Provider, Handler> = { github: githubCallback, google: googleCallback };
const started: Services[] = [];

/** An instance of the app configured with `env`, on a new database; what it logs is kept. */
async function startApp(env: Record<string, string> = fakeOAuthEnv(fake.url)) {
  const logger = memoryLogger();
  const services = await createTestServices({ environment: { PUBLIC_URL: appUrl, ...env }, logger });
  started.push(services);
  return appOf(services, logger);
}

function appOf(services: Services, logger: ReturnType<typeof memoryLogger>) {
  const { db, config } = services.platform;
  const handle = (handler: Handler, request: Request) => handler(routeArgs(request, contextWith(services)));
  return {
    services,
    db,
    users: db.tables.users,
    config,
    logger,
    start: (provider: Provider, request: Request) => handle(startRoutes[provider].action, request),
    startPage: (provider: Provider) => handle(startRoutes[provider].loader, new Request(`${appUrl}/auth/${provider}`)),
    finish: (provider: Provider, request: Request) => handle(finishRoutes[provider], request),
  };
}

/** The cookies one browser keeps, as the Set-Cookie headers it was sent leave them. */
class Browser {
  readonly cookies = new Map<string, string>();

  keep(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const name = pair.slice(0, pair.indexOf("="));
      const value = pair.slice(pair.indexOf("=") + 1);
      if (/max-age=0(;|$)/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  flashKey() {
    const flash = this.cookies.get("flash");
    return flash ? (JSON.parse(decodeURIComponent(flash)) as { messageKey: string }).messageKey : undefined;
  }
}

async function callRoute(answer: Promise<Response> | Response, browser: Browser) {
  return browser.keep(await answer);
}

/** POSTs the login page's button, follows the provider's redirect over HTTP, and hands the callback to the app. */
async function signIn(app: App, provider: Provider, browser = new Browser(), form: Record<string, string> = {}) {
  const start = await callRoute(
    app.start(
      provider,
      new Request(`${appUrl}/auth/${provider}`, {
        method: "POST",
        body: new URLSearchParams(form),
        headers: { Cookie: browser.header(), Origin: appUrl },
      }),
    ),
    browser,
  );
  expect(start.status).toBe(302);
  expect(start.headers.get("Location")?.startsWith(`${fake.url}/`)).toBe(true);
  const atProvider = await fetch(start.headers.get("Location")!, { redirect: "manual" });
  expect(atProvider.status).toBe(302);
  const callback = atProvider.headers.get("Location")!;
  const callbackRequest = new Request(callback, { headers: { Cookie: browser.header() } });
  const finish = await callRoute(app.finish(provider, callbackRequest), browser);
  return { finish, callback, browser };
}

/** The strategy's state/verifier cookies and the return path, which must not outlive the flow. */
function flowCookies(browser: Browser, provider: Provider) {
  return [...browser.cookies.keys()].filter((name) => name.startsWith(`${provider}:`) || name === "oauth_return_to");
}

function signedIn(browser: Browser) {
  return browser.cookies.has("access_token") && browser.cookies.has("refresh_token");
}

beforeAll(async () => {
  fake = await startFakeOAuth();
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => fake.reset());
afterEach(async () => {
  await Promise.all(started.splice(0).map((services) => services.close()));
});

describe("GitHub sign-in", () => {
  it("creates an account keyed on the GitHub id, with the primary verified email, and signs it in", async () => {
    const app = await startApp();
    const { finish, callback, browser } = await signIn(app, "github");

    expect(callback.startsWith(`${appUrl}/github-redirect?`)).toBe(true);
    expect(finish.status).toBe(302);
    expect(finish.headers.get("Location")).toBe("/user");
    expect(signedIn(browser)).toBe(true);
    expect(flowCookies(browser, "github")).toEqual([]);

    const accounts = await app.db.orm.select().from(app.users);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({
      githubId: "583231",
      googleId: null,
      loginMethod: "github",
      email: "octocat@github.com",
      name: "The Octocat",
      nickname: "octocat",
      passwordHash: null,
    });
  });

  it("finds the same account on the next sign-in even after the email and login changed at GitHub", async () => {
    const app = await startApp();
    await signIn(app, "github");
    fake.setGitHubUser({ ...defaultGitHubUser, login: "octo-renamed", email: "renamed@example.com" });

    const { finish, browser } = await signIn(app, "github");

    expect(finish.headers.get("Location")).toBe("/user");
    expect(signedIn(browser)).toBe(true);
    const accounts = await app.db.orm.select().from(app.users);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ githubId: "583231", email: "octocat@github.com" });
  });

  it("keeps a local return path across the round trip and drops any other", async () => {
    const app = await startApp();
    const local = await signIn(app, "github", new Browser(), { redirectTo: "/stocks/PETR4?range=1mo" });
    expect(local.finish.headers.get("Location")).toBe("/stocks/PETR4?range=1mo");

    for (const foreign of ["https://evil.example/", "//evil.example/path"]) {
      const { finish } = await signIn(app, "github", new Browser(), { redirectTo: foreign });
      expect(finish.headers.get("Location")).toBe("/user");
    }
  });

  it("fits the GitHub login to the nickname rules and makes it unique", async () => {
    const app = await startApp();
    await createUser(app.db, { email: "someone@example.com", name: "Someone", nickname: "OctoCat", passwordHash: "x" });
    await signIn(app, "github");
    const [linked] = await app.db.orm.select().from(app.users).where(eq(app.users.githubId, "583231"));
    expect(linked?.nickname).toBe("octocat-2");
  });

  it("sends an account protected by two-factor to /login/two-fa instead of signing it in", async () => {
    const app = await startApp();
    await signIn(app, "github");
    await app.db.orm.update(app.users).set({ twoFactorEnabled: true }).where(eq(app.users.githubId, "583231"));

    const { finish, browser } = await signIn(app, "github", new Browser(), { redirectTo: "/more" });

    expect(finish.headers.get("Location")).toBe("/login/two-fa");
    expect(signedIn(browser)).toBe(false);
    const twoFactorPage = new Request(`${appUrl}/login/two-fa`, { headers: { Cookie: browser.header() } });
    const pending = await readPendingSecondFactor(app.services.platform, twoFactorPage);
    expect(pending).toEqual({ user: expect.objectContaining({ githubId: "583231" }), redirectTo: "/more" });
  });
});

describe("Google sign-in", () => {
  it("creates an account keyed on the Google sub, named after the profile", async () => {
    const app = await startApp();
    const { finish, callback, browser } = await signIn(app, "google");

    expect(callback.startsWith(`${appUrl}/auth/google/callback?`)).toBe(true);
    expect(finish.headers.get("Location")).toBe("/user");
    expect(signedIn(browser)).toBe(true);
    expect(flowCookies(browser, "google")).toEqual([]);
    expect(await app.db.orm.select().from(app.users)).toEqual([
      expect.objectContaining({
        googleId: defaultGoogleUser.sub,
        githubId: null,
        loginMethod: "google",
        email: "maria.silva@gmail.com",
        name: "Maria Silva",
        nickname: "maria.silva",
        passwordHash: null,
      }),
    ]);
  });

  it("refuses a Google account whose email belongs to an account that signs in another way", async () => {
    const app = await startApp();
    await createUser(app.db, { email: "Maria.Silva@gmail.com", name: "Maria", nickname: "maria", passwordHash: "x" });

    const { finish, browser } = await signIn(app, "google");

    expect(finish.headers.get("Location")).toBe("/login?redirectTo=%2Fuser");
    expect(browser.flashKey()).toBe("account:errors.invalidLoginMethod");
    expect(signedIn(browser)).toBe(false);
    expect(await app.db.orm.select().from(app.users).where(eq(app.users.googleId, defaultGoogleUser.sub))).toEqual([]);
  });
});

describe("ADMIN_EMAILS", () => {
  const userTypeOf = async (app: App) => (await app.db.orm.select({ userType: app.users.userType }).from(app.users))[0]?.userType;

  it("makes an administrator of the GitHub account whose verified primary address it lists", async () => {
    const app = await startApp({ ...fakeOAuthEnv(fake.url), ADMIN_EMAILS: "Octocat@GitHub.com" });
    await signIn(app, "github");
    expect(await userTypeOf(app)).toBe("admin");
  });

  it("ignores a listed address GitHub has not verified as the primary one", async () => {
    const app = await startApp({ ...fakeOAuthEnv(fake.url), ADMIN_EMAILS: "boss@example.com" });
    // The profile's public email is whatever the user typed there; only /user/emails says what is verified.
    fake.setGitHubUser({
      ...defaultGitHubUser,
      email: "boss@example.com",
      emails: [
        { email: "boss@example.com", primary: false, verified: false, visibility: "public" },
        { email: "octocat@github.com", primary: true, verified: true, visibility: null },
      ],
    });
    await signIn(app, "github");
    expect(await app.db.orm.select({ email: app.users.email }).from(app.users)).toEqual([{ email: "octocat@github.com" }]);
    expect(await userTypeOf(app)).toBe("user");
  });

  it("makes an administrator of a Google account with a verified listed address, also one created earlier", async () => {
    let app = await startApp();
    await signIn(app, "google");
    expect(await userTypeOf(app)).toBe("user");
    // The same database under a configuration that now lists the address, as after a restart.
    const { services, logger } = app;
    app = appOf(
      { ...services, platform: { ...services.platform, config: { ...app.config, adminEmails: [defaultGoogleUser.email] } } },
      logger,
    );
    const { browser } = await signIn(app, "google");
    expect(await userTypeOf(app)).toBe("admin");
    expect(signedIn(browser)).toBe(true);
  });
});

describe("failed sign-ins go back to /login with a toast, and create nobody", () => {
  const cases: Array<{ provider: Provider; fault?: FakeOAuthFault; setup?: () => void; name: string }> = [
    { provider: "github", fault: "access-denied", name: "the user refuses access" },
    { provider: "github", fault: "state-mismatch", name: "the state does not match" },
    { provider: "github", fault: "token-refused", name: "the code is refused (HTTP 200 with an error)" },
    { provider: "github", fault: "connection-reset", name: "the provider is unreachable" },
    { provider: "github", fault: "profile-error", name: "the profile answers 500" },
    { provider: "github", fault: "malformed-profile", name: "the profile is malformed" },
    {
      provider: "github",
      name: "there is no verified primary email",
      setup: () =>
        fake.setGitHubUser({
          ...defaultGitHubUser,
          emails: [{ email: "octocat@github.com", primary: true, verified: false, visibility: null }],
        }),
    },
    { provider: "google", fault: "access-denied", name: "the user refuses access" },
    { provider: "google", fault: "state-mismatch", name: "the state does not match" },
    { provider: "google", fault: "token-refused", name: "the code is refused (HTTP 400)" },
    { provider: "google", fault: "malformed-profile", name: "the profile is malformed" },
    {
      provider: "google",
      name: "the email is not verified",
      setup: () => fake.setGoogleUser({ ...defaultGoogleUser, email_verified: false }),
    },
  ];

  it.each(cases)("$provider: $name", async ({ provider, fault, setup }) => {
    const app = await startApp();
    if (fault) fake.setFault(provider, fault);
    setup?.();

    const { finish, browser } = await signIn(app, provider, new Browser(), { redirectTo: "/news" });

    expect(finish.status).toBe(302);
    expect(finish.headers.get("Location")).toBe("/login?redirectTo=%2Fnews");
    expect(browser.flashKey()).toBe(`account:errors.${provider}Failed`);
    expect(signedIn(browser)).toBe(false);
    expect(flowCookies(browser, provider)).toEqual([]);
    expect(await app.db.orm.select().from(app.users)).toEqual([]);
    const logged = JSON.stringify(app.logger.lines);
    expect(logged).toContain(`${provider} sign-in failed`);
    expect(logged).not.toContain(fakeOAuthClients[provider].clientSecret);
    expect(logged).not.toMatch(/token-[0-9a-f]{32}/);
  });

  it("a callback replayed in another browser, without the state cookie, fails", async () => {
    const app = await startApp();
    const { callback } = await signIn(app, "github");
    const other = new Browser();

    const replay = await callRoute(app.finish("github", new Request(callback)), other);

    expect(replay.headers.get("Location")).toBe("/login?redirectTo=%2Fuser");
    expect(other.flashKey()).toBe("account:errors.githubFailed");
    expect(signedIn(other)).toBe(false);
  });

  it("a callback visited without any state fails rather than starting a new flow", async () => {
    const app = await startApp();
    const browser = new Browser();

    const response = await callRoute(app.finish("google", new Request(`${appUrl}/auth/google/callback`)), browser);

    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fuser");
    expect(browser.flashKey()).toBe("account:errors.googleFailed");
  });
});

describe("a provider without credentials", () => {
  it("answers 404 on its routes while the configured one works", async () => {
    const { GITHUB_CLIENT_ID: _id, GITHUB_CLIENT_SECRET: _secret, ...googleOnly } = fakeOAuthEnv(fake.url);
    const app = await startApp(googleOnly);
    const post = (provider: Provider) =>
      new Request(`${appUrl}/auth/${provider}`, { method: "POST", body: new URLSearchParams(), headers: { Origin: appUrl } });

    expect(enabledOAuthProviders(app.config)).toEqual(["google"]);
    expect(oauthFormActionSources(app.config)).toEqual([fake.url]);
    expect((await callRoute(app.start("github", post("github")), new Browser())).status).toBe(404);
    expect((await app.startPage("github")).status).toBe(404);
    const callback = new Request(`${appUrl}/github-redirect?code=a&state=b`);
    expect((await callRoute(app.finish("github", callback), new Browser())).status).toBe(404);

    expect((await callRoute(app.start("google", post("google")), new Browser())).status).toBe(302);
    // Reloading the start URL shows the login page again rather than an error.
    expect((await app.startPage("google")).headers.get("Location")).toBe("/login");
  });
});
