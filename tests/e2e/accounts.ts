import { randomInt, randomUUID } from "node:crypto";
import path from "node:path";

import type { Page } from "@playwright/test";

import { setAdministrator } from "../../app/account/admins.server";
import { hashPassword } from "../../app/account/password.server";
import { type SessionServices, signInCookies } from "../../app/account/session.server";
import { createUser, findUserByEmail, toSessionUser } from "../../app/account/users.server";
import { addFavorite } from "../../app/favorites/favorites.server";
import { addItemToTable, createTable } from "../../app/favorites/tables.server";
import { systemClock } from "../../app/platform/clock";
import { openDatabase } from "../../app/platform/database.server";
import { loadEnv } from "../../app/platform/env.server";
import { expect, ready, test } from "./fixtures";

/**
 * A test that signs in or stores what a person stores (an account, a session, favourites, tables,
 * feedback, release notes, chat) has the tag `@db` at the end of its title: the PostgreSQL pass,
 * `npm run test:e2e:pg`, runs exactly the `@db` tests, with JavaScript on. The helpers below that
 * reach the server's database ask for the tag, so a test that forgets it fails at once; a test with
 * a reason to stay out of that pass gives it in a "not on PostgreSQL" annotation instead.
 */
function requireDatabaseTag() {
  const { tags, annotations, title } = test.info();
  if (tags.includes("@db") || annotations.some(({ type }) => type === "not on PostgreSQL")) return;
  throw new Error(`"${title}" signs in or stores data: end its title with @db (tests/e2e/accounts.ts says why)`);
}

/** Shared by the browser tests that need a signed-in user. */
export const password = "Chuva-de-Pipoca-7";

export type Account = { email: string; nickname: string };

/** Tests share one database and run in both projects at once: every account is new. */
export function newAccount(label: string, projectName: string): Account {
  const nickname = `${label}-${projectName}-${randomUUID().slice(0, 8)}`;
  return { email: `${nickname}@e2e.test`, nickname };
}

/** The server trusts X-Forwarded-For in tests (TRUST_PROXY), so each test is its own client for the rate limits. */
export const clientAddress = () => ({ "X-Forwarded-For": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` });

export function useOwnClientAddress() {
  test.beforeEach(async ({ page }) => {
    await page.setExtraHTTPHeaders(clientAddress());
  });
}

// The URL changes a moment before the new page renders: wait for its form, not just the URL.
export async function onAccountPage(page: Page) {
  await expect(page).toHaveURL(/\/user$/);
  await expect(page.locator("#profile-form")).toBeVisible();
}

/** Opens the account page of whoever is signed in, ready for clicks. */
export async function openAccountPage(page: Page, projectName: string) {
  await page.goto("/user");
  await ready(page, projectName);
  await onAccountPage(page);
}

/** Creates the account, which is then signed in on its account page. Fields are found by id, so any language works. */
export async function register(page: Page, projectName: string, account: Account, path = "/register") {
  requireDatabaseTag();
  await submitRegistration(page, projectName, account, "Ana Souza", path);
  await onAccountPage(page);
}

/** Fills in and sends the registration form with the shared password. */
async function submitRegistration(page: Page, projectName: string, account: Account, name: string, path = "/register") {
  await page.goto(path);
  await ready(page, projectName);
  await page.locator("#register-form-email").fill(account.email);
  await page.locator("#register-form-name").fill(name);
  await page.locator("#register-form-nickname").fill(account.nickname);
  await page.locator("#register-form-password").fill(password);
  await page.locator("#register-form-confirmPassword").fill(password);
  await page.locator("#register-form").getByRole("button").click();
}

let server: Promise<SessionServices> | undefined;

/**
 * The e2e server's database and configuration, opened by this worker with the app's own code: the
 * environment the server was started with (playwright.config.ts), so the same data directory and
 * session secret, or the same PostgreSQL when DATABASE_URL is set.
 */
function serverDatabase(): Promise<SessionServices> {
  server ??= (async () => {
    const config = loadEnv({ ...process.env, DATA_DIR: process.env.E2E_DATA_DIR }, path.resolve(import.meta.dirname, "../.."));
    return { config, db: await openDatabase(config), clock: systemClock };
  })();
  return server;
}

let sharedPasswordHash: Promise<string> | undefined;

/**
 * A new account with the shared password, stored straight into the server's database: for tests
 * about what comes after signing up. Nobody is signed in yet.
 */
export async function createAccount(label: string, projectName: string, { admin = false } = {}): Promise<Account> {
  requireDatabaseTag();
  const account = newAccount(label, projectName);
  const { db } = await serverDatabase();
  sharedPasswordHash ??= hashPassword(password);
  const user = await createUser(db, { ...account, name: "Ana Souza", passwordHash: await sharedPasswordHash });
  if (admin) await setAdministrator(db, user.id, true);
  return account;
}

/** Signs `account` in on the page's browser: the app makes its session, whose cookies go straight into the browser. */
export async function signIn(page: Page, account: Account) {
  requireDatabaseTag();
  const services = await serverDatabase();
  const user = await findUserByEmail(services.db, account.email);
  if (!user) throw new Error(`no account has the address ${account.email}`);
  const url = test.info().project.use.baseURL!;
  const nowSeconds = Date.now() / 1000;
  const cookies = (await signInCookies(services, toSessionUser(user))).map((line) => {
    const [pair = "", ...attributes] = line.split(/;\s*/);
    const maxAge = Number(attributes.find((attribute) => /^max-age=/i.test(attribute))?.split("=")[1] ?? 0);
    return {
      name: pair.slice(0, pair.indexOf("=")),
      value: pair.slice(pair.indexOf("=") + 1),
      url,
      expires: nowSeconds + maxAge,
      httpOnly: attributes.some((attribute) => /^httponly$/i.test(attribute)),
      sameSite: "Lax" as const,
    };
  });
  await page.context().addCookies(cookies);
}

/** A new account, already signed in on the page's browser; the page itself is left where it is. */
export async function signedInAccount(page: Page, label: string, projectName: string, options: { admin?: boolean } = {}) {
  const account = await createAccount(label, projectName, options);
  await signIn(page, account);
  return account;
}

/** Signs in as a new administrator of this project, named directly in the server's database. */
export async function signInAsAdmin(page: Page, projectName: string) {
  return signedInAccount(page, "admin", projectName, { admin: true });
}

/** Gives `account` a favourite and a record table holding it, straight in the server's database; returns the table's id. */
export async function createRecordTableFor(account: Account, title: string) {
  requireDatabaseTag();
  const { db } = await serverDatabase();
  const user = await findUserByEmail(db, account.email);
  if (!user) throw new Error(`no account has the address ${account.email}`);
  const now = new Date();
  const { favorite } = await addFavorite(db, user.id, "crypto", "bitcoin", now);
  const table = await createTable(db, user.id, { title, description: "Moedas para acompanhar" }, now);
  await addItemToTable(db, user.id, table.id, favorite.id, now);
  return table.id;
}
