import type { Page } from "@playwright/test";

import { expect, expectNoSeriousA11yViolations, javaScriptOn, ready, test } from "./fixtures";
import { expectKitControls } from "./form-kit";

const headerField = (page: Page, name = "Buscar") => page.getByRole("banner").getByRole("searchbox", { name });

test.describe("search dialog", () => {
  test.beforeEach(({}, { project }) => {
    test.skip(!javaScriptOn(project.name), "the dialog needs JavaScript; the header form is tested below");
  });

  test("Ctrl+K on /cryptos searches cryptos once typing pauses, Enter opens the result, the query is remembered", async ({ page }, {
    project,
  }) => {
    const searches: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/search")) searches.push(request.url());
    });
    await page.goto("/cryptos");
    await ready(page, project.name);
    const dialog = page.getByRole("dialog", { name: "Busca" });
    await expect(dialog).toBeHidden();

    await page.keyboard.press("Control+k");
    await expect(dialog).toBeVisible();
    const input = dialog.getByRole("combobox", { name: "Buscar" });
    await expect(input).toBeFocused();
    await expect(input).toHaveAttribute("placeholder", "Buscar criptomoedas…");
    await expect(dialog.getByRole("status")).toHaveText("Nenhuma busca recente.");

    await input.pressSequentially("bit", { delay: 60 });
    const first = dialog.getByRole("option").first();
    await expect(first).toContainText("Bitcoin");
    await expect(first).toHaveAttribute("aria-selected", "true");
    // One request for the whole word, not one per keystroke.
    expect(searches).toHaveLength(1);
    expect(new URL(searches[0]!).searchParams.get("q")).toBe("bit");
    expect(new URL(searches[0]!).searchParams.get("scope")).toBe("cryptos");

    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/cryptos\/bitcoin$/);
    await expect(dialog).toBeHidden();

    await page.keyboard.press("Control+k");
    await expect(dialog.getByRole("listbox", { name: "Buscas recentes" }).getByRole("option")).toHaveText(["bit"]);
    await expect(input).toHaveValue("");
    // The shortcut toggles.
    await page.keyboard.press("Control+k");
    await expect(dialog).toBeHidden();
  });

  test("Escape and a click outside close it; focus goes back to the header field without reopening", async ({ page }, { project }) => {
    await page.goto("/faq");
    await ready(page, project.name);
    const dialog = page.getByRole("dialog", { name: "Busca" });
    await expect(headerField(page)).toHaveAttribute("aria-keyshortcuts", "Control+K Meta+K");

    await headerField(page).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Ctrl K")).toBeVisible();
    await expect(dialog.getByRole("combobox")).toHaveAttribute("placeholder", "Buscar ativos, notícias, páginas…");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(headerField(page)).toBeFocused();
    await page.waitForTimeout(100);
    await expect(dialog).toBeHidden();

    await page.keyboard.press("Control+k");
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
  });

  test("tabbing onto the header field opens nothing; Enter, Space, typing and a click open the dialog", async ({ page }, { project }) => {
    await page.goto("/cryptos");
    await ready(page, project.name);
    const dialog = page.getByRole("dialog", { name: "Busca" });
    const input = dialog.getByRole("combobox", { name: "Buscar" });
    // The shortcut is shown in the field, for the eye; the field announces it with aria-keyshortcuts.
    await expect(page.getByRole("banner").getByText("Ctrl K")).toBeVisible();

    await page.getByRole("banner").locator("summary", { hasText: "Ferramentas" }).focus();
    await page.keyboard.press("Tab");
    await expect(headerField(page)).toBeFocused();
    await page.waitForTimeout(200);
    await expect(dialog).toBeHidden();

    for (const key of ["Enter", " "]) {
      await page.keyboard.press(key);
      await expect(input).toBeFocused();
      await expect(input).toHaveValue("");
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(headerField(page)).toBeFocused();
    }

    // What is typed goes on in the dialog's field, and the header field stays empty.
    await page.keyboard.type("bit", { delay: 50 });
    await expect(input).toBeFocused();
    await expect(input).toHaveValue("bit");
    await expect(dialog.getByRole("option").first()).toContainText("Bitcoin");
    await page.keyboard.press("Escape");
    await expect(headerField(page)).toHaveValue("");

    await headerField(page).click();
    await expect(input).toBeFocused();
  });

  test("on /stocks it finds PETR4, arrows move the choice, nonsense finds nothing (in English)", async ({ page }, { project }) => {
    await page.goto("/stocks?lng=en");
    await ready(page, project.name);
    await page.keyboard.press("Control+k");
    const dialog = page.getByRole("dialog", { name: "Search" });
    const input = dialog.getByRole("combobox", { name: "Search" });
    await expect(input).toHaveAttribute("placeholder", "Search stocks…");

    await input.fill("petr");
    const options = dialog.getByRole("listbox", { name: "Results for “petr”" }).getByRole("option");
    await expect(options.filter({ hasText: "PETR4" })).toHaveAttribute("href", "/stocks/PETR4");
    const count = await options.count();
    expect(count).toBeGreaterThan(1);
    expect(count).toBeLessThanOrEqual(6);
    await page.keyboard.press("ArrowDown");
    await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
    await expect(input).toHaveAttribute("aria-activedescendant", (await options.nth(1).getAttribute("id"))!);
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await expect(options.nth(count - 1)).toHaveAttribute("aria-selected", "true");

    await input.fill("qqzzxxyy");
    await expect(dialog.getByRole("status")).toHaveText("No results found.");
    await expect(dialog.getByRole("option")).toHaveCount(0);
  });

  test("from the home page the header field finds assets: “petr” shows PETR4 with its price, in labelled groups after two suggestions", async ({
    page,
  }, { project }) => {
    const searches: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/search")) searches.push(request.url());
    });
    await page.goto("/");
    await ready(page, project.name);
    await expect(headerField(page)).toHaveAttribute("placeholder", "Buscar…");
    await headerField(page).click();
    const dialog = page.getByRole("dialog", { name: "Busca" });
    const input = dialog.getByRole("combobox", { name: "Buscar" });
    await expect(input).toBeFocused();

    // Suggestions appear under the field once typing pauses: the two closest matches, whatever their kind.
    await input.pressSequentially("petr", { delay: 60 });
    const suggestions = dialog.getByRole("group", { name: "Sugestões" }).getByRole("option");
    await expect(suggestions).toHaveCount(2);
    const petr4 = dialog.getByRole("option", { name: /PETR4/ });
    await expect(petr4).toHaveAttribute("href", "/stocks/PETR4");
    // Price in reais as a Brazilian writes it, and a signed 24 h change.
    await expect(petr4).toContainText(/R\$\s?\d{1,3}(\.\d{3})*,\d{2}/);
    await expect(petr4).toContainText(/[+−-]\d+,\d{2}\s?%/);
    await expect(dialog.getByRole("group", { name: "Ações" }).getByRole("option").first()).toContainText(/R\$/);
    expect(searches).toHaveLength(1);
    const url = new URL(searches[0]!);
    expect(url.pathname).toBe("/search/results");
    expect(url.searchParams.get("q")).toBe("petr");
    expect(url.searchParams.get("scope")).toBe("all");
    await expectNoSeriousA11yViolations(page);

    await input.fill("bitcoin");
    const bitcoin = suggestions.first();
    await expect(bitcoin).toContainText("Bitcoin");
    await expect(bitcoin).toContainText("Criptomoeda");
    // In the visitor's crypto currency, as /cryptos shows it: reais for a Portuguese reader.
    await expect(bitcoin).toContainText(/R\$\s?\d{1,3}(\.\d{3})*,\d{2}/);
    await expect(bitcoin).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/cryptos\/bitcoin$/);
  });

  test("Ctrl+K on the home page finds PETR4 in English, Enter opens it, and the general scope keeps its own recent searches", async ({
    page,
  }, { project }) => {
    await page.goto("/?lng=en");
    await ready(page, project.name);
    await page.keyboard.press("Control+k");
    const dialog = page.getByRole("dialog", { name: "Search" });
    const input = dialog.getByRole("combobox", { name: "Search" });
    await input.fill("PETR4");
    const first = dialog.getByRole("group", { name: "Suggestions" }).getByRole("option").first();
    await expect(first).toContainText("PETR4");
    await expect(first).toContainText("Stock");
    await expect(first).toContainText(/R\$\s?\d{1,3}(,\d{3})*\.\d{2}/);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/stocks\/PETR4$/);

    // On /stocks the stock scope has its own list; back on a general page, the general one has PETR4.
    await page.keyboard.press("Control+k");
    await expect(dialog.getByRole("status")).toHaveText("No recent searches.");
    await page.keyboard.press("Escape");
    await page.goto("/faq?lng=en");
    await ready(page, project.name);
    await page.keyboard.press("Control+k");
    await expect(dialog.getByRole("listbox", { name: "Recent searches" }).getByRole("option")).toHaveText(["PETR4"]);
  });

  test("a failed search says “Erro Interno do Servidor” inside the dialog and the page stays", async ({ page, consoleProblems }, {
    project,
  }) => {
    let failWith: "network" | 500 | null = 500;
    await page.route("**/search/results?**", (route) =>
      failWith === "network"
        ? route.abort("failed")
        : failWith === 500
          ? route.fulfill({ status: 500, contentType: "text/html", body: "<h1>oops</h1>" })
          : route.continue(),
    );
    await page.goto("/");
    await ready(page, project.name);
    const heading = await page.getByRole("heading", { level: 1 }).textContent();
    await page.keyboard.press("Control+k");
    const dialog = page.getByRole("dialog", { name: "Busca" });
    const input = dialog.getByRole("combobox");
    const status = dialog.getByRole("status");
    await input.fill("petr");
    await expect(status).toHaveText("Erro Interno do Servidor");
    await expect(dialog.getByRole("option")).toHaveCount(0);

    failWith = null;
    await input.fill("vale");
    await expect(dialog.getByRole("option", { name: /VALE3/ })).toBeVisible();
    await expect(status).toHaveText("");

    failWith = "network";
    await input.fill("itub");
    await expect(status).toHaveText("Erro Interno do Servidor");
    await expect(dialog.getByRole("option")).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading!);

    // The browser reports the two failed loads we caused; nothing else may be logged.
    const caused = /Failed to load resource: (the server responded with a status of 500|net::ERR_FAILED)/;
    await expect.poll(() => consoleProblems.filter((problem) => caused.test(problem)).length).toBe(2);
    consoleProblems.splice(0, consoleProblems.length, ...consoleProblems.filter((problem) => !caused.test(problem)));
  });

  test("when stocks cannot be searched the other groups still show, with a notice (in Spanish)", async ({ page }, { project }) => {
    // The stocks provider is down: the server marks the stocks group failed and answers the rest.
    await page.route("**/search/results?**", async (route) => {
      const answer = await (await route.fetch()).json();
      const isStock = (result: { kind: string }) => result.kind === "stocks";
      answer.suggestions = answer.suggestions.filter((result: { kind: string }) => !isStock(result));
      answer.sections = answer.sections.map((section: { kind: string }) =>
        isStock(section) ? { kind: "stocks", results: [], failed: true } : section,
      );
      await route.fulfill({ json: answer });
    });
    await page.goto("/?lng=es");
    await ready(page, project.name);
    await page.keyboard.press("Control+k");
    const dialog = page.getByRole("dialog", { name: "Búsqueda" });
    await dialog.getByRole("combobox").fill("bitcoin");
    await expect(dialog.getByText("No se pudieron buscar acciones ahora.")).toBeVisible();
    await expect(dialog.getByRole("group", { name: "Sugerencias" }).getByRole("option").first()).toContainText("Bitcoin");
    await expect(dialog.getByRole("group", { name: "Noticias" }).getByRole("option").first()).toBeVisible();
    await expect(dialog.getByRole("group", { name: "Acciones" })).toHaveCount(0);
    await expect(dialog.getByRole("status")).toHaveText("");
  });

  test("the open dialog has no serious accessibility violations", async ({ page }, { project }) => {
    await page.goto("/news");
    await ready(page, project.name);
    await page.keyboard.press("Control+k");
    await page.getByRole("combobox", { name: "Buscar" }).fill("bitcoin");
    await expect(page.getByRole("dialog").getByRole("option").first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test("without JavaScript the header form on /stocks lands on /search with stock results", async ({ page }, { project }) => {
  test.skip(javaScriptOn(project.name), "with JavaScript the field opens the dialog instead");
  await page.goto("/stocks");
  const field = headerField(page);
  await expect(field).toHaveAttribute("placeholder", "Buscar…");
  await field.fill("petr");
  await field.press("Enter");

  await expect(page).toHaveURL(/\/search\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get("q")).toBe("petr");
  expect(url.searchParams.get("scope")).toBe("stocks");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Busca");
  await expect(page.getByRole("heading", { level: 2, name: "Resultados para “petr”" })).toBeVisible();
  await expect(page.getByTestId("search-results").getByRole("link", { name: /PETR4/ })).toHaveAttribute("href", "/stocks/PETR4");
  // The shortcut and the dialog need JavaScript, so they are not advertised without it.
  await expect(headerField(page)).not.toHaveAttribute("aria-keyshortcuts", /./);
  await expect(headerField(page)).not.toHaveAttribute("aria-haspopup", /./);
});

test("without a scope /search?q=petr searches everything: PETR4 with its price, in labelled groups", async ({ page }, { project }) => {
  await page.goto("/search?q=petr");
  await ready(page, project.name);
  const results = page.getByTestId("search-results");
  await expect(page.getByRole("main").getByRole("combobox", { name: "Onde buscar" })).toHaveValue("all");
  await expectKitControls(page.locator("form.search-form"));
  await expect(results.getByRole("heading", { level: 3 })).toHaveText(["Sugestões", "Ações"]);
  const petr4 = results.getByRole("link", { name: /PETR4/ });
  await expect(petr4).toHaveAttribute("href", "/stocks/PETR4");
  await expect(petr4).toContainText(/R\$\s?\d{1,3}(\.\d{3})*,\d{2}/);

  // The header form on the home page lands here too.
  await page.goto("/");
  await ready(page, project.name);
  if (javaScriptOn(project.name)) return;
  await headerField(page).fill("bitcoin");
  await headerField(page).press("Enter");
  await expect(page).toHaveURL(/\/search\?q=bitcoin&scope=all$/);
  await expect(
    page
      .getByTestId("search-results")
      .getByRole("link", { name: /Bitcoin/ })
      .first(),
  ).toHaveAttribute("href", "/cryptos/bitcoin");
});

test("the /search page searches any scope, links news out safely and says when nothing matched", async ({ page }, { project }) => {
  const response = await page.goto("/search");
  expect(response?.status()).toBe(200);
  await ready(page, project.name);
  await expect(page).toHaveTitle("Busca | Market Analytics");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  await expect(page.getByText("Digite para buscar.")).toBeVisible();

  const form = page.getByRole("main").getByRole("search");
  await form.getByRole("searchbox", { name: "Buscar" }).fill("bitcoin");
  await form.getByRole("combobox", { name: "Onde buscar" }).selectOption("news");
  await form.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/scope=news/);
  const news = page.getByTestId("search-results").getByRole("link");
  await expect(news.first()).toContainText(/bitcoin/i);
  for (const link of await news.all()) {
    await expect(link).toHaveAttribute("href", /^https:\/\//);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  }

  await form.getByRole("searchbox", { name: "Buscar" }).fill("qqzzxxyy");
  await form.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByText("Nenhum resultado encontrado.")).toBeVisible();
  await expect(form.getByRole("combobox", { name: "Onde buscar" })).toHaveValue("news");

  await page.goto("/search?q=ferramentas&scope=bogus");
  await expect(page.getByRole("main").getByRole("combobox", { name: "Onde buscar" })).toHaveValue("all");
  await expect(page.getByTestId("search-results").getByRole("link", { name: /Recursos/ })).toHaveAttribute("href", "/more");
  if (javaScriptOn(project.name)) await expectNoSeriousA11yViolations(page);
});

test("at 1024, 1280 and 1366 px the header fits in every language, and at 1280 the whole placeholder shows", async ({ page }, {
  project,
}) => {
  for (const language of ["pt-BR", "en", "es"]) {
    for (const width of [1024, 1280, 1366]) {
      await page.setViewportSize({ width, height: 720 });
      await page.goto(`/stocks?lng=${language}`);
      await ready(page, project.name);
      const header = await page
        .locator(".site-header__inner")
        .evaluate((inner) => ({ scroll: inner.scrollWidth, client: inner.clientWidth }));
      expect(header.scroll, `${language} at ${width} px`).toBeLessThanOrEqual(header.client);
      if (width === 1024) continue;
      const field = page.getByRole("banner").getByRole("searchbox");
      await expect(field).toBeVisible();
      // The placeholder against the field's text box, measured in the field's own font.
      const fit = await field.evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const probe = document.createElement("span");
        probe.textContent = input.placeholder;
        probe.style.cssText = `position: absolute; white-space: pre; font: ${style.font}; letter-spacing: ${style.letterSpacing}`;
        document.body.append(probe);
        const text = probe.getBoundingClientRect().width;
        probe.remove();
        return { text, room: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) };
      });
      expect(fit.text, `${language} at ${width} px`).toBeLessThanOrEqual(fit.room);
    }
  }
});

test.describe("a header too narrow for the field", () => {
  test.use({ viewport: { width: 1000, height: 720 } });

  test("keeps a search button: the dialog with JavaScript, the /search page without", async ({ page }, { project }) => {
    await page.goto("/news");
    await ready(page, project.name);
    await expect(headerField(page)).toBeHidden();
    await page.getByRole("banner").getByRole("button", { name: "Buscar" }).click();
    if (javaScriptOn(project.name)) {
      await expect(page.getByRole("dialog").getByRole("combobox")).toHaveAttribute("placeholder", "Buscar notícias…");
    } else {
      await expect(page).toHaveURL(/\/search\?q=&scope=news$/);
      await expect(page.getByRole("main").getByRole("combobox", { name: "Onde buscar" })).toHaveValue("news");
    }
  });
});
