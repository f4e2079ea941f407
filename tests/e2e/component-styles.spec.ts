import type { Locator, Page } from "@playwright/test";

import { signedInAccount } from "./accounts";
import { expect, ready, test } from "./fixtures";
import { starAssets } from "./record-tables";

/**
 * Each component imports its own stylesheet, and a page links the stylesheets of what it renders.
 * These load each page directly, in a fresh context (nothing left over from another page), and read
 * computed styles that only those stylesheets give: a missing import fails here.
 */
const style = (locator: Locator, property: string) =>
  locator.evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

async function visit(page: Page, projectName: string, path: string) {
  await page.goto(path);
  await ready(page, projectName);
}

test("a detail page loaded directly has its tags, statistics, tabs and header star styled", async ({ page }, { project }) => {
  await visit(page, project.name, "/stocks/PETR4");
  const tag = page.getByTestId("asset-header").getByTestId("asset-tag").first();
  // The tag is Mantine's badge as a pill, outlined, in the text's case.
  expect(await style(tag, "border-top-style")).toBe("solid");
  expect(parseFloat(await style(tag, "border-top-left-radius"))).toBeGreaterThanOrEqual(12);
  expect(await style(tag, "text-transform")).toBe("none");
  expect(await style(tag.locator(".."), "display")).toBe("flex");

  const statistics = page.getByTestId("statistics");
  expect(await style(statistics, "display")).toBe("grid");
  expect(await style(statistics, "border-top-style")).toBe("solid");
  expect(await style(statistics.locator("dd").first(), "font-weight")).toBe("700");

  // The chart's range choices: a row of pill links, the chosen one filled.
  const ranges = page.getByRole("group", { name: "Período", exact: true });
  expect(await style(ranges, "display")).toBe("flex");
  expect(await style(ranges.locator("[aria-current]"), "border-top-style")).toBe("solid");
  expect(await style(ranges.locator("[aria-current]"), "background-color")).not.toBe(
    await style(ranges.locator("a:not([aria-current])").first(), "background-color"),
  );

  // The star at the header's side is the larger, framed one.
  expect(parseFloat(await style(page.getByTestId("star-stock-PETR4"), "min-height"))).toBe(44);
  expect(await style(page.getByTestId("asset-header"), "display")).toBe("flex");
});

test("the statistics are two columns on a phone", async ({ page }, { project }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, project.name, "/stocks/PETR4");
  const columns = await style(page.getByTestId("statistics"), "grid-template-columns");
  expect(columns.split(" ")).toHaveLength(2);
  const [first, second] = await page.getByTestId("statistics").locator("dt").all();
  const [a, b] = await Promise.all([first!.boundingBox(), second!.boundingBox()]);
  expect(a!.y).toBe(b!.y);
});

test("the favourites page loaded directly has the quote table styled @db", async ({ page }, { project }) => {
  await signedInAccount(page, "styles", project.name);
  await starAssets(page, [["crypto", "bitcoin"]]);
  await visit(page, project.name, "/user/favorite-items");
  const table = page.getByTestId("favorites-table");
  expect(await style(table, "border-collapse")).toBe("collapse");
  const header = table.locator("thead th").first();
  expect(await style(header, "background-color")).not.toBe("rgba(0, 0, 0, 0)");
  expect(await style(table.locator("tbody th").first(), "padding-top")).toBe("10px");
  expect(await style(table.locator("tbody td.numeric").first(), "text-align")).toBe("right");
  expect(await style(table.locator(".asset-link").first(), "display")).toBe("inline-flex");
  expect(await style(page.getByTestId("sort-name"), "display")).toBe("inline-flex");
  // The change's arrow is drawn by its own stylesheet.
  expect(await style(table.locator(".change").first(), "display")).toBe("inline-flex");
});

test("an empty list says so in the kit's empty state", async ({ page }, { project }) => {
  await visit(page, project.name, "/stocks?q=nenhuma-acao-com-este-nome");
  const empty = page.getByTestId("stocks-empty");
  await expect(empty).toHaveText("Nenhum resultado encontrado.");
  expect(await style(empty, "text-align")).toBe("center");
  expect(await style(empty, "display")).toBe("flex");
});
