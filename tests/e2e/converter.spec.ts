import type { Page } from "@playwright/test";

import { expect, expectNoSeriousA11yViolations, javaScriptOn, ready, test } from "./fixtures";
import { expectKitControls } from "./form-kit";

const result = (page: Page) => page.getByTestId("conversion-result");
const rates = (page: Page) => page.getByTestId("conversion-rates");

/** With JavaScript: search the combobox and press Enter on the first match; without: the native select. */
async function chooseCurrency(page: Page, js: boolean, label: string, search: string, code: string) {
  if (!js) return void (await page.getByLabel(label, { exact: true }).selectOption(code));
  const picker = page.getByRole("combobox", { name: label, exact: true });
  await picker.click();
  await picker.fill(search);
  await expect(page.getByRole("option").first()).toContainText(code);
  await picker.press("Enter");
}

test("converts an amount between the chosen currencies and shows the rate both ways", async ({ page }, { project }) => {
  const js = javaScriptOn(project.name);
  await page.goto("/currency-converter");
  await ready(page, project.name);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Conversor de Moedas");
  await expect(page.getByTestId("demo-notice")).toBeVisible();
  // The spin button and the pickers (or, without JavaScript, the native selects) are drawn by Mantine.
  await expectKitControls(page.locator("form.converter"));
  await expect(result(page)).toHaveText(/^1,00 USD = \d+,\d{2} BRL$/);
  await expect(page.getByTestId("conversion")).toContainText("Cotação de");

  await page.getByLabel("Valor").fill("1.000");
  await chooseCurrency(page, js, "De", "euro", "EUR");
  await chooseCurrency(page, js, "Para", "real", "BRL");
  if (!js) await page.getByRole("button", { name: "Converter" }).click();
  await expect(page).toHaveURL(/\?amount=1\.000&from=EUR&to=BRL$/);
  await expect(result(page)).toHaveText(/^1\.000,00 EUR = \d\.\d{3},\d{2} BRL$/);
  await expect(rates(page)).toContainText(/1 EUR = \d+,\d{1,4} BRL/);
  await expect(rates(page)).toContainText(/1 BRL = 0,\d{1,4} EUR/);
  await expect(page.getByText("Euro → Real brasileiro")).toBeVisible();
});

test("typing an amount in English style converts it", async ({ page }, { project }) => {
  await page.goto("/currency-converter?from=USD&to=BRL&lng=en");
  await ready(page, project.name);
  // Without JavaScript the field is the browser's number field, which takes digits and a point only.
  if (javaScriptOn(project.name)) {
    await page.getByLabel("Amount").fill("1,234.5");
    await expect(page).toHaveURL(/amount=1%2C234\.5/);
  } else {
    await page.getByLabel("Amount").fill("1234.5");
    await page.getByLabel("Amount").press("Enter");
  }
  await expect(result(page)).toHaveText(/^1,234\.50 USD = [\d,]+\.\d{2} BRL$/);
});

test("the amount steps by 1 with the arrow keys and by 10 with Page Up and Page Down", async ({ page }, { project }) => {
  const js = javaScriptOn(project.name);
  await page.goto("/currency-converter?amount=5&from=USD&to=BRL");
  await ready(page, project.name);
  const amount = page.getByLabel("Valor");
  await amount.focus();
  await amount.press("ArrowUp");
  await expect(amount).toHaveValue("6");
  if (js) {
    // A spin button that keeps the visitor's own style, and converts as typing does.
    await expect(amount).toHaveRole("spinbutton");
    await amount.press("PageUp");
    await expect(amount).toHaveValue("16");
    await expect(page).toHaveURL(/\?amount=16&from=USD&to=BRL$/);
    await expect(result(page)).toHaveText(/^16,00 USD = /);
    await amount.press("PageDown");
    await amount.press("PageDown");
    await expect(amount).toHaveValue("0");
    await amount.fill("1.234,5");
    await amount.press("ArrowDown");
    await expect(amount).toHaveValue("1.233,5");
    await expect(page).toHaveURL(/\?amount=1\.233%2C5&/);
  } else {
    // The browser's own number field: fractions allowed, never below zero.
    await expect(amount).toHaveAttribute("type", "number");
    await expect(amount).toHaveAttribute("step", "any");
    await amount.fill("0.5");
    await amount.press("ArrowDown");
    await expect(amount).toHaveValue("0");
    await amount.fill("2.5");
    await amount.press("ArrowUp");
    await expect(amount).toHaveValue("3.5");
    await amount.press("Enter");
    await expect(page).toHaveURL(/\?amount=3\.5&from=USD&to=BRL$/);
    await expect(result(page)).toHaveText(/^3,50 USD = /);
  }
});

test("fiat currencies show their country's flag as an SVG image, metals and cryptos their own symbol", async ({ page }, { project }) => {
  const js = javaScriptOn(project.name);
  await page.goto("/currency-converter?amount=1&from=EUR&to=BRL");
  await ready(page, project.name);
  const flagIn = (field: string) =>
    page
      .locator(".converter-field")
      .filter({ has: page.getByLabel(field, { exact: true }) })
      .locator("img");
  for (const { field, country } of [
    { field: "De", country: "eu" },
    { field: "Para", country: "br" },
  ]) {
    await expect(flagIn(field)).toBeVisible();
    await expect(flagIn(field)).toHaveAttribute("src", new RegExp(`/assets/${country}-[\\w-]+\\.svg$`));
    await expect(flagIn(field)).toHaveAttribute("alt", "");
    await expect.poll(() => flagIn(field).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
  const names = page.locator(".conversion__names img");
  await expect(names).toHaveCount(2);
  await expect(names.nth(1)).toHaveAttribute("src", /\/br-[\w-]+\.svg$/);

  if (!js) {
    // The chosen flag hides once another currency is chosen: it would be wrong until the form is sent.
    await page.getByLabel("De", { exact: true }).selectOption("XAU");
    await expect(flagIn("De")).toBeHidden();
    return;
  }
  await page.getByRole("combobox", { name: "De", exact: true }).click();
  const options = page.getByRole("listbox", { name: "De" }).getByRole("option");
  await expect(options.filter({ hasText: "Dólar americano" }).locator("img")).toHaveAttribute("src", /\/us-[\w-]+\.svg$/);
  await expect(options.filter({ hasText: "Libra esterlina" }).locator("img")).toBeVisible();
  await expect(options.filter({ hasText: "Ouro" }).locator(".currency-badge")).toHaveText("Au");
  await expect(options.filter({ hasText: "Bitcoin" }).locator(".currency-flag")).toHaveCount(0);
  // Lazy: the browser fetches the flags near the list's view, not the 150 it holds.
  const loaded = await page.evaluate(() => performance.getEntriesByType("resource").filter(({ name }) => name.endsWith(".svg")).length);
  expect(loaded).toBeLessThan(75);
});

test("the swap link inverts the pair in the URL", async ({ page }, { project }) => {
  await page.goto("/currency-converter?amount=10&from=USD&to=BRL");
  await ready(page, project.name);
  await expect(result(page)).toHaveText(/^10,00 USD = /);
  await page.getByRole("link", { name: "Inverter moedas" }).click();
  await expect(page).toHaveURL(/\?amount=10&from=BRL&to=USD$/);
  await expect(result(page)).toHaveText(/^10,00 BRL = \d+,\d{2} USD$/);
  await expect(page.getByLabel("De", { exact: true })).toHaveValue(javaScriptOn(project.name) ? "Real brasileiro (BRL)" : "BRL");
});

test("a shared URL opens on its conversion, rounded to the target's minor units", async ({ page }, { project }) => {
  await page.goto("/currency-converter?amount=250&from=EUR&to=JPY");
  await ready(page, project.name);
  await expect(result(page)).toHaveText(/^250,00 EUR = \d{2}\.\d{3} JPY$/);
  await expect(page.getByLabel("Valor")).toHaveValue("250");
});

test("an unknown code says the currency was not found, in the visitor's language", async ({ page }, { project }) => {
  await page.goto("/currency-converter?from=XYZ");
  await ready(page, project.name);
  await expect(page.getByText("Moeda não encontrada")).toBeVisible();
  await expect(page.getByLabel("De", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(result(page)).toHaveCount(0);

  await page.goto("/currency-converter?to=xyz&lng=es");
  await expect(page.getByText("Moneda no encontrada")).toBeVisible();
  await page.goto("/currency-converter?amount=-5&lng=en");
  await expect(page.getByText("The amount cannot be negative")).toBeVisible();
});

test.describe("searchable currency picker", () => {
  test.beforeEach(({}, { project }) => {
    test.skip(!javaScriptOn(project.name), "the search (and axe) need JavaScript; without it the native select is tested above");
  });

  test("filters by name, picks with the mouse and converts at once", async ({ page }, { project }) => {
    await page.goto("/currency-converter?amount=2&from=USD&to=BRL");
    await ready(page, project.name);
    const from = page.getByRole("combobox", { name: "De", exact: true });
    await from.click();
    await expect(page.getByRole("listbox", { name: "De" }).getByRole("option")).toHaveCount(171);
    await from.fill("bitc");
    const bitcoin = page.getByRole("option", { name: /Bitcoin/ });
    await expect(bitcoin).toBeVisible();
    await bitcoin.click();
    await expect(page).toHaveURL(/\?amount=2&from=BTC&to=BRL$/);
    await expect(result(page)).toHaveText(/^2,00000000 BTC = [\d.]+,\d{2} BRL$/);
    await expect(from).toHaveValue("Bitcoin (BTC)");

    await from.click();
    await from.fill("zzzz");
    await expect(page.getByRole("status").filter({ hasText: "Nenhuma moeda encontrada." })).toBeVisible();
    await expect(page.getByRole("option")).toHaveCount(0);
    await from.press("Escape");
    await expect(from).toHaveValue("Bitcoin (BTC)");
    await expect(from).toHaveAttribute("aria-expanded", "false");
  });

  test("works from the keyboard", async ({ page }, { project }) => {
    await page.goto("/currency-converter?amount=1&from=USD&to=BRL");
    await ready(page, project.name);
    const to = page.getByRole("combobox", { name: "Para", exact: true });
    await to.focus();
    await to.press("ArrowDown");
    await expect(to).toHaveAttribute("aria-expanded", "true");
    // The chosen currency is where the list opens.
    await expect(page.getByRole("option", { selected: true })).toContainText("Real brasileiro");
    await to.press("ArrowDown");
    await expect(page.getByRole("option", { selected: true })).toContainText("Dólar americano");
    await to.press("Enter");
    await expect(page).toHaveURL(/from=USD&to=USD$/);
    await to.pressSequentially("ouro");
    await expect(page.getByRole("option").first()).toContainText("Ouro (onça troy)");
    await to.press("Enter");
    await expect(page).toHaveURL(/to=XAU$/);
    await expect(result(page)).toHaveText(/^1,00 USD = 0,\d{4} XAU$/);
  });

  test("has no serious accessibility violations: result, field errors, open list", async ({ page }, { project }) => {
    // Three axe runs.
    test.slow();
    await page.goto("/currency-converter?amount=250&from=EUR&to=JPY");
    await ready(page, project.name);
    await expectNoSeriousA11yViolations(page);
    await page.goto("/currency-converter?amount=abc&from=XYZ");
    await ready(page, project.name);
    await expect(page.getByText("Moeda não encontrada")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("combobox", { name: "Para", exact: true }).click();
    await expect(page.getByRole("listbox")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("shows a converting state until the result arrives", async ({ page }, { project }) => {
    await page.goto("/currency-converter?amount=5&from=USD&to=BRL");
    await ready(page, project.name);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/currency-converter.data**", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel("Valor").fill("7");
    await expect(page.getByTestId("converting")).toHaveText("Convertendo…");
    await expect(page.getByTestId("conversion")).toHaveAttribute("aria-busy", "true");
    release();
    await expect(page.getByTestId("converting")).toHaveCount(0);
    await expect(result(page)).toHaveText(/^7,00 USD = /);
  });
});
