import type { Page } from "@playwright/test";

import { signedInAccount, useOwnClientAddress } from "./accounts";
import { expect, ready, test } from "./fixtures";

useOwnClientAddress();

async function visit(page: Page, projectName: string, path: string) {
  await page.goto(path);
  await ready(page, projectName);
}

/** The "Tipo" cell of the table row whose first cell names `ticker`. */
const typeCell = (page: Page, ticker: string) =>
  page
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader").filter({ hasText: ticker }) })
    .getByRole("cell")
    .first();

test("a FII is a fund and a unit is a share on the list, the detail, favourites and record tables @db", async ({ page }, { project }) => {
  // Registration, two stars and a table: several page loads on a shared machine.
  test.setTimeout(90_000);
  await visit(page, project.name, "/stocks?q=HGLG11");
  await expect(typeCell(page, "HGLG11")).toHaveText("Fundo");
  await visit(page, project.name, "/stocks?q=TAEE11");
  await expect(typeCell(page, "TAEE11")).toHaveText("Ação");

  await signedInAccount(page, "types", project.name);
  await visit(page, project.name, "/stocks/HGLG11");
  await expect(page.getByTestId("asset-header").getByTestId("asset-tag").first()).toHaveText("Tipo: Fundo");
  await page.getByTestId("star-stock-HGLG11").first().click();
  await expect(page.getByTestId("toast")).toContainText("Item adicionado aos favoritos");

  await visit(page, project.name, "/user/register-tables");
  await page.getByLabel("Título").fill("Renda");
  await page.getByRole("button", { name: "Criar tabela" }).click();
  await expect(page.getByTestId("table-title")).toHaveText("Renda");
  await ready(page, project.name);
  await page.getByRole("button", { name: "Adicionar item" }).click();
  await expect(page.getByTestId("item-stock-HGLG11").getByRole("cell").first()).toHaveText("Fundo");

  await visit(page, project.name, "/stocks/TAEE11");
  await page.getByTestId("star-stock-TAEE11").first().click();
  await expect(page.getByTestId("toast")).toContainText("Item adicionado aos favoritos");
  await visit(page, project.name, "/user/favorite-items");
  await expect(page.getByTestId("favorite-stock-HGLG11").getByRole("cell").first()).toHaveText("Fundo");
  await expect(page.getByTestId("favorite-stock-TAEE11").getByRole("cell").first()).toHaveText("Ação");
});
