/**
 * Issue 17: the record tables list names each table with its facts, a favourite goes into a table
 * from its row, and the favourites table fits laptop screens without clipping its last columns.
 */
import type { Locator, Page } from "@playwright/test";

import { signedInAccount, useOwnClientAddress } from "./accounts";
import { expect, expectNoSeriousA11yViolations, javaScriptOn, ready, test } from "./fixtures";
import { expectKitControls } from "./form-kit";
import { createTableByForm, fillTable, starAssets } from "./record-tables";

useOwnClientAddress();

async function visit(page: Page, projectName: string, path: string) {
  await page.goto(path);
  await ready(page, projectName);
}

/** Today as the list shows it, in UTC (the server's rendering, and these browsers' time zone). */
const today = () => new Intl.DateTimeFormat("pt-BR", { dateStyle: "medium", timeZone: "UTC" }).format(new Date());

test("the tables list shows each table's title, description, item count and creation date @db", async ({ page }, { project }) => {
  await signedInAccount(page, "list", project.name);
  await starAssets(page, [
    ["crypto", "bitcoin"],
    ["stock", "PETR4"],
  ]);
  const full = await createTableByForm(page, "Carteira de longo prazo", "Moedas e ações para guardar por anos");
  await fillTable(page, full);
  await createTableByForm(page, "Especulação");

  await visit(page, project.name, "/user/register-tables");
  const cards = page.getByTestId("tables-list").getByRole("listitem");
  await expect(cards).toHaveCount(2);
  // Newest first; the whole card opens its table.
  await expect(cards.nth(0).getByRole("heading", { level: 2 })).toHaveText("Especulação");
  await expect(cards.nth(0)).toContainText("Nenhum item");
  const card = cards.nth(1);
  await expect(card.getByRole("heading", { level: 2 })).toHaveText("Carteira de longo prazo");
  await expect(card).toContainText("Moedas e ações para guardar por anos");
  await expect(card).toContainText("2 itens");
  await expect(card).toContainText(`Criada em ${today()}`);
  if (javaScriptOn(project.name)) await expectNoSeriousA11yViolations(page);
  await card.getByRole("link", { name: "Carteira de longo prazo" }).click();
  await expect(page).toHaveURL(new RegExp(`${full}$`));
  await expect(page.getByTestId("table-title")).toHaveText("Carteira de longo prazo");
  await expect(page.getByText("2 itens")).toBeVisible();
});

test("a favourite goes into the table chosen in its row @db", async ({ page }, { project }) => {
  await signedInAccount(page, "row-add", project.name);
  await starAssets(page, [
    ["crypto", "bitcoin"],
    ["crypto", "ethereum"],
  ]);
  const target = await createTableByForm(page, "Alvo");
  await createTableByForm(page, "Outra");

  await visit(page, project.name, "/user/favorite-items");
  const row = page.getByTestId("favorite-crypto-ethereum");
  await expectKitControls(row.locator("form", { has: page.getByRole("combobox") }));
  await row.getByRole("combobox", { name: "Tabela para Ethereum" }).selectOption({ label: "Alvo" });
  await row.getByRole("button", { name: "Adicionar Ethereum à tabela selecionada" }).click();
  await expect(page.getByTestId("toast")).toContainText("Item adicionado à tabela");

  await visit(page, project.name, target);
  await expect(page.getByTestId("item-crypto-ethereum")).toBeVisible();
  await expectKitControls(page.locator("form", { has: page.getByTestId("add-item-select") }));
  await expect(page.getByTestId("item-crypto-bitcoin")).toHaveCount(0);
  // The table page's own toolbar is styled on a direct visit: its actions are spaced buttons.
  const toolbar = page.getByTestId("table-toolbar");
  const [csv, edit] = [toolbar.getByRole("link", { name: "Exportar CSV" }), toolbar.getByRole("link", { name: "Editar" })];
  const [csvBox, editBox] = [(await csv.boundingBox())!, (await edit.boundingBox())!];
  expect(editBox.x - (csvBox.x + csvBox.width)).toBeGreaterThanOrEqual(8);
  expect(csvBox.height).toBeGreaterThanOrEqual(36);
  if (javaScriptOn(project.name)) await expectNoSeriousA11yViolations(page);
});

/** Fully inside `container`, horizontally. */
async function expectInside(element: Locator, container: Locator) {
  const [box, outer] = [await element.boundingBox(), await container.boundingBox()];
  expect(box && outer, "rendered").toBeTruthy();
  expect(box!.x).toBeGreaterThanOrEqual(outer!.x);
  expect(box!.x + box!.width).toBeLessThanOrEqual(outer!.x + outer!.width);
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 1280, height: 720 },
]) {
  test(`nothing of the favourites table is clipped at ${viewport.width}×${viewport.height} @db`, async ({ page }, { project }) => {
    await page.setViewportSize(viewport);
    await signedInAccount(page, "laptop", project.name);
    await starAssets(page);
    // The longest title a table may have: its select must not push the columns out.
    const longest = "Uma tabela de registro com o maior título que o formulário aceita, de 80 letras!";
    expect(longest).toHaveLength(80);
    await createTableByForm(page, longest);
    await visit(page, project.name, "/user/favorite-items");

    const table = page.getByTestId("favorites-table");
    const scroller = page.locator(".table-scroll");
    const overflow = await table.evaluate((element) => ({
      table: element.closest(".table-scroll")!.scrollWidth - element.closest(".table-scroll")!.clientWidth,
      page: document.documentElement.scrollWidth - window.innerWidth,
    }));
    expect(overflow).toEqual({ table: 0, page: 0 });
    const rows = table.locator("tbody tr");
    await expect(rows).toHaveCount(5);
    for (const index of [0, 4]) {
      const row = rows.nth(index);
      for (const control of [
        row.getByRole("combobox"),
        row.getByRole("button", { name: /^Adicionar / }),
        row.locator(".favorite-star__button"),
      ])
        await expectInside(control, scroller);
    }
  });
}

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 390, height: 844 },
]) {
  test(`at the bottom of the page a toast leaves the last row's buttons free (${viewport.width} px) @db`, async ({ page }, { project }) => {
    await page.setViewportSize(viewport);
    await signedInAccount(page, "toast-room", project.name);
    await starAssets(page);
    const tablePath = await createTableByForm(page, "Tudo");
    await fillTable(page, tablePath);
    // Newest first, so the rows' select offers it: a table that still takes every favourite.
    await createTableByForm(page, "Mais");

    // The toast of adding the last favourite, and of removing the table's last item.
    for (const [path, action] of [
      ["/user/favorite-items", (row: Locator) => row.getByRole("button", { name: /^Adicionar / })],
      [tablePath, (row: Locator) => row.getByRole("button", { name: /^Remover / })],
    ] as const) {
      await visit(page, project.name, path);
      const lastRow = page.locator("table tbody tr").last();
      await action(lastRow).click();
      const toast = page.getByTestId("toast");
      await expect(toast).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(page.locator("table tbody tr").last()).toBeInViewport();
      const toastBox = (await toast.boundingBox())!;
      for (const button of await page.locator("table tbody tr").last().locator("button, select, a").all()) {
        const box = (await button.boundingBox())!;
        const overlaps =
          box.x < toastBox.x + toastBox.width &&
          toastBox.x < box.x + box.width &&
          box.y < toastBox.y + toastBox.height &&
          toastBox.y < box.y + box.height;
        expect(overlaps, `the toast covers ${await button.evaluate((element) => element.outerHTML.slice(0, 80))}`).toBe(false);
      }
    }
  });
}
