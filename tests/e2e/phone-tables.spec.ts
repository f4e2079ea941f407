/**
 * Issue 17: on a phone a market table shows each asset's name, price and 24 h change on one line,
 * with nothing to scroll sideways, and tapping the row opens the asset's page.
 */
import type { Locator, Page } from "@playwright/test";

import { signedInAccount, useOwnClientAddress } from "./accounts";
import { expect, ready, test } from "./fixtures";
import { createTableByForm, fillTable, starAssets } from "./record-tables";

useOwnClientAddress();
test.use({ viewport: { width: 390, height: 844 } });

const tables = [
  ["/", "crypto-table"],
  ["/?table=stocks", "stock-table"],
  ["/cryptos", "crypto-table"],
  ["/stocks", "stock-table"],
] as const;

/** Inside the window, horizontally: what a phone shows without scrolling sideways. */
async function expectWithinWidth(page: Page, element: Locator) {
  const box = await element.boundingBox();
  expect(box, "rendered").not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** `controls`: what each row must also show in full, such as its star. */
async function expectCompactRows(page: Page, tableId: string, { controls = [] }: { controls?: string[] } = {}) {
  const table = page.getByTestId(tableId);
  const rows = table.locator("tbody tr");
  expect(await rows.count()).toBeGreaterThanOrEqual(5);
  for (const index of [0, 1, 4]) {
    const row = rows.nth(index);
    await expectWithinWidth(page, row.locator(".asset-link__name"));
    // The 24 h change: a crypto row's 1 h and 7 d changes are hidden on a phone.
    await expectWithinWidth(page, row.locator(".change:visible"));
    // The price: the number cell just before the change (its hidden 1 h change between them on a crypto row).
    await expectWithinWidth(
      page,
      row.locator("td:has(.change):visible").locator("xpath=preceding-sibling::td[not(contains(@class, 'quote-table__wide-only'))][1]"),
    );
    for (const control of controls) await expectWithinWidth(page, row.locator(control));
  }
  const sideways = await table.evaluate((element) => {
    const scroller = element.closest(".table-scroll") as HTMLElement;
    return { table: scroller.scrollWidth - scroller.clientWidth, page: document.documentElement.scrollWidth - window.innerWidth };
  });
  expect(sideways).toEqual({ table: 0, page: 0 });
}

for (const [path, tableId] of tables) {
  test(`${path} shows name, price and 24 h change on one line on a phone`, async ({ page }, { project }) => {
    await page.goto(path);
    await ready(page, project.name);
    await expectCompactRows(page, tableId);
  });
}

test("a signed-in visitor's phone rows keep the star in view @db", async ({ page }, { project }) => {
  await signedInAccount(page, "phone_rows", project.name);
  for (const [path, tableId] of [tables[2], tables[3]]) {
    await page.goto(path);
    await ready(page, project.name);
    await expectCompactRows(page, tableId, { controls: [".favorite-star__button"] });
  }
});

test("tapping anywhere on a phone row opens the asset's page", async ({ page }, { project }) => {
  await page.goto("/cryptos");
  await ready(page, project.name);
  const row = page.getByTestId("crypto-table").locator("tbody tr").first();
  const href = await row.locator(".asset-link").getAttribute("href");
  // A finger on the 24 h change, not on the name.
  const change = (await row.locator(".change:visible").boundingBox())!;
  await page.mouse.click(change.x + change.width / 2, change.y + change.height / 2);
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});

test("a signed-in user's favourites and record table rows are compact on a phone, their buttons in reach @db", async ({ page }, {
  project,
}) => {
  await signedInAccount(page, "phone_lists", project.name);
  await starAssets(page);

  // Before any table: the row offers to create one, in view.
  await page.goto("/user/favorite-items");
  await ready(page, project.name);
  await expectCompactRows(page, "favorites-table", { controls: [".favorite-star__button", "[data-testid=add-to-table-create]"] });

  const tablePath = await createTableByForm(page, "Celular");
  await fillTable(page, tablePath);
  await page.goto(tablePath);
  await ready(page, project.name);
  await expectCompactRows(page, "table-items", { controls: ["button[aria-label^='Remover']"] });

  await createTableByForm(page, "Outra");
  await page.goto("/user/favorite-items");
  await ready(page, project.name);
  await expectCompactRows(page, "favorites-table", {
    controls: [".favorite-star__button", ".add-to-table select", ".add-to-table button"],
  });
  // The row's add-to-table control works there, not the name link stretched over the row.
  const row = page.getByTestId("favorite-crypto-bitcoin");
  await row.getByRole("combobox").selectOption({ label: "Outra" });
  await row.getByRole("button", { name: "Adicionar Bitcoin à tabela selecionada" }).click();
  await expect(page.getByTestId("toast")).toContainText("Item adicionado à tabela");
  await expect(page).toHaveURL(/\/user\/favorite-items$/);
});
