import type { Page } from "@playwright/test";

import { expect, test } from "./fixtures";

/** Two cryptos and two B3 stocks of the demo data, and a fifth so a list has five rows. */
const fiveAssets = [
  ["crypto", "bitcoin"],
  ["crypto", "ethereum"],
  ["stock", "PETR4"],
  ["crypto", "dogecoin"],
  ["stock", "ITUB4"],
] as const;

/** Posts one of the app's own forms with the page's cookies, as the browser would; answers the redirect's target. */
async function post(page: Page, path: string, form: Record<string, string>) {
  const origin = test.info().project.use.baseURL!;
  const response = await page.request.post(path, { form, headers: { Origin: origin }, maxRedirects: 0 });
  expect(response.status(), `POST ${path}`).toBe(302);
  return response.headers().location!;
}

/** Stars assets for the signed-in user (the star buttons' post). */
export async function starAssets(page: Page, assets: readonly (readonly [string, string])[] = fiveAssets) {
  for (const [assetType, assetId] of assets) await post(page, "/favorites", { assetType, assetId, intent: "add", redirectTo: "/" });
}

/** Creates a record table through its form; answers the table's path. */
export async function createTableByForm(page: Page, title: string, description = "") {
  const location = await post(page, "/user/register-tables", { intent: "create", title, description });
  return new URL(location, test.info().project.use.baseURL).pathname;
}

/** Puts every favourite of the user into the table (the table page's "add item" form). */
export async function fillTable(page: Page, tablePath: string) {
  await page.goto(tablePath);
  const ids = await page
    .getByTestId("add-item-select")
    .locator("option")
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  for (const favoriteId of ids) await post(page, tablePath, { intent: "addItem", favoriteId });
}
