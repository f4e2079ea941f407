import { randomInt, randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { adminCommand } from "../support/admin-command";
import { expect, ready, test } from "./fixtures";

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

/** Creates the account, which is then signed in on its account page. Fields are found by id, so any language works. */
export async function register(page: Page, projectName: string, account: Account, path = "/register") {
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

/** Signs in with the shared password; false when no account has this address. */
async function signInIfRegistered(page: Page, projectName: string, email: string) {
  await page.goto("/login");
  await ready(page, projectName);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  const unknownEmail = page.locator("#login-form-email-error");
  await expect(unknownEmail.or(page.locator("#profile-form"))).toBeVisible();
  return !(await unknownEmail.isVisible());
}

/**
 * Signs in as this project's administrator, creating the account the first time (another test
 * may be creating it at the same moment), named as an operator would: `npm run admin -- grant`
 * on the server's data directory (playwright.config.ts).
 */
export async function signInAsAdmin(page: Page, projectName: string) {
  const admin = { email: `admin-${projectName}@e2e.test`, nickname: `admin-${projectName}` };
  if (!(await signInIfRegistered(page, projectName, admin.email))) {
    await submitRegistration(page, projectName, admin, "Admin");
    const taken = page.locator("#register-form-email-error");
    await expect(taken.or(page.locator("#profile-form"))).toBeVisible();
    if (await taken.isVisible()) expect(await signInIfRegistered(page, projectName, admin.email)).toBe(true);
  }
  // The command starts npm and tsx: a few seconds more for the test.
  test.info().setTimeout(test.info().timeout + 15_000);
  const granted = await adminCommand({ DATA_DIR: process.env.E2E_DATA_DIR! }, "grant", admin.email);
  expect(granted.code, granted.output).toBe(0);
  return admin;
}
