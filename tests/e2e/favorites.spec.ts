import type { Page } from "@playwright/test";

import { signedInAccount, useOwnClientAddress } from "./accounts";
import { expect, javaScriptOn, ready, test } from "./fixtures";

useOwnClientAddress();

/** A brand-new account, signed in; the page stays where it is. */
const registerNew = (page: Page, projectName: string, label: string) => signedInAccount(page, label, projectName);

async function visit(page: Page, projectName: string, path: string) {
  await page.goto(path);
  await ready(page, projectName);
}

/** Stars an asset from its detail page and waits for the star to show it. */
async function star(page: Page, projectName: string, path: string, testId: string) {
  await visit(page, projectName, path);
  const button = page.getByTestId(testId).first();
  await expect(button).toHaveAttribute("aria-pressed", "false");
  await button.click();
  await expect(page.getByTestId("toast")).toContainText("Item adicionado aos favoritos");
  await expect(page.getByTestId(testId).first()).toHaveAttribute("aria-pressed", "true");
}

/**
 * Unstars from the favourites page: with JavaScript the browser's dialog asks (its text is
 * returned), without it the confirm section does (its table list is returned).
 */
async function unstar(page: Page, projectName: string, testId: string): Promise<string> {
  await visit(page, projectName, "/user/favorite-items");
  if (javaScriptOn(projectName)) {
    let question = "";
    page.once("dialog", (dialog) => {
      question = dialog.message();
      void dialog.accept();
    });
    await page.getByTestId(testId).click();
    await expect(page.getByTestId("toast")).toContainText("Item removido dos favoritos");
    return question;
  }
  await page.getByTestId(testId).click();
  const confirm = page.getByTestId("confirm-remove");
  await expect(confirm).toBeVisible();
  const text = (await confirm.textContent()) ?? "";
  await confirm.getByRole("button", { name: "Sim, remover" }).click();
  await expect(page.getByTestId("toast")).toContainText("Item removido dos favoritos");
  return text;
}

async function createTable(page: Page, projectName: string, title: string, description = "") {
  await visit(page, projectName, "/user/register-tables");
  await page.getByLabel("Título").fill(title);
  await page.getByLabel("Descrição").fill(description);
  await page.getByRole("button", { name: "Criar tabela" }).click();
  await expect(page.getByTestId("table-title")).toHaveText(title);
  await expect(page.getByTestId("toast")).toContainText("Tabela criada");
  return page.url();
}

test("stars and unstars assets, with a confirmation, and lists them with live prices @db", async ({ page }, { project }) => {
  // Visitors are sent to sign in and back.
  await visit(page, project.name, "/cryptos");
  await page.getByTestId("star-crypto-bitcoin").click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcryptos/);

  await registerNew(page, project.name, "fav");
  // Nothing starred yet: the page says how to star and leads to the lists.
  await visit(page, project.name, "/user/favorite-items");
  const empty = page.getByTestId("favorites-empty");
  await expect(empty).toContainText("Nenhum favorito ainda.");
  await expect(empty.getByRole("link", { name: "Ver criptomoedas" })).toHaveAttribute("href", "/cryptos");
  await expect(empty.getByRole("link", { name: "Ver ações" })).toHaveAttribute("href", "/stocks");
  await star(page, project.name, "/cryptos/bitcoin", "star-crypto-bitcoin");
  await star(page, project.name, "/stocks/PETR4", "star-stock-PETR4");

  await visit(page, project.name, "/user/favorite-items");
  await expect(page.getByTestId("favorite-crypto-bitcoin")).toContainText("Bitcoin");
  // In the visitor's crypto currency, as /cryptos shows it: reais for a Portuguese reader.
  await expect(page.getByTestId("favorite-crypto-bitcoin")).toContainText("R$");
  await expect(page.getByTestId("favorite-stock-PETR4")).toBeVisible();
  await visit(page, project.name, "/user/favorite-items?type=stock");
  await expect(page.getByTestId("favorite-stock-PETR4")).toBeVisible();
  await expect(page.getByTestId("favorite-crypto-bitcoin")).toHaveCount(0);

  await unstar(page, project.name, "star-crypto-bitcoin");
  await expect(page.getByTestId("favorite-crypto-bitcoin")).toHaveCount(0);
  await expect(page.getByTestId("favorite-stock-PETR4")).toBeVisible();
  await visit(page, project.name, "/cryptos");
  await expect(page.getByTestId("star-crypto-bitcoin")).toHaveAttribute("aria-pressed", "false");
});

test("record tables: create, edit, add items with refusals, CSV, delete, cascade @db", async ({ page }, { project }) => {
  await registerNew(page, project.name, "tables");
  await star(page, project.name, "/cryptos/bitcoin", "star-crypto-bitcoin");

  // No table yet: instead of a choice of nothing, the row offers to create one, and leads to the form.
  await visit(page, project.name, "/user/favorite-items");
  const bitcoinRow = page.getByTestId("favorite-crypto-bitcoin");
  await expect(bitcoinRow.getByRole("combobox")).toHaveCount(0);
  await bitcoinRow.getByRole("link", { name: "Criar tabela" }).click();
  await expect(page).toHaveURL(/\/user\/register-tables#create-table-heading$/);
  await expect(page.getByTestId("tables-empty")).toContainText("Você ainda não tem tabelas de registro.");
  await expect(page.getByRole("link", { name: "Criar primeira tabela" })).toHaveAttribute("href", "#create-table-heading");
  await expect(page.getByRole("heading", { name: "Nova tabela" })).toBeInViewport();

  // Create with validation, then edit.
  await page.getByRole("button", { name: "Criar tabela" }).click();
  await expect(page.getByText("Informe um título")).toBeVisible();
  const tableUrl = await createTable(page, project.name, 'Carteira, "longo" prazo', "Minhas moedas");
  await expect(page.getByTestId("table-empty")).toHaveText("Esta tabela ainda não tem itens.");
  await page.getByRole("link", { name: "Editar" }).click();
  await page.getByLabel("Título").fill('Carteira, "cripto"');
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByTestId("table-title")).toHaveText('Carteira, "cripto"');
  await expect(page.getByTestId("toast")).toContainText("Tabela atualizada");
  // The breadcrumb names the table, not its id.
  const crumbs = page.getByRole("navigation", { name: "Trilha de navegação" });
  await expect(crumbs.locator("[aria-current=page]")).toHaveText('Carteira, "cripto"');
  await expect(crumbs).not.toContainText(new URL(tableUrl).pathname.split("/").at(-1)!);

  // Add the favourite; adding it again is refused (it is in every table).
  await ready(page, project.name);
  await page.getByRole("button", { name: "Adicionar item" }).click();
  await expect(page.getByTestId("item-crypto-bitcoin")).toContainText("Bitcoin");
  await expect(page.getByTestId("toast")).toContainText("Item adicionado à tabela");
  await ready(page, project.name);
  await page.getByRole("button", { name: "Adicionar item" }).click();
  await expect(page.getByTestId("refusal")).toContainText("já está em todas as suas tabelas");

  // CSV export with the page's cookies.
  const csv = await page.request.get(`${new URL(tableUrl).pathname}/csv`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-disposition"]).toMatch(/^attachment; filename=".+\.csv"$/);
  const lines = (await csv.text()).trim().split("\r\n");
  expect(lines[0]).toBe("type,id,name,price,change_24h,added_date");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(/^crypto,bitcoin,Bitcoin,[\d.]+,-?[\d.]+,\d{4}-\d{2}-\d{2}$/);

  // A second, empty table can be deleted.
  await createTable(page, project.name, "Descartável");
  await ready(page, project.name);
  if (javaScriptOn(project.name)) page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Excluir tabela" }).click();
  await expect(page).toHaveURL(/\/user\/register-tables$/);
  await expect(page.getByTestId("toast")).toContainText("Tabela excluída");
  await expect(page.getByTestId("tables-list")).not.toContainText("Descartável");
  await expect(page.getByTestId("tables-list")).toContainText("Carteira");

  // Removing the linked favourite names the table and deletes it.
  const question = await unstar(page, project.name, "star-crypto-bitcoin");
  expect(question).toContain('Carteira, "cripto"');
  const gone = await page.goto(tableUrl);
  expect(gone?.status()).toBe(404);
  await visit(page, project.name, "/user/register-tables");
  await expect(page.getByTestId("tables-empty")).toBeVisible();
});

test("one user cannot reach another user's table @db", async ({ page }, { project }) => {
  await registerNew(page, project.name, "owner");
  const tableUrl = await createTable(page, project.name, "Privada");
  const path = new URL(tableUrl).pathname;
  await visit(page, project.name, "/user");
  await page.getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/login$/);

  await registerNew(page, project.name, "intruder");
  expect((await page.goto(path))?.status()).toBe(404);
  expect((await page.request.get(`${path}/csv`)).status()).toBe(404);
  const post = await page.request.post(path, {
    form: { intent: "delete" },
    maxRedirects: 0,
    headers: { Origin: new URL(tableUrl).origin },
  });
  expect(post.status()).toBe(404);
});
