import { randomUUID } from "node:crypto";

import type { Page } from "@playwright/test";

import { signedInAccount, signInAsAdmin, useOwnClientAddress } from "./accounts";
import { expect, expectNoSeriousA11yViolations, javaScriptOn, ready, test } from "./fixtures";
import { expectKitControls } from "./form-kit";

/** A real 1×1 PNG, so the administrators' list can show it. */
const validPng = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

const unique = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

useOwnClientAddress();

async function logOut(page: Page) {
  await page.goto("/user");
  await page.getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator("#login-form")).toBeVisible();
}

async function openFeedback(page: Page, projectName: string) {
  await page.goto("/feedback");
  await ready(page, projectName);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Enviar feedback");
}

async function fillFeedback(page: Page, title: string, file?: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel("Título").fill(title);
  await page.getByLabel("Tipo").selectOption({ label: "Sugestão" });
  await page.getByLabel("Descrição").fill("O gráfico de PETR4 não carrega no celular.");
  if (file) await page.getByLabel("Imagens (opcional)").setInputFiles(file);
}

const submit = (page: Page) => page.locator("#feedback-form").getByRole("button", { name: "Enviar feedback" }).click();

test("feedback with a valid screenshot is sent and the admin sees it with its image @db", async ({ page }, { project }) => {
  test.slow();
  await signedInAccount(page, "fb", project.name);
  await openFeedback(page, project.name);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");

  const title = unique("Gráfico em branco");
  await fillFeedback(page, title, { name: "tela.png", mimeType: "image/png", buffer: validPng });
  await submit(page);
  await expect(page.getByTestId("toast")).toContainText("Feedback enviado");
  await expect(page).toHaveURL(/\/feedback$/);
  await expect(page.getByLabel("Título")).toHaveValue("");

  await logOut(page);
  await signInAsAdmin(page, project.name);
  await page.goto("/admin/feedback");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Feedback recebido");
  const item = page.getByTestId("feedback-item").filter({ hasText: title });
  await expect(item).toContainText("Sugestão");
  await expect(item).toContainText("O gráfico de PETR4 não carrega no celular.");
  const image = item.getByRole("img");
  await expect(image).toHaveAttribute("alt", `Imagem 1 de "${title}"`);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

  const response = await page.request.get((await image.getAttribute("src")) ?? "");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
  // The server adds nosniff to every response as well, so the header may carry it twice.
  expect(response.headers()["x-content-type-options"]).toMatch(/^nosniff(, nosniff)?$/);
  expect(response.headers()["content-disposition"]).toBe("inline");
  expect(Buffer.from(await response.body()).equals(validPng)).toBe(true);
});

test("an oversized or a fake image is refused and nothing is stored @db", async ({ page }, { project }) => {
  test.slow();
  await signedInAccount(page, "fbbad", project.name);
  await openFeedback(page, project.name);

  const oversizedTitle = unique("Imagem grande");
  const oversized = Buffer.alloc(1024 * 1024 + 100_000);
  validPng.copy(oversized);
  await fillFeedback(page, oversizedTitle, { name: "grande.png", mimeType: "image/png", buffer: oversized });
  await submit(page);
  await expect(page.locator("#feedback-form-images-error")).toHaveText("Cada imagem deve ter menos de 1 MB");
  await expect(page.getByLabel("Imagens (opcional)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Título")).toHaveValue(oversizedTitle);

  const fakeTitle = unique("Imagem falsa");
  await openFeedback(page, project.name);
  await fillFeedback(page, fakeTitle, {
    name: "captura.png",
    mimeType: "image/png",
    buffer: Buffer.from("isto é só texto, não uma imagem"),
  });
  await submit(page);
  await expect(page.locator("#feedback-form-images-error")).toHaveText("Envie apenas imagens PNG, JPEG, WebP ou GIF");
  await expect(page.getByLabel("Título")).toHaveValue(fakeTitle);
  await expect(page.getByTestId("toast")).toHaveCount(0);

  // Missing fields are told next to each one.
  await openFeedback(page, project.name);
  await submit(page);
  await expect(page.locator("#feedback-form-title-error")).toHaveText("Informe um título");
  await expect(page.locator("#feedback-form-type-error")).toHaveText("Escolha um tipo");
  await expect(page.locator("#feedback-form-description-error")).toHaveText("Informe uma descrição");

  await logOut(page);
  await signInAsAdmin(page, project.name);
  await page.goto("/admin/feedback");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Feedback recebido");
  await expect(page.getByText(oversizedTitle)).toHaveCount(0);
  await expect(page.getByText(fakeTitle)).toHaveCount(0);
});

test("the type and image fields match the others and speak the page's language @db", async ({ page }, { project }) => {
  const js = javaScriptOn(project.name);
  await signedInAccount(page, "fbfields", project.name);
  await openFeedback(page, project.name);
  // An empty report: each field says what is missing (without JavaScript, the server does).
  await submit(page);
  await expect(page.locator("#feedback-form-title-error")).toHaveText("Informe um título");
  await expect(page.locator("#feedback-form-type-error")).toHaveText("Escolha um tipo");
  await expect(page.locator("#feedback-form-description-error")).toHaveText("Informe uma descrição");
  await expect(page.getByLabel("Descrição")).toHaveAttribute("aria-invalid", "true");
  await expectKitControls(page.locator("#feedback-form"));
  const look = (label: string) =>
    page.getByLabel(label, { exact: true }).evaluate((control) => {
      const style = getComputedStyle(control);
      return [style.borderTopWidth, style.borderTopLeftRadius, style.backgroundColor, style.minHeight].join(" ");
    });
  expect(await look("Tipo")).toBe(await look("Título"));

  const images = page.getByLabel("Imagens (opcional)");
  // The browser's own button and its English "No file chosen" are hidden; the input still takes the focus.
  expect((await images.boundingBox())?.width).toBeLessThanOrEqual(1);
  await images.focus();
  await expect(images).toBeFocused();
  const button = page.getByTestId("file-picker-button");
  const status = page.getByTestId("file-picker-status");
  await expect(button).toHaveText("Escolher imagem");
  await expect(status).toHaveText(js ? "Nenhum arquivo escolhido" : "");
  await images.setInputFiles({ name: "tela.png", mimeType: "image/png", buffer: validPng });
  if (js) await expect(status).toHaveText("tela.png");

  for (const { language, choose, none } of [
    { language: "en", choose: "Choose image", none: "No file chosen" },
    { language: "es", choose: "Elegir imagen", none: "Ningún archivo elegido" },
  ]) {
    await page.goto(`/feedback?lng=${language}`);
    await ready(page, project.name);
    await expect(button).toHaveText(choose);
    await expect(status).toHaveText(js ? none : "");
  }
});

test("feedback pages are for signed-in users, the list for administrators only @db", async ({ page }, { project }) => {
  await page.goto("/feedback");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Ffeedback$/);

  await signedInAccount(page, "fbuser", project.name);
  await openFeedback(page, project.name);
  // axe runs as a script in the page.
  if (javaScriptOn(project.name)) await expectNoSeriousA11yViolations(page);
  const list = await page.goto("/admin/feedback");
  expect(list?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Página não encontrada");
  expect((await page.request.get("/admin/feedback/images/1")).status()).toBe(404);
});

test("the Resources page shows counts to a signed-in user and the sign-in hint to a visitor @db", async ({ page }, { project }) => {
  await page.goto("/more");
  await ready(page, project.name);
  await expect(page.getByText("Entre na sua conta para usar estes recursos.")).toBeVisible();
  await expect(page.getByTestId("count-favoriteItems")).toHaveCount(0);

  await signedInAccount(page, "fbmore", project.name);
  await page.goto("/more");
  await ready(page, project.name);
  for (const key of ["favoriteItems", "favoriteCryptos", "favoriteStocks", "registerTables"]) {
    await expect(page.getByTestId(`count-${key}`)).toHaveText("Salvos: 0");
  }
  await expect(page.getByText("Entre na sua conta para usar estes recursos.")).toHaveCount(0);
  await expect(page.locator("#tools")).toBeVisible();

  await page.goto("/more?lng=en");
  await expect(page.getByTestId("count-registerTables")).toHaveText("Saved: 0");
});
