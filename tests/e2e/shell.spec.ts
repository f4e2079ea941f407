import type { Locator, Page } from "@playwright/test";

import { expect, javaScriptOn, ready, test } from "./fixtures";

const staticRoutes = ["/", "/about-us", "/about-data", "/more", "/privacy-policy", "/cookie-policy", "/faq"];

test.describe("languages", () => {
  test("pt-BR is the default and the switcher changes text and <html lang>", async ({ page }, { project }) => {
    await page.goto("/about-us");
    await ready(page, project.name);
    await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sobre Nós");

    await page.locator("summary", { hasText: "pt-BR" }).click();
    await page.getByRole("link", { name: "English" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Us");
    await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();

    // The choice is kept in the i18next cookie: a plain visit stays in English.
    await page.goto("/faq");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently Asked Questions");

    await page.goto("/faq?lng=es");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Preguntas Frecuentes");
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === "i18next")?.value).toBe("es");
  });

  test("the browser language decides when nothing is stored", async ({ browser }, { project }) => {
    const context = await browser.newContext({ locale: "es-ES", javaScriptEnabled: javaScriptOn(project.name) });
    const page = await context.newPage();
    await page.goto("/more");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Recursos");
    await expect(page.locator("#tools")).toHaveText("Herramientas");
    await context.close();
  });
});

/**
 * With JavaScript the switch is optimistic: the page changes at once and a post sets the cookie
 * behind it. A reload must wait for that post's answer, or it races the cookie.
 */
async function switchTheme(page: Page, projectName: string, control: Locator) {
  const saved = javaScriptOn(projectName)
    ? page.waitForResponse((response) => new URL(response.url()).pathname.startsWith("/theme") && response.request().method() === "POST")
    : undefined;
  await control.click();
  if (saved) expect((await saved).status()).toBeLessThan(400);
}

test("theme toggle flips the theme and it persists across reload", async ({ page }, { project }) => {
  await page.goto("/faq");
  await ready(page, project.name);
  await expect(page.locator("body")).toHaveClass(/\bdark\b/);
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");

  await switchTheme(page, project.name, page.getByTestId("theme-toggle"));
  await expect(page.locator("body")).not.toHaveClass(/\bdark\b/);
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "light");
  await expect(page.getByTestId("dark-mode-switch")).toHaveAttribute("aria-checked", "false");
  await expect(page).toHaveURL(/\/faq$/);

  await page.reload();
  await expect(page.locator("body")).not.toHaveClass(/\bdark\b/);
  if (javaScriptOn(project.name)) {
    await expect.poll(() => page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
  }

  await switchTheme(page, project.name, page.getByTestId("dark-mode-switch"));
  await expect(page.locator("body")).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(page.locator("body")).toHaveClass(/\bdark\b/);
});

test("unknown paths render the not-found page with status 404", async ({ page }) => {
  const response = await page.goto("/this/does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Página não encontrada");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.getByRole("link", { name: "Voltar para o início" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("link", { name: "Ver criptomoedas" })).toHaveAttribute("href", "/cryptos");
  await expect(page).toHaveTitle(/Página não encontrada/);
});

test.describe("mobile bottom navigation", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("highlights the entry for the current path", async ({ page }, { project }) => {
    await page.goto("/more");
    const nav = page.getByTestId("bottom-nav");
    await expect(nav).toBeVisible();
    await expect(nav.getByRole("link")).toHaveText(["Explorar", "Notícias", "Ações", "Cripto", "Recursos"]);
    await expect(nav.getByRole("link", { name: "Recursos" })).toHaveAttribute("aria-current", "page");
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);

    await ready(page, project.name);
    await nav.getByRole("link", { name: "Explorar" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(nav.getByRole("link", { name: "Explorar" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Recursos" })).not.toHaveAttribute("aria-current", "page");

    await page.goto("/cryptos/bitcoin");
    await expect(nav.getByRole("link", { name: "Cripto" })).toHaveAttribute("aria-current", "page");
  });

  test("is hidden on desktop", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    await expect(page.getByTestId("bottom-nav")).toBeHidden();
  });
});

test("footer has the spec's links, and external ones open safely in a new tab", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  // The founding year to this one, as the server's clock has it.
  await expect(footer.getByText(`© 2024–${new Date().getUTCFullYear()} Market Analytics. Todos os direitos reservados.`)).toBeVisible();
  for (const [name, href] of [
    ["Sobre Nós", "/about-us"],
    ["Política de Privacidade", "/privacy-policy"],
    ["Política de Cookies", "/cookie-policy"],
    ["Ferramentas", "/more#tools"],
  ] as const) {
    await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  await expect(footer.getByRole("switch", { name: "Modo Escuro" })).toBeVisible();
  const linkedin = footer.getByRole("link", { name: /Ver no Linkedin/ });
  await expect(linkedin).toHaveAttribute("target", "_blank");
  await expect(linkedin).toHaveAttribute("rel", "noopener noreferrer");
  await expect(linkedin).toHaveAttribute("href", /linkedin\.com\/company\//);
  for (const link of await page.locator('a[target="_blank"]').all()) {
    await expect(link).toHaveAttribute("rel", /noopener/);
  }
});

test("the pages whose texts load on demand open from a link, the breadcrumb leads home, and the FAQ opens straight away", async ({ page }, {
  project,
}) => {
  await page.goto("/");
  await ready(page, project.name);
  // With JavaScript these are navigations in the page: its document stays the same.
  await page.evaluate(() => ((window as unknown as { firstDocument: boolean }).firstDocument = true));
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("link", { name: "Sobre Nós", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sobre Nós");
  await expect(page.getByRole("heading", { level: 2, name: "Equipe fundadora" })).toBeVisible();
  await footer.getByRole("link", { name: "Política de Cookies", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Política de Cookies");
  // The breadcrumb's links are the app's links too.
  await page.getByRole("navigation", { name: "Trilha de navegação" }).getByRole("link", { name: "Início" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("ticker-tape")).toBeVisible();
  const sameDocument = await page.evaluate(() => (window as unknown as { firstDocument?: boolean }).firstDocument === true);
  expect(sameDocument).toBe(javaScriptOn(project.name));

  await page.goto("/faq?lng=en");
  await ready(page, project.name);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently Asked Questions");
  await page.locator(".faq-item summary").first().click();
  await expect(page.locator(".faq-item p").first()).toBeVisible();
});

test("header menus open by keyboard and link to the spec's pages", async ({ page }, { project }) => {
  await page.goto("/");
  await ready(page, project.name);
  const markets = page.locator("summary", { hasText: "Mercados" });
  await markets.focus();
  await page.keyboard.press("Enter");
  const nav = page.getByRole("navigation", { name: "Navegação principal" });
  for (const [name, href] of [
    ["Bitcoin", "/cryptos/bitcoin"],
    ["Ethereum", "/cryptos/ethereum"],
    ["Dogecoin", "/cryptos/dogecoin"],
    ["Petrobras", "/stocks/PETR3"],
    ["Itaú", "/stocks/ITUB4"],
    ["Banco do Brasil", "/stocks/BBAS3"],
  ] as const) {
    await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  await expect(nav.getByRole("link", { name: "Notícias" })).toHaveAttribute("href", "/news");
  await expect(page.getByRole("link", { name: "Conectar a Conta" })).toHaveAttribute("href", "/login");
});

test("every static route sets its meta tags", async ({ page }) => {
  for (const route of staticRoutes) {
    const response = await page.goto(route);
    expect(response?.status(), route).toBe(200);
    await expect(page).toHaveTitle(/\| Market Analytics$/);
    for (const selector of [
      'meta[name="description"]',
      'meta[name="keywords"]',
      'meta[name="robots"]',
      'meta[property="og:title"]',
      'meta[property="og:description"]',
      'meta[property="og:url"]',
      'meta[property="og:locale"]',
      'meta[name="twitter:card"]',
      'meta[name="twitter:title"]',
      'meta[name="twitter:description"]',
    ]) {
      await expect(page.locator(selector), `${route} ${selector}`).toHaveAttribute("content", /\S/);
    }
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "index, follow");
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "pt_BR");
  }
});

test("static screens read fully in the three languages", async ({ page }) => {
  await page.goto("/privacy-policy?lng=en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
  await expect(page.getByTestId("last-updated")).toHaveText("Last updated: September 21, 2024");
  await expect(page.getByText(/13/).first()).toBeVisible();

  await page.goto("/cookie-policy?lng=pt-BR");
  await expect(page.getByTestId("last-updated")).toHaveText("Última atualização: 21 de setembro de 2024");

  await page.goto("/about-us?lng=es");
  await expect(page.getByRole("heading", { level: 2, name: /equipo/i })).toBeVisible();
  await expect(page.locator("#team li")).toHaveCount(5);

  await page.goto("/faq?lng=pt-BR");
  const firstQuestion = page.locator(".faq-item summary").first();
  await firstQuestion.click();
  await expect(page.locator(".faq-item p").first()).toBeVisible();
});

test("a flash message shows as a toast once, bottom-right", async ({ page, context, baseURL }, { project }) => {
  await context.addCookies([
    {
      name: "flash",
      value: encodeURIComponent(JSON.stringify({ kind: "success", messageKey: "messages.somethingWentWrong" })),
      url: baseURL!,
    },
  ]);
  await page.goto("/more");
  // Measured once hydrated: the server's status region gives way to the notification then.
  await ready(page, project.name);
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Algo deu errado, tente novamente mais tarde");
  const box = await toast.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box!.x + box!.width).toBeGreaterThan(viewport.width - 40);
  expect(box!.y + box!.height).toBeGreaterThan(viewport.height - 120);
  await page.reload();
  await expect(page.getByTestId("toast")).toHaveCount(0);
});

test("HTML responses carry security headers and a nonce-based CSP", async ({ page }) => {
  const response = await page.goto("/");
  const headers = response!.headers();
  const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"] ?? "")?.[1];
  expect(nonce).toBeTruthy();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  const inlineScripts = await page.locator("script:not([src])").count();
  expect(inlineScripts).toBeGreaterThan(0);
  // Browsers hide the nonce attribute's value from the DOM, so read the raw HTML.
  const html = await (await page.request.get("/")).text();
  const nonceInHtml = /<script nonce="([^"]+)"/.exec(html)?.[1];
  expect(nonceInHtml).toBeTruthy();
});

// axe reads the static screens, in both themes, in a11y-screens.spec.ts.
