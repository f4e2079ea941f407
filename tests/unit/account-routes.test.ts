import { existsSync, readFileSync } from "node:fs";

import { count, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it, vi } from "vitest";

import { setAdministrator } from "~/account/admins.server";
import * as passwordHashing from "~/account/password.server";
import { resolveSession, sessionMiddleware, signInCookies } from "~/account/session.server";
import { createUser, findUserByEmail } from "~/account/users.server";
import { clientAddressContext } from "~/platform/request-context";
import * as adminUsersRoute from "~/routes/admin-users";
import * as loginRoute from "~/routes/login";
import * as loginTwoFaRoute from "~/routes/login-two-fa";
import * as logoutRoute from "~/routes/logout";
import * as registerRoute from "~/routes/register";
import * as userRoute from "~/routes/user";

import { contextFor, routeArgs } from "../support/router-context";
import { createTestServices } from "../support/services";

const services = await createTestServices({ environment: { ADMIN_EMAILS: "boss@example.com" } });
const { platform } = services;
const { db } = platform;
const { users, sessionFamilies } = db.tables;

const origin = "http://localhost";
const password = "Chuva-de-Pipoca-7";
type Handler = (args: never) => unknown;
type RouteModule = { loader: Handler; action?: Handler };

let serial = 0;
const unique = (label: string) => `${label}${++serial}`;

/** One visitor: the cookies the responses left, and a client address of its own for the rate limits. */
class Browser {
  readonly cookies = new Map<string, string>();
  readonly address = `198.51.100.${++serial}`;

  constructor(readonly language = "pt-BR") {}

  keep(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(";")[0] ?? "";
      const name = pair.slice(0, pair.indexOf("="));
      const value = pair.slice(pair.indexOf("=") + 1);
      if (/max-age=0(;|$)/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header() {
    return [...this.cookies, ["i18next", this.language]].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

type Outcome = { status: number; location: string | null; setCookies: string[]; body: any };

/** Runs a loader or action behind the session middleware, as React Router would, with a real Request. */
async function call(route: RouteModule, browser: Browser, url: string, form?: Record<string, string>): Promise<Outcome> {
  const request = new Request(`${origin}${url}`, {
    method: form ? "POST" : "GET",
    body: form && new URLSearchParams(form),
    headers: { Cookie: browser.header(), ...(form ? { Origin: origin } : {}) },
  });
  const context = await contextFor(request, services);
  context.set(clientAddressContext, browser.address);
  const handler = form ? route.action! : route.loader;
  let outcome: unknown;
  const response = await sessionMiddleware(routeArgs(request, context), async () => {
    try {
      outcome = await handler(routeArgs(request, context));
    } catch (thrown) {
      outcome = thrown;
    }
    return outcome instanceof Response ? outcome : new Response(null);
  });
  if (!(response instanceof Response)) throw new Error("the session middleware must pass the response on");
  browser.keep(response);
  if (outcome instanceof Response) {
    return { status: outcome.status, location: outcome.headers.get("Location"), setCookies: response.headers.getSetCookie(), body: null };
  }
  // `data(body, init)` is what actions return to set a status.
  const withInit = outcome as { data?: unknown; init?: ResponseInit | null };
  const body = withInit.init !== undefined ? withInit.data : outcome;
  return { status: withInit.init?.status ?? 200, location: null, setCookies: response.headers.getSetCookie(), body };
}

function cookieNamed(outcome: Outcome, name: string) {
  return outcome.setCookies.find((cookie) => cookie.startsWith(`${name}=`));
}

const flashKey = (browser: Browser) => {
  const flash = browser.cookies.get("flash");
  return flash && (JSON.parse(decodeURIComponent(flash)) as { messageKey: string }).messageKey;
};

async function register(browser = new Browser(), overrides: Record<string, string> = {}) {
  const nickname = unique("user");
  const form = { email: `${nickname}@example.com`, name: "Ana Souza", nickname, password, confirmPassword: password, ...overrides };
  const outcome = await call(registerRoute, browser, "/register", form);
  return { browser, outcome, email: form.email, nickname: form.nickname };
}

async function logIn(browser: Browser, email: string, secret = password, redirectTo?: string) {
  return call(loginRoute, browser, "/login", { email, password: secret, ...(redirectTo ? { redirectTo } : {}) });
}

async function protectWithTwoFactor(browser: Browser) {
  await call(userRoute, browser, "/user", { intent: "two-factor-start" });
  const { body } = await call(userRoute, browser, "/user?twoFactorStep=2");
  const totp = new TOTP({ secret: Secret.fromBase32(body.twoFactor.pending.secret), digits: 6, period: 30, algorithm: "SHA1" });
  const confirmed = await call(userRoute, browser, "/user?twoFactorStep=2", { intent: "two-factor-verify", code: totp.generate() });
  return { totp, backupCodes: confirmed.body.backupCodes as string[] };
}

describe("register", () => {
  it("creates the account, signs it in and says so after the redirect", async () => {
    const { browser, outcome, email } = await register();
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/user");
    expect(cookieNamed(outcome, "access_token")).toMatch(/HttpOnly/i);
    expect(cookieNamed(outcome, "refresh_token")).toMatch(/HttpOnly.*SameSite=Lax|SameSite=Lax.*HttpOnly/i);
    expect(flashKey(browser)).toBe("account:toasts.userCreated");
    expect((await call(userRoute, browser, "/user")).body.account).toMatchObject({ email, loginMethod: "email" });
  });

  it("never stores the plain password, only an argon2id hash", async () => {
    const { email } = await register();
    const stored = (await findUserByEmail(db, email))!;
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(await db.orm.select().from(users))).not.toContain(password);
    // A SQLite file is the store itself: not even a page of it, or of its log, holds the password.
    const { databasePath } = platform.config;
    if (db.dialect === "sqlite") {
      for (const file of [databasePath, `${databasePath}-wal`].filter(existsSync)) {
        expect(readFileSync(file).includes(password), file).toBe(false);
      }
    }
  });

  it("follows a local redirectTo and ignores any other", async () => {
    expect((await register(new Browser(), { redirectTo: "/stocks?page=2" })).outcome.location).toBe("/stocks?page=2");
    expect((await register(new Browser(), { redirectTo: "//evil.example" })).outcome.location).toBe("/user");
  });

  it("names a taken email and nickname next to their fields and never echoes passwords", async () => {
    const first = await register();
    const again = await register(new Browser(), { email: first.email.toUpperCase(), nickname: first.nickname.toUpperCase() });
    expect(again.outcome.status).toBe(200);
    expect(again.outcome.body.error).toMatchObject({ email: ["errors.emailTaken"], nickname: ["errors.nicknameTaken"] });
    expect(again.outcome.body.initialValue).not.toHaveProperty("password");
    expect(again.outcome.body.initialValue).not.toHaveProperty("confirmPassword");
  });

  it("checks every field with the shared schema", async () => {
    const { outcome } = await register(new Browser(), { email: "nope", name: "1", password: "short", confirmPassword: "other" });
    expect(outcome.body.error).toMatchObject({
      email: ["errors.invalidEmail"],
      name: expect.arrayContaining(["errors.invalidName"]),
      password: expect.arrayContaining(["errors.weakPassword"]),
      confirmPassword: ["errors.passwordsDiffer"],
    });
  });

  it("refuses a guessable password that meets the composition rule, and creates nothing", async () => {
    // Common, leaked-style, or made of the person's own name.
    for (const guessable of ["Password1!", "P@ssw0rd1", "Mudar@123", "Souza2024!"]) {
      const { outcome, email } = await register(new Browser(), { password: guessable, confirmPassword: guessable });
      expect(outcome.body.error, guessable).toEqual({ password: ["errors.guessablePassword"] });
      expect(outcome.body.initialValue).not.toHaveProperty("password");
      expect(await findUserByEmail(db, email)).toBeUndefined();
    }
  });

  it("accepts a long passphrase without numbers or symbols, up to 256 characters", async () => {
    const passphrases = [
      "correct horse battery staple mountain river",
      "vaca amarela pulou a janela de madrugada e foi dormir no campo verde",
      "o sabiá cantou na palmeira ".repeat(10).slice(0, 256),
    ];
    expect(passphrases.map((phrase) => phrase.length)).toEqual([43, 68, 256]);
    for (const passphrase of passphrases) {
      const { outcome, email } = await register(new Browser(), { password: passphrase, confirmPassword: passphrase });
      expect(outcome.location, passphrase).toBe("/user");
      expect((await logIn(new Browser(), email, passphrase)).location).toBe("/user");
    }
    const tooLong = "x".repeat(257);
    const refused = await register(new Browser(), { password: tooLong, confirmPassword: tooLong });
    expect(refused.outcome.body.error).toMatchObject({ password: ["errors.passwordTooLong"] });
    // Below 20 characters the composition rule holds.
    const short = await register(new Browser(), { password: "sabia na palmeira", confirmPassword: "sabia na palmeira" });
    expect(short.outcome.body.error).toMatchObject({ password: ["errors.weakPassword"] });
  });

  it("turns away a filled-in honeypot without creating anything", async () => {
    const { outcome, email } = await register(new Browser(), { website: "https://spam.example" });
    expect(outcome.body.error).toMatchObject({ website: ["errors.botDetected"] });
    expect(await findUserByEmail(db, email)).toBeUndefined();
  });

  it("allows five accounts an hour from one address", async () => {
    const browser = new Browser();
    for (let index = 0; index < 5; index++) expect((await register(browser)).outcome.status).toBe(302);
    const refused = await register(browser);
    expect(refused.outcome.status).toBe(429);
    expect(refused.outcome.body.error[""]).toEqual(["Muitas tentativas. Tente novamente em 60 min."]);
  });

  it("sends a signed-in visitor on to the account page", async () => {
    const { browser } = await register();
    expect((await call(registerRoute, browser, "/register")).location).toBe("/user");
    expect((await call(loginRoute, browser, "/login?redirectTo=%2Fnews")).location).toBe("/news");
  });
});

describe("login", () => {
  it("signs in with the right password and goes back where the visitor was heading", async () => {
    const { email } = await register();
    const browser = new Browser();
    const outcome = await logIn(browser, email, password, "/cryptos");
    expect(outcome.location).toBe("/cryptos");
    expect([...browser.cookies.keys()]).toEqual(expect.arrayContaining(["access_token", "refresh_token", "theme"]));
  });

  it("tells an unknown email, a wrong password and an OAuth-only account apart", async () => {
    const { email } = await register();
    const browser = new Browser();
    expect((await logIn(browser, `x${email}`)).body.error).toEqual({ email: ["errors.userNotFoundWithEmail"] });
    expect((await logIn(browser, email, "Wrong-passw0rd!")).body.error).toEqual({ password: ["errors.incorrectPassword"] });
    const github = await createUser(db, {
      email: `${unique("gh")}@example.com`,
      name: "Gi",
      nickname: unique("gh"),
      loginMethod: "github",
    });
    expect((await logIn(browser, github.email)).body.error).toEqual({ email: ["errors.invalidLoginMethod"] });
    expect(browser.cookies.has("access_token")).toBe(false);
  });

  it("runs one full argon2 check for an unknown address and an OAuth account too, so timing tells nothing", async () => {
    const { email } = await register();
    const github = await createUser(db, {
      email: `${unique("gh")}@example.com`,
      name: "Gi",
      nickname: unique("gh"),
      loginMethod: "github",
    });
    const verify = vi.spyOn(passwordHashing, "verifyPassword");
    try {
      for (const address of [`nobody-${email}`, github.email, email]) {
        verify.mockClear();
        await logIn(new Browser(), address, "Wrong-passw0rd!");
        expect(verify, address).toHaveBeenCalledOnce();
        // A hash with the parameters of every stored one, so the check costs the same.
        expect(verify).toHaveBeenCalledWith(expect.stringMatching(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/), "Wrong-passw0rd!");
        await expect(verify.mock.results[0]?.value).resolves.toBe(false);
      }
    } finally {
      verify.mockRestore();
    }
  });

  /** Wrong passwords without waiting for argon2: these tests are about counting. */
  function quickWrongPasswords() {
    return vi.spyOn(passwordHashing, "verifyPassword").mockResolvedValue(false);
  }

  it("refuses the eleventh try at one account from one address, in the visitor's language", async () => {
    const wrong = quickWrongPasswords();
    try {
      const attacker = new Browser("en");
      for (let attempt = 0; attempt < 10; attempt++) expect((await logIn(attacker, "flood@example.com")).status).toBe(200);
      const refused = await logIn(attacker, "flood@example.com");
      expect(refused.status).toBe(429);
      expect(refused.body.error[""]).toEqual(["Too many attempts. Try again in 15 min."]);
    } finally {
      wrong.mockRestore();
    }
  });

  it("refuses the thirty-first try from one address, whatever the accounts", async () => {
    const wrong = quickWrongPasswords();
    try {
      const browser = new Browser();
      for (let attempt = 0; attempt < 30; attempt++) {
        expect((await logIn(browser, `spray${attempt}@example.com`)).status).toBe(200);
      }
      expect((await logIn(browser, "one-more@example.com")).status).toBe(429);
    } finally {
      wrong.mockRestore();
    }
  });

  it("does not lock the owner out when someone else used up the account's tries from their addresses", async () => {
    const { email } = await register();
    const wrong = quickWrongPasswords();
    try {
      for (const attacker of [new Browser(), new Browser(), new Browser()]) {
        for (let attempt = 0; attempt < 10; attempt++) await logIn(attacker, email, "Wrong-passw0rd!");
        // Refused tries count nowhere else, however many there are.
        for (let attempt = 0; attempt < 20; attempt++) expect((await logIn(attacker, email, "Wrong-passw0rd!")).status).toBe(429);
      }
    } finally {
      wrong.mockRestore();
    }
    const owner = new Browser();
    expect((await logIn(owner, email)).location).toBe("/user");
    expect(owner.cookies.has("access_token")).toBe(true);
  });

  it("takes at most a hundred tries an hour at one account, from all addresses together", async () => {
    const { email } = await register();
    const wrong = quickWrongPasswords();
    try {
      for (let attempt = 0; attempt < 100; attempt++) {
        const address = new Browser();
        expect((await logIn(address, email, "Wrong-passw0rd!")).body.error).toEqual({ password: ["errors.incorrectPassword"] });
      }
      const browser = new Browser();
      expect((await logIn(browser, email)).status).toBe(429);
      expect(browser.cookies.has("access_token")).toBe(false);
    } finally {
      wrong.mockRestore();
    }
  });
});

describe("two-factor sign-in", () => {
  it("asks a protected account for a code, then accepts a TOTP code once and a backup code once", async () => {
    const owner = await register();
    const { totp, backupCodes } = await protectWithTwoFactor(owner.browser);
    expect(backupCodes).toHaveLength(10);

    const browser = new Browser();
    const passwordStep = await logIn(browser, owner.email, password, "/news");
    expect(passwordStep.location).toBe("/login/two-fa");
    expect(cookieNamed(passwordStep, "two_fa_pending")).toMatch(/Path=\/login;.*HttpOnly/i);
    expect(browser.cookies.has("access_token")).toBe(false);
    expect((await call(loginTwoFaRoute, browser, "/login/two-fa")).status).toBe(200);

    // The code used during setup was spent; the next step's is within the window.
    const replay = await call(loginTwoFaRoute, browser, "/login/two-fa", { code: totp.generate() });
    expect(replay.body.error).toEqual({ code: ["errors.invalidCode"] });
    const signedIn = await call(loginTwoFaRoute, browser, "/login/two-fa", { code: totp.generate({ timestamp: Date.now() + 30_000 }) });
    expect(signedIn.location).toBe("/news");
    expect(browser.cookies.has("access_token")).toBe(true);
    expect(browser.cookies.has("two_fa_pending")).toBe(false);

    for (const expected of [302, 200]) {
      const device = new Browser();
      await logIn(device, owner.email);
      const outcome = await call(loginTwoFaRoute, device, "/login/two-fa", { code: backupCodes[0]! });
      expect(outcome.status).toBe(expected);
    }
  });

  it("drops a pending second step once the password changes", async () => {
    const owner = await register();
    const { totp } = await protectWithTwoFactor(owner.browser);
    // Someone who learnt the old password gets as far as the code…
    const intruder = new Browser();
    expect((await logIn(intruder, owner.email)).location).toBe("/login/two-fa");
    // …and the owner, warned, changes it.
    const newPassword = "N3w-password!";
    const changed = await call(userRoute, owner.browser, "/user", {
      intent: "password",
      currentPassword: password,
      newPassword,
      confirmPassword: newPassword,
    });
    expect(changed.location).toBe("/login");

    expect((await call(loginTwoFaRoute, intruder, "/login/two-fa")).location).toBe("/login");
    const code = totp.generate({ timestamp: Date.now() + 30_000 });
    expect((await call(loginTwoFaRoute, intruder, "/login/two-fa", { code })).location).toBe("/login");
    expect(intruder.cookies.has("access_token")).toBe(false);
    // A second step started with the new password goes through.
    const device = new Browser();
    expect((await logIn(device, owner.email, newPassword)).location).toBe("/login/two-fa");
    expect((await call(loginTwoFaRoute, device, "/login/two-fa", { code })).location).toBe("/user");
  });

  it("sends anyone without a pending step back to the password", async () => {
    const browser = new Browser();
    expect((await call(loginTwoFaRoute, browser, "/login/two-fa")).location).toBe("/login");
    expect((await call(loginTwoFaRoute, browser, "/login/two-fa", { code: "123456" })).location).toBe("/login");
    browser.cookies.set("two_fa_pending", "forged");
    expect((await call(loginTwoFaRoute, browser, "/login/two-fa")).location).toBe("/login");
  });
});

describe("logout", () => {
  it("clears both cookies and revokes the session, even when the access token had expired", async () => {
    const { browser } = await register();
    const refreshToken = browser.cookies.get("refresh_token")!;
    // Only the refresh token left: the middleware refreshes, and the logout must still win.
    browser.cookies.delete("access_token");
    const outcome = await call(logoutRoute, browser, "/logout", {});
    expect(outcome.location).toBe("/login");
    expect(browser.cookies.has("access_token")).toBe(false);
    expect(browser.cookies.has("refresh_token")).toBe(false);
    const replay = new Request(`${origin}/`, { headers: { Cookie: `refresh_token=${refreshToken}` } });
    expect((await resolveSession(platform, replay)).user).toBeNull();
  });

  it("is a post only: a plain visit goes home", async () => {
    const { browser } = await register();
    expect((await call(logoutRoute, browser, "/logout")).location).toBe("/");
    expect(browser.cookies.has("access_token")).toBe(true);
  });
});

describe("account page", () => {
  it("sends visitors to sign in and back", async () => {
    expect((await call(userRoute, new Browser(), "/user?twoFactorStep=2")).location).toBe("/login?redirectTo=%2Fuser%3FtwoFactorStep%3D2");
  });

  it("shows the account without secrets, with translated noindex meta", async () => {
    const { browser } = await register();
    const { body } = await call(userRoute, browser, "/user");
    expect(body.meta).toMatchObject({ title: "Minha Conta", noindex: true });
    expect(body.account).not.toHaveProperty("passwordHash");
    expect(body.account).not.toHaveProperty("twofaToken");
    expect(body.twoFactor).toEqual({ enabled: false, backupCodesLeft: 0, pending: null, step: 1 });
  });

  it("updates the profile, refusing a nickname someone else has", async () => {
    const other = await register();
    const { browser, email } = await register();
    const taken = await call(userRoute, browser, "/user", { intent: "profile", name: "Bia", nickname: other.nickname, email });
    expect(taken.body).toMatchObject({ intent: "profile", result: { error: { nickname: ["errors.nicknameTaken"] } } });
    const nickname = unique("bia");
    const saved = await call(userRoute, browser, "/user", { intent: "profile", name: "Bia Lima", nickname, email: `NEW-${email}` });
    expect(saved.location).toBe("/user");
    expect(flashKey(browser)).toBe("account:toasts.userUpdated");
    expect(await findUserByEmail(db, `new-${email}`)).toMatchObject({ name: "Bia Lima", nickname });
  });

  it("keeps the email of a GitHub account and lets it change nothing about passwords", async () => {
    const github = await createUser(db, {
      email: `${unique("gh")}@example.com`,
      name: "Gi",
      nickname: unique("gh"),
      loginMethod: "github",
    });
    const browser = new Browser();
    const cookies = await signInCookies(platform, github);
    browser.keep(new Response(null, { headers: cookies.map((cookie): [string, string] => ["Set-Cookie", cookie]) }));
    await call(userRoute, browser, "/user", { intent: "profile", name: "Gi", nickname: github.nickname, email: "other@example.com" });
    expect(await findUserByEmail(db, github.email)).toBeDefined();
    const change = await call(userRoute, browser, "/user", {
      intent: "password",
      currentPassword: "x",
      newPassword: "N3w-password!",
      confirmPassword: "N3w-password!",
    });
    expect(change.body.result.error).toEqual({ "": ["errors.emailLoginOnly"] });
  });

  it("changes the password and signs out every device", async () => {
    const { browser, email } = await register();
    const laptop = new Browser();
    await logIn(laptop, email);
    const newPassword = "N3w-password!";
    const change = (current: string) =>
      call(userRoute, browser, "/user", { intent: "password", currentPassword: current, newPassword, confirmPassword: newPassword });

    expect((await change("Wrong-passw0rd!")).body.result.error).toEqual({ currentPassword: ["errors.incorrectCurrentPassword"] });
    const guessable = await call(userRoute, browser, "/user", {
      intent: "password",
      currentPassword: password,
      newPassword: "P@ssw0rd1",
      confirmPassword: "P@ssw0rd1",
    });
    expect(guessable.body.result.error).toEqual({ newPassword: ["errors.guessablePassword"] });
    expect((await call(userRoute, laptop, "/user")).status).toBe(200);
    const changed = await change(password);
    expect(changed.location).toBe("/login");
    expect(flashKey(browser)).toBe("account:toasts.passwordUpdated");
    expect(browser.cookies.has("access_token")).toBe(false);
    expect((await call(userRoute, laptop, "/user")).location).toBe("/login?redirectTo=%2Fuser");
    expect((await logIn(new Browser(), email)).body.error).toEqual({ password: ["errors.incorrectPassword"] });
    expect((await logIn(new Browser(), email, newPassword)).location).toBe("/user");
  });

  it("stores the theme on the account, sets it now and at every sign-in", async () => {
    const { browser, email } = await register();
    const saved = await call(userRoute, browser, "/user", { intent: "theme", theme: "light" });
    expect(cookieNamed(saved, "theme")).toMatch(/^theme=light;/);
    expect((await findUserByEmail(db, email))?.theme).toBe("light");
    const elsewhere = new Browser();
    await logIn(elsewhere, email);
    expect(elsewhere.cookies.get("theme")).toBe("light");
  });

  it("sets up two-factor in three steps and shows the secret only until it is confirmed", async () => {
    const { browser } = await register();
    const started = await call(userRoute, browser, "/user", { intent: "two-factor-start" });
    expect(started.location).toBe("/user?twoFactorStep=1#two-factor");
    const stepOne = (await call(userRoute, browser, "/user?twoFactorStep=1")).body.twoFactor;
    expect(stepOne).toMatchObject({ enabled: false, step: 1, pending: { secret: expect.stringMatching(/^[A-Z2-7]{32}$/) } });
    expect(stepOne.pending.qrSvg).toMatch(/^<svg/);

    const wrong = await call(userRoute, browser, "/user?twoFactorStep=2", { intent: "two-factor-verify", code: "12345" });
    expect(wrong.body.result.error).toEqual({ code: ["errors.invalidCode"] });
    const totp = new TOTP({ secret: Secret.fromBase32(stepOne.pending.secret), digits: 6, period: 30, algorithm: "SHA1" });
    const confirmed = await call(userRoute, browser, "/user?twoFactorStep=2", { intent: "two-factor-verify", code: totp.generate() });
    expect(confirmed.body.backupCodes).toHaveLength(10);

    expect((await call(userRoute, browser, "/user")).body.twoFactor).toEqual({
      enabled: true,
      backupCodesLeft: 10,
      pending: null,
      step: 1,
    });
    // Starting again cannot swap the secret of a protected account.
    await call(userRoute, browser, "/user", { intent: "two-factor-start" });
    expect((await call(userRoute, browser, "/user")).body.twoFactor.pending).toBeNull();

    const disable = (secret: string) => call(userRoute, browser, "/user", { intent: "two-factor-disable", password: secret });
    expect((await disable("Wrong-passw0rd!")).body.result.error).toEqual({ password: ["errors.incorrectPassword"] });
    expect((await disable(password)).location).toBe("/user#two-factor");
    expect((await call(userRoute, browser, "/user")).body.twoFactor).toMatchObject({ enabled: false, pending: null });
  });

  it("deletes the account after confirmation and the password, with its sessions", async () => {
    const { browser, email } = await register();
    const remove = (form: Record<string, string>) => call(userRoute, browser, "/user", { intent: "delete-account", ...form });
    expect((await remove({ password })).body.result.error).toEqual({ confirm: ["errors.confirmDelete"] });
    expect((await remove({ confirm: "on", password: "Wrong-passw0rd!" })).body.result.error).toEqual({
      password: ["errors.incorrectPassword"],
    });
    const deleted = await remove({ confirm: "on", password });
    expect(deleted.location).toBe("/");
    expect(flashKey(browser)).toBe("account:toasts.accountDeleted");
    expect(browser.cookies.has("refresh_token")).toBe(false);
    expect(await findUserByEmail(db, email)).toBeUndefined();
    const orphans = db.orm
      .select({ orphans: count() })
      .from(sessionFamilies)
      .where(sql`${sessionFamilies.userId} not in (select ${users.id} from ${users})`);
    expect(await orphans).toEqual([{ orphans: 0 }]);
  });

  it("refuses a form it does not know", async () => {
    const { browser } = await register();
    expect((await call(userRoute, browser, "/user", { intent: "make-me-admin" })).status).toBe(400);
  });
});

describe("admin users screen", () => {
  it("is a 404 for everyone but administrators", async () => {
    expect((await call(adminUsersRoute, new Browser(), "/admin/users")).location).toBe("/login?redirectTo=%2Fadmin%2Fusers");
    const { browser } = await register();
    expect((await call(adminUsersRoute, browser, "/admin/users")).status).toBe(404);
  });

  it("is a 404 for whoever registers first, or registers an address ADMIN_EMAILS lists", async () => {
    // Nobody has verified a password account's address: anyone could have typed it.
    const squatter = await register(new Browser(), { email: "BOSS@example.com" });
    expect(squatter.outcome.location).toBe("/user");
    expect((await call(adminUsersRoute, squatter.browser, "/admin/users")).status).toBe(404);
    const [first] = await db.orm.select().from(users).orderBy(users.id).limit(1);
    expect(first?.userType).toBe("user");
  });

  it("lists users newest first, twenty a page, for an administrator the operator named", async () => {
    const admin = await register();
    await setAdministrator(db, (await findUserByEmail(db, admin.email))!.id, true);
    for (let index = 0; index < 21; index++) {
      await createUser(db, { email: `${unique("bulk")}@example.com`, name: "Bulk", nickname: unique("bulk") });
    }
    const [{ total }] = (await db.orm.select({ total: count() }).from(users)) as [{ total: number }];
    const first = (await call(adminUsersRoute, admin.browser, "/admin/users")).body;
    expect(first).toMatchObject({ page: 1, perPage: 20, total });
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).not.toHaveProperty("passwordHash");
    const last = (await call(adminUsersRoute, admin.browser, `/admin/users?page=${Math.ceil(total / 20)}`)).body;
    expect(last.items).toHaveLength(total % 20 || 20);
    expect((await call(adminUsersRoute, admin.browser, "/admin/users?page=-3")).body.page).toBe(1);
  });
});
