/**
 * Issue 37: the disk fails under a signed-in user (the kernel turns the filesystem read-only, as
 * on an I/O error or a full disk). A form post answers the translated error page, never React
 * Router's bare English text; what was stored before is still there; signing out still works.
 * The app runs on its own instance with its data on a loop-mounted ext4 filesystem: needs root.
 */
import type { Page } from "@playwright/test";

import { type AppServer, signUp, startAppServer } from "../support/app-server";
import { canMount, scratchFilesystem } from "../support/scratch-filesystem";
import { expect, ready, test } from "./fixtures";

let app: AppServer | undefined;
let filesystem: ReturnType<typeof scratchFilesystem> | undefined;

test.skip(!canMount(), "needs root to mount a filesystem it can fail");

test.afterEach(async () => {
  await app?.stop();
  filesystem?.unmount();
  app = filesystem = undefined;
});

async function signedIn(page: Page, server: AppServer, nickname: string) {
  const cookie = await signUp(server, nickname);
  await page.context().addCookies(
    cookie.split("; ").map((pair) => {
      const [name = "", value = ""] = pair.split("=");
      return { name, value, url: server.url };
    }),
  );
}

test("a write while the disk has failed gets the translated error page, and signing out still works", async ({ page, consoleProblems }, {
  project,
}) => {
  filesystem = scratchFilesystem();
  app = await startAppServer({ dataDir: filesystem.dataDir });
  await signedIn(page, app, `disk_${project.name.replace("-", "_")}`);
  await page.goto(`${app.url}/cryptos/bitcoin`);
  await ready(page, project.name);
  await page.getByTestId("star-crypto-bitcoin").first().click();
  await expect(page.getByTestId("toast")).toContainText("Item adicionado aos favoritos");

  await page.goto(`${app.url}/cryptos/ethereum`);
  await ready(page, project.name);
  filesystem.fail();
  await page.getByTestId("star-crypto-ethereum").first().click();
  await expect(page.getByRole("heading", { name: "Erro Interno do Servidor" })).toBeVisible();
  await expect(page.getByText("Algo deu errado, tente novamente mais tarde.")).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
  await page.screenshot({ path: test.info().outputPath("error-page.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("error-page-phone.png") });
  // That 500 is the point of this test; nothing else may have gone wrong.
  const others = consoleProblems.filter((problem) => !/status of 500|Unexpected Server Error/.test(problem));
  consoleProblems.splice(0, consoleProblems.length, ...others);

  // What was stored before the failure is still shown.
  await page.goto(`${app.url}/user/favorite-items`);
  await ready(page, project.name);
  await expect(page.getByRole("link", { name: /Bitcoin/ }).first()).toBeVisible();

  await page.goto(`${app.url}/user`);
  await ready(page, project.name);
  await page.getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/login$/);
  const sessionCookies = (await page.context().cookies(app.url)).filter(({ name }) => /^(access|refresh)_token$/.test(name));
  expect(sessionCookies).toEqual([]);
  await expect(page.locator("#login-form")).toBeVisible();
});
