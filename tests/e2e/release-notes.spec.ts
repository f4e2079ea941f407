import { randomUUID } from "node:crypto";

import type { APIRequestContext, Page } from "@playwright/test";

import { signedInAccount, signInAsAdmin, useOwnClientAddress } from "./accounts";
import { expect, expectNoSeriousA11yViolations, javaScriptOn, ready, test } from "./fixtures";
import { expectKitControls } from "./form-kit";

useOwnClientAddress();

const body = ["Esta versão traz **gráficos novos** para iniciantes.", "", "## Detalhes", "", "- primeiro item", "- segundo item"].join(
  "\n",
);

async function writeNote(page: Page, projectName: string, title: string) {
  await page.goto("/release-notes");
  await ready(page, projectName);
  await page.getByRole("link", { name: "Nova nota" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nova nota de versão");
  await ready(page, projectName);
  await page.getByLabel("Título").fill(title);
  await page.getByLabel("Texto (Markdown)").fill(body);
  await expect(page.getByLabel("Situação")).toHaveValue("draft");
  await page.getByRole("button", { name: "Salvar nota" }).click();
  await expect(page.getByTestId("toast")).toContainText("Nota criada");
  await expect(page).toHaveURL(/\/admin\/release-notes$/);
  const row = page.getByTestId("admin-note").filter({ hasText: title });
  await expect(row).toContainText("Rascunho");
  const href = await row.getByRole("link", { name: title }).getAttribute("href");
  return Number(/\/admin\/release-notes\/(\d+)$/.exec(href ?? "")?.[1]);
}

async function rowAction(page: Page, title: string, action: string, toast: string) {
  await page.goto("/admin/release-notes");
  await page.getByRole("button", { name: `${action}: ${title}` }).click();
  await expect(page.getByTestId("toast")).toContainText(toast);
}

/** What a visitor without an account gets: a request with no session. */
async function visitorHtml(request: APIRequestContext, path: string) {
  const response = await request.get(path, { headers: { "Accept-Language": "pt-BR" } });
  return { status: response.status(), text: await response.text() };
}

test("an administrator writes a draft, publishes it everywhere, then unpublishes and deletes it @db", async ({
  page,
  browser,
  request,
  baseURL,
}, { project }) => {
  test.slow();
  const title = `Versão de teste ${randomUUID().slice(0, 8)}`;
  const admin = await signInAsAdmin(page, project.name);
  const id = await writeNote(page, project.name, title);
  expect(id).toBeGreaterThan(0);

  // A draft stays out of sight for visitors.
  expect((await visitorHtml(request, "/release-notes")).text).not.toContain(title);
  expect((await visitorHtml(request, `/release-notes/${id}`)).status).toBe(404);
  expect((await request.get("/release-notes/rss.xml")).ok()).toBe(true);
  expect(await (await request.get("/release-notes/rss.xml")).text()).not.toContain(title);

  // The administrator sees it, marked as a draft.
  await page.goto("/release-notes");
  await expect(page.getByTestId("release-note").filter({ hasText: title }).getByTestId("draft-badge")).toHaveText("Rascunho");

  await rowAction(page, title, "Publicar", "Nota publicada");
  await expect(page.getByTestId("admin-note").filter({ hasText: title })).toContainText("Publicada");

  const visitor = await browser.newPage({ baseURL, javaScriptEnabled: javaScriptOn(project.name), locale: "pt-BR" });
  await visitor.goto("/release-notes");
  await ready(visitor, project.name);
  // Newest first: only the other project's copy of this test may have published a moment later.
  const titles = await visitor.getByTestId("release-note").getByRole("heading", { level: 2 }).allTextContents();
  expect(titles.indexOf(title)).toBeGreaterThanOrEqual(0);
  expect(titles.indexOf(title)).toBeLessThan(2);
  await expect(visitor.getByTestId("draft-badge")).toHaveCount(0);
  await expect(visitor.getByRole("link", { name: "Nova nota" })).toHaveCount(0);

  await visitor.getByRole("link", { name: title }).click();
  await expect(visitor).toHaveURL(new RegExp(`/release-notes/${id}$`));
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(title);
  const rendered = visitor.getByTestId("note-body");
  await expect(rendered.locator("strong")).toHaveText("gráficos novos");
  await expect(rendered.getByRole("heading", { level: 2 })).toHaveText("Detalhes");
  await expect(rendered.getByRole("listitem")).toHaveText(["primeiro item", "segundo item"]);
  await expect(visitor.getByRole("link", { name: admin.email })).toHaveAttribute("href", `mailto:${admin.email}`);

  const feed = await visitor.request.get("/release-notes/rss.xml");
  expect(feed.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
  const xml = await feed.text();
  expect(xml).toContain(`<title>${title}</title>`);
  expect(xml).toMatch(new RegExp(`<link>http://[^<]+/release-notes/${id}</link>`));
  expect(xml).toContain("<strong>gráficos novos</strong>");

  await visitor.goto("/");
  await ready(visitor, project.name);
  const blog = visitor.getByRole("region", { name: "Do Nosso Blog" });
  await expect(blog.getByRole("link", { name: title })).toHaveAttribute("href", `/release-notes/${id}`);
  await visitor.close();

  await rowAction(page, title, "Despublicar", "Nota despublicada");
  await expect(page.getByTestId("admin-note").filter({ hasText: title })).toContainText("Rascunho");
  expect((await visitorHtml(request, "/release-notes")).text).not.toContain(title);
  expect((await visitorHtml(request, "/")).text).not.toContain(title);
  expect((await visitorHtml(request, `/release-notes/${id}`)).status).toBe(404);
  expect(await (await request.get("/release-notes/rss.xml")).text()).not.toContain(title);

  await rowAction(page, title, "Excluir", "Nota excluída");
  await expect(page.getByTestId("admin-note").filter({ hasText: title })).toHaveCount(0);
  expect((await page.goto(`/admin/release-notes/${id}`))?.status()).toBe(404);
});

test("the editor says what is wrong next to each field and keeps what was typed @db", async ({ page }, { project }) => {
  await signInAsAdmin(page, project.name);
  await page.goto("/admin/release-notes/new");
  await ready(page, project.name);
  if (javaScriptOn(project.name)) await expectNoSeriousA11yViolations(page);
  await page.getByLabel("Título").fill("Ok");
  await page.getByLabel("Autor").fill("");
  await page.getByLabel("Contato").fill("http://inseguro.example");
  await page.getByLabel("Texto (Markdown)").fill("curto");
  await page.getByRole("button", { name: "Salvar nota" }).click();
  await expect(page.locator("#release-note-form-title-error")).toHaveText("O título deve ter de 3 a 120 caracteres");
  await expect(page.locator("#release-note-form-author-error")).toHaveText("O autor deve ter de 2 a 80 caracteres");
  await expect(page.locator("#release-note-form-contact-error")).toHaveText("Informe um e-mail ou um endereço que comece com https://");
  await expect(page.locator("#release-note-form-body-error")).toHaveText("O texto deve ter de 10 a 20.000 caracteres");
  await expect(page.getByLabel("Contato")).toHaveAttribute("aria-invalid", "true");
  await expectKitControls(page.locator("#release-note-form"));
  await expect(page.getByLabel("Texto (Markdown)")).toHaveValue("curto");
  await expect(page.getByTestId("toast")).toHaveCount(0);
});

test("visitors are sent to sign in and other users cannot reach the release-notes administration @db", async ({ page, baseURL }, {
  project,
}) => {
  await page.goto("/admin/release-notes");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Frelease-notes$/);
  await page.goto("/admin/release-notes/new");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Frelease-notes%2Fnew$/);

  await signedInAccount(page, "notes", project.name);
  for (const path of ["/admin/release-notes", "/admin/release-notes/new", "/admin/release-notes/1"]) {
    expect((await page.goto(path))?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Página não encontrada");
  }
  await page.goto("/release-notes");
  await expect(page.getByRole("link", { name: "Nova nota" })).toHaveCount(0);
  const post = await page.request.post("/admin/release-notes", { form: { intent: "delete", id: "1" }, headers: { Origin: baseURL ?? "" } });
  expect(post.status()).toBe(404);
});

test("the blog lists the product's releases, offers RSS and reads well in other languages @db", async ({ page }, { project }) => {
  await page.goto("/release-notes");
  await ready(page, project.name);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Notas de Versão");
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute("href", "/release-notes/rss.xml");
  const seeded = page.getByTestId("release-note").filter({ hasText: "Market Analytics 0.4: o assistente de IA" });
  await expect(seeded).toContainText("26 de outubro de 2026");
  await expect(seeded).toContainText("Por Equipe Market Analytics");
  if (javaScriptOn(project.name)) await expectNoSeriousA11yViolations(page);

  await seeded.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Market Analytics 0.4: o assistente de IA");
  await expect(page.getByTestId("note-body").getByRole("heading", { name: "Funciona até sem internet" })).toBeVisible();
  await expect(page.getByRole("link", { name: "contato@marketanalytics.example" })).toHaveAttribute(
    "href",
    "mailto:contato@marketanalytics.example",
  );
  if (javaScriptOn(project.name)) await expectNoSeriousA11yViolations(page);

  await page.goto("/release-notes?lng=en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Release Notes");
  await page.getByRole("link", { name: "Market Analytics 0.3: contas, verificação em duas etapas e recursos pessoais" }).click();
  await expect(page.getByText("Release notes are written in Portuguese.")).toBeVisible();
  await expect(page.getByTestId("note-body")).toHaveAttribute("lang", "pt-BR");
  await page.goto("/?lng=es");
  await expect(page.getByRole("region", { name: "De Nuestro Blog" }).getByRole("listitem")).toHaveCount(3);
});

test("the team page reveals each member's start date on hover and focus and lists recent activity @db", async ({ page }, { project }) => {
  await page.goto("/about-us");
  await ready(page, project.name);
  await page.getByRole("link", { name: "Ver atividade da equipe" }).click();
  await expect(page).toHaveURL(/\/team$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Atividade da Equipe");

  const cards = page.getByTestId("team-cards").getByRole("listitem");
  await expect(cards).toHaveCount(5);
  const mariana = cards.filter({ hasText: "Mariana Albuquerque" });
  const since = mariana.getByTestId("hover-card-dropdown");
  // In the page's HTML from the start (for screen readers and without JavaScript), shown on demand.
  await expect(since).toContainText("Na equipe desde 5 de fevereiro de 2024");
  await expect(since).toBeHidden();
  await page.getByRole("article", { name: "Mariana Albuquerque" }).focus();
  await expect(since).toBeVisible();
  await expect(page.getByRole("article", { name: "Mariana Albuquerque" })).toHaveAccessibleDescription(
    /Na equipe desde 5 de fevereiro de 2024/,
  );

  const lucas = cards.filter({ hasText: "Lucas Moreira" });
  await lucas.hover();
  await expect(lucas.getByTestId("hover-card-dropdown")).toBeVisible();
  await expect(lucas.getByTestId("hover-card-dropdown")).toContainText("Na equipe desde 4 de março de 2024");

  const activity = page.getByTestId("team-activity").getByRole("listitem");
  // The latest five published notes: the four seeded releases plus whatever the other tests just published.
  await expect(activity.nth(3)).toBeVisible();
  expect(await activity.count()).toBeLessThanOrEqual(5);
  await expect(activity.first().getByRole("link")).toHaveAttribute("href", /^\/release-notes\/\d+$/);
  await expect(activity.first()).toContainText("Publicada por");
  if (javaScriptOn(project.name)) await expectNoSeriousA11yViolations(page);
});
