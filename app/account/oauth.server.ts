import { GoogleStrategy, type GoogleStrategyOptions } from "@coji/remix-auth-google";
import { parse } from "cookie";
import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { Authenticator } from "remix-auth";
import { OAuth2Strategy } from "remix-auth-oauth2";
import { z } from "zod";

import type { Platform } from "~/platform/context.server";
import { readCookie, serializeCookie } from "~/platform/cookies.server";
import type { AppDatabase } from "~/platform/database.server";
import type { Env } from "~/platform/env.server";
import { flashRedirect } from "~/platform/flash.server";
import type { Logger } from "~/platform/logger.server";
import { safeRedirectPath } from "~/platform/redirect";

import type { User } from "../../db/schema";
import { afterSignInPath, pendingSecondFactorRedirect, signInRedirect } from "./actions.server";
import { setAdministrator } from "./admins.server";
import { createUser, findUserByEmail, findUserByNickname, normaliseEmail, toSessionUser } from "./users.server";

const oauthProviders = ["github", "google"] as const;
export type OAuthProvider = (typeof oauthProviders)[number];

/** The providers whose client id and secret are configured, in the order the login page shows them. */
export function enabledOAuthProviders({ oauth }: Env): OAuthProvider[] {
  return oauthProviders.filter((provider) => oauth[provider] !== undefined);
}

/**
 * Origins the sign-in forms end up at: a POST to /auth/{provider} answers with a redirect to the
 * provider, and browsers check CSP's form-action against every redirect of a form submission.
 */
export function oauthFormActionSources({ oauth: { github, google } }: Env): string[] {
  const endpoints = [github && `${github.oauthUrl}/login/oauth/authorize`, google?.authorizationUrl];
  return endpoints.flatMap((endpoint) => (endpoint ? [new URL(endpoint).origin] : []));
}

/** What a provider tells us about its user, already checked; the email is one the provider has verified. */
type OAuthProfile = { id: string; email: string; name: string; nicknameHint: string };

const idColumns = { github: "githubId", google: "googleId" } as const;
const failureKeys = { github: "account:errors.githubFailed", google: "account:errors.googleFailed" } as const;

// ---------------------------------------------------------------------------------------------
// Profiles: who the provider says signed in (GitHub's /user and /user/emails, Google's userinfo)

const githubUserSchema = z.object({
  id: z.number().int().positive(),
  login: z.string().min(1),
  name: z.string().nullish(),
});
const githubEmailsSchema = z.array(z.object({ email: z.email(), primary: z.boolean(), verified: z.boolean() }));

const googleUserinfoSchema = z.object({
  sub: z.string().min(1),
  email: z.email(),
  // An unverified address could be someone else's, and would then block their own account.
  email_verified: z.literal(true),
  name: z.string().optional(),
});

async function getJson(url: string, accessToken: string, timeoutMs: number, headers: Record<string, string> = {}): Promise<unknown> {
  const response = await fetch(url, {
    headers: { Accept: "application/json", ...headers, Authorization: `Bearer ${accessToken}` },
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`${new URL(url).pathname} answered ${response.status}`);
  return response.json();
}

async function fetchGitHubProfile(apiUrl: string, accessToken: string, timeoutMs: number): Promise<OAuthProfile> {
  // GitHub's API refuses requests without a User-Agent.
  const headers = {
    Accept: "application/vnd.github+json",
    "User-Agent": "market-analytics",
    "X-GitHub-Api-Version": "2022-11-28",
  };
  const user = githubUserSchema.parse(await getJson(`${apiUrl}/user`, accessToken, timeoutMs, headers));
  // Not the profile's email: it is null when hidden and carries no verified flag. The primary
  // address, once GitHub has verified it, is one its owner controls (ADMIN_EMAILS relies on that).
  const email = githubEmailsSchema
    .parse(await getJson(`${apiUrl}/user/emails`, accessToken, timeoutMs, headers))
    .find((entry) => entry.primary && entry.verified)?.email;
  if (!email) throw new Error("the GitHub account has no verified primary email");
  return { id: String(user.id), email, name: user.name?.trim() || user.login, nicknameHint: user.login };
}

async function fetchGoogleProfile(userinfoUrl: string, accessToken: string, timeoutMs: number): Promise<OAuthProfile> {
  const info = googleUserinfoSchema.parse(await getJson(userinfoUrl, accessToken, timeoutMs));
  const localPart = info.email.split("@")[0] ?? "";
  return { id: info.sub, email: info.email, name: info.name?.trim() || localPart, nicknameHint: localPart };
}

// ---------------------------------------------------------------------------------------------
// Strategies

/** @coji/remix-auth-google fixes Google's production endpoints; tests point them at a fake provider. */
class ConfigurableGoogleStrategy<User> extends GoogleStrategy<User> {
  constructor(
    options: GoogleStrategyOptions,
    overrides: Pick<OAuth2Strategy.ConstructorOptions, "authorizationEndpoint" | "tokenEndpoint" | "cookie">,
    verify: ConstructorParameters<typeof GoogleStrategy<User>>[1],
  ) {
    super(options, verify);
    this.options = { ...this.options, ...overrides };
  }
}

/**
 * GitHub goes through remix-auth-oauth2 rather than remix-auth-github: the latter hard-codes
 * github.com and sends no PKCE challenge, while GitHub accepts PKCE and tests need another host.
 * Each strategy keeps its state and code verifier in its own short-lived httpOnly cookie.
 */
function createAuthenticator(config: Env) {
  const {
    oauth: { github, google },
    publicUrl,
  } = config;
  const timeoutMs = config.market.upstreamTimeoutMs;
  const authenticator = new Authenticator<OAuthProfile>();
  if (github) {
    const strategy = new OAuth2Strategy<OAuthProfile>(
      {
        // Secure on https like every cookie of the app (the root middleware adds it).
        cookie: "github",
        clientId: github.clientId,
        clientSecret: github.clientSecret,
        authorizationEndpoint: `${github.oauthUrl}/login/oauth/authorize`,
        tokenEndpoint: `${github.oauthUrl}/login/oauth/access_token`,
        redirectURI: `${publicUrl}/github-redirect`,
        scopes: ["read:user", "user:email"],
      },
      ({ tokens }) => fetchGitHubProfile(github.apiUrl, tokens.accessToken(), timeoutMs),
    );
    authenticator.use(strategy, "github");
  }
  if (google) {
    const strategy = new ConfigurableGoogleStrategy<OAuthProfile>(
      {
        clientId: google.clientId,
        clientSecret: google.clientSecret,
        redirectURI: `${publicUrl}/auth/google/callback`,
        scopes: ["openid", "email", "profile"],
      },
      { authorizationEndpoint: google.authorizationUrl, tokenEndpoint: google.tokenUrl, cookie: "google" },
      ({ tokens }) => fetchGoogleProfile(google.userinfoUrl, tokens.accessToken(), timeoutMs),
    );
    authenticator.use(strategy, "google");
  }
  return authenticator;
}

/** One authenticator per configuration, built at its first sign-in. */
const authenticators = new WeakMap<Env, Authenticator<OAuthProfile>>();

function authenticatorFor(config: Env) {
  let authenticator = authenticators.get(config);
  if (!authenticator) {
    authenticator = createAuthenticator(config);
    authenticators.set(config, authenticator);
  }
  return authenticator;
}

// ---------------------------------------------------------------------------------------------
// Accounts

type OAuthLoginResult = { ok: true; user: User } | { ok: false; error: "errors.invalidLoginMethod" };

/** Provider handles may break the nickname rules (3–30 of A–Z 0–9 _ . -) or be taken already. */
async function uniqueNickname(db: AppDatabase, hint: string) {
  const cleaned = hint.replace(/[^A-Za-z0-9_.-]/g, "").slice(0, 24);
  const base = cleaned.length >= 3 ? cleaned : `user${cleaned}`;
  let nickname = base;
  for (let suffix = 2; await findUserByNickname(db, nickname); suffix++) nickname = `${base}-${suffix}`;
  return nickname;
}

/**
 * Accounts are keyed on the provider's stable id, so a changed email or login at the provider
 * still finds them. An address that already belongs to another account is refused rather than
 * linked: otherwise whoever controls that provider account could take the other account over.
 */
async function completeOAuthLogin(
  { db, config }: Pick<Platform, "db" | "config">,
  provider: OAuthProvider,
  profile: OAuthProfile,
): Promise<OAuthLoginResult> {
  const { users } = db.tables;
  const idColumn = idColumns[provider];
  const [linked] = await db.orm.select().from(users).where(eq(users[idColumn], profile.id)).limit(1);
  if (!linked && (await findUserByEmail(db, profile.email))) return { ok: false, error: "errors.invalidLoginMethod" };
  const user =
    linked ??
    (await createUser(db, {
      email: profile.email,
      // The longest name the account forms accept.
      name: profile.name.slice(0, 80),
      nickname: await uniqueNickname(db, profile.nicknameHint),
      loginMethod: provider,
      [idColumn]: profile.id,
    }));
  // Checked at every sign-in, so listing an address later works too; the address is the
  // provider's verified one of today, not whatever the account stored.
  if (user.userType !== "admin" && config.adminEmails.includes(normaliseEmail(profile.email))) {
    return { ok: true, user: (await setAdministrator(db, user.id, true)) ?? user };
  }
  return { ok: true, user };
}

// ---------------------------------------------------------------------------------------------
// The round trip

/** Where to go after signing in, kept while the visitor is at the provider. */
const returnPathCookieName = "oauth_return_to";

const notFound = () => new Response(null, { status: 404 });

/** The one-time cookies of a flow: the strategy's state/verifier cookies and the return path. */
function clearedFlowCookies(request: Request, provider: OAuthProvider) {
  const names = Object.keys(parse(request.headers.get("Cookie") ?? "")).filter((name) => name.startsWith(`${provider}:`));
  return [...names, returnPathCookieName].map((name) => serializeCookie(name, "", { maxAge: 0, httpOnly: true }));
}

/** Names the failed step for the log: never a token, the client secret or the profile's values. */
function describeFailure(error: unknown) {
  if (error instanceof z.ZodError) {
    return `unexpected profile shape at ${error.issues.map((issue) => issue.path.join(".")).join(", ")}`;
  }
  return error instanceof Error ? error.message : String(error);
}

function failure(logger: Logger, request: Request, provider: OAuthProvider, messageKey: string, returnTo: string, error?: unknown) {
  if (error) logger.warn(`${provider} sign-in failed:`, describeFailure(error));
  const login = `/login?${new URLSearchParams({ redirectTo: returnTo })}`;
  return flashRedirect(login, { kind: "error", messageKey }, clearedFlowCookies(request, provider));
}

/** GET /auth/{provider}, a reloaded or bookmarked start: the flow itself starts only from the login form's POST. */
export function redirectToLoginPage(config: Env, provider: OAuthProvider): Response {
  return enabledOAuthProviders(config).includes(provider) ? redirect("/login") : notFound();
}

/** POST /auth/{provider}: sends the visitor to the provider, remembering where they were going. */
export async function startOAuthLogin({ config, logger }: Platform, provider: OAuthProvider, request: Request): Promise<Response> {
  if (!enabledOAuthProviders(config).includes(provider)) return notFound();
  const form = await request.formData().catch(() => new FormData());
  const returnTo = safeRedirectPath(form.get("redirectTo"), afterSignInPath);
  // Without a query: a `state` there would make the strategy take this for the provider's answer.
  const url = new URL(request.url);
  const bare = new Request(`${url.origin}${url.pathname}`, { headers: request.headers });
  const outcome = await authenticatorFor(config)
    .authenticate(provider, bare)
    .catch((thrown: unknown) => thrown);
  // The strategy answers a start by throwing its redirect to the provider.
  if (!(outcome instanceof Response)) return failure(logger, request, provider, failureKeys[provider], returnTo, outcome);
  outcome.headers.append("Set-Cookie", serializeCookie(returnPathCookieName, returnTo, { maxAge: 10 * 60, httpOnly: true }));
  return outcome;
}

/** The provider's redirect back: any failure goes back to /login with a toast, never to an error page. */
export async function finishOAuthLogin(platform: Platform, provider: OAuthProvider, request: Request): Promise<Response> {
  const { config, logger } = platform;
  if (!enabledOAuthProviders(config).includes(provider)) return notFound();
  const returnTo = safeRedirectPath(readCookie(request.headers.get("Cookie"), returnPathCookieName), afterSignInPath);
  let result: OAuthLoginResult;
  try {
    // Without a state this is no answer from the provider, and the strategy would start a new flow.
    if (!new URL(request.url).searchParams.has("state")) throw new Error("callback without state");
    result = await completeOAuthLogin(platform, provider, await authenticatorFor(config).authenticate(provider, request));
  } catch (error) {
    return failure(logger, request, provider, failureKeys[provider], returnTo, error);
  }
  if (!result.ok) return failure(logger, request, provider, `account:${result.error}`, returnTo);

  const cleared = clearedFlowCookies(request, provider);
  if (!result.user.twoFactorEnabled) return signInRedirect(platform, toSessionUser(result.user), returnTo, cleared);
  const response = await pendingSecondFactorRedirect(config, result.user, returnTo);
  for (const cookie of cleared) response.headers.append("Set-Cookie", cookie);
  return response;
}
