import AxeBuilder from "@axe-core/playwright";
import type { Page, Request } from "@playwright/test";

import { openAccountPage, signedInAccount, useOwnClientAddress } from "./accounts";
import { expect, expectNoSeriousA11yViolations, javaScriptOn, ready, test } from "./fixtures";

useOwnClientAddress();

const greeting = /Olá! Sou o assistente do Market Analytics/;

/** With JavaScript: the floating button opens the chat in a dialog. */
async function openPanel(page: Page) {
  await page.getByTestId("chat-open").click();
  const dialog = page.getByTestId("chat-dialog");
  await expect(dialog).toBeVisible();
  return dialog;
}

function streamRequests(page: Page) {
  const requests: Request[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/chat/stream")) requests.push(request);
  });
  return requests;
}

async function ask(page: Page, question: string) {
  const input = page.getByTestId("chat-input");
  await input.fill(question);
  await input.press("Enter");
}

const replies = (page: Page) => page.getByTestId("chat-message-ai");
const lastReply = (page: Page) => replies(page).last();

test.describe("assistant with JavaScript", () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(!javaScriptOn(testInfo.project.name), "the panel and streaming need JavaScript");
  });

  test("visitors see the greeting, the privacy link and a sign-in link; Escape closes", async ({ page }, testInfo) => {
    await page.goto("/cryptos");
    await ready(page, testInfo.project.name);
    // It floats from the start, before the conversation's code is fetched.
    await expect(page.getByTestId("chat-open")).toHaveCSS("position", "fixed");
    const dialog = await openPanel(page);
    await expect(dialog.getByTestId("chat-message-ai")).toHaveText(greeting);
    await expect(dialog.getByRole("link", { name: "Política de Privacidade" })).toHaveAttribute("href", "/privacy-policy");
    await expect(dialog.getByRole("link", { name: "Entrar" })).toHaveAttribute("href", "/login?redirectTo=%2Fcryptos");
    await expect(dialog.getByTestId("chat-input")).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("chat-open")).toBeFocused();
  });

  test("opening puts the caret in the text box without moving the page; both themes read at WCAG AA contrast @db", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    await signedInAccount(page, "chat-a11y", testInfo.project.name);
    for (const theme of ["dark", "light"]) {
      await context.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
      await page.goto("/cryptos");
      await ready(page, testInfo.project.name);
      await page.evaluate(() => window.scrollTo(0, 400));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);

      // By keyboard, as the launcher is meant to be used.
      await page.getByTestId("chat-open").focus();
      await page.keyboard.press("Enter");
      await expect(page.getByTestId("chat-dialog")).toBeVisible();
      await expect(page.getByTestId("chat-input")).toBeFocused();
      expect(await page.evaluate(() => window.scrollY)).toBe(400);

      if (theme === "dark") {
        await page.keyboard.type("Qual o preço do bitcoin?");
        await page.keyboard.press("Enter");
        await expect(page.getByTestId("chat-messages")).toHaveAttribute("aria-busy", "false");
      }
      // The user's bubble, the reply with its source link, the dimmed labels and the send button.
      await expect(page.getByTestId("chat-message-user")).toBeVisible();
      await page.getByTestId("chat-input").fill("Mais uma pergunta");
      const contrast = await new AxeBuilder({ page }).include('[data-testid="chat-dialog"]').withRules(["color-contrast"]).analyze();
      expect(contrast.violations.flatMap((violation) => violation.nodes.map((node) => `${theme}: ${node.failureSummary}`))).toEqual([]);

      await page.keyboard.press("Escape");
      await expect(page.getByTestId("chat-dialog")).toBeHidden();
      await expect(page.getByTestId("chat-open")).toBeFocused();
      expect(await page.evaluate(() => window.scrollY)).toBe(400);
    }
  });

  test("a signed-in user sends, watches the reply stream in, and rates it @db", async ({ page }, testInfo) => {
    await signedInAccount(page, "chat", testInfo.project.name);
    await openAccountPage(page, testInfo.project.name);
    const requests = streamRequests(page);
    await openPanel(page);
    const send = page.getByTestId("chat-send");
    await expect(send).toBeDisabled();
    await page.getByTestId("chat-input").fill("   ");
    await expect(send).toBeDisabled();

    // Shift+Enter adds a line instead of sending.
    await page.getByTestId("chat-input").fill("Qual o preço do bitcoin?");
    await page.getByTestId("chat-input").press("Shift+Enter");
    await expect(page.getByTestId("chat-input")).toHaveValue("Qual o preço do bitcoin?\n");
    await page.getByTestId("chat-input").press("Enter");

    await expect(page.getByTestId("chat-message-user")).toHaveText(/Qual o preço do bitcoin\?/);
    // Streaming: the reply is visible while the conversation is still busy, then completes.
    const messages = page.getByTestId("chat-messages");
    await expect(messages).toHaveAttribute("aria-busy", "true");
    await expect(lastReply(page).getByTestId("chat-message-text")).not.toHaveText("");
    await expect(send).toBeDisabled();
    await expect(messages).toHaveAttribute("aria-busy", "false");
    await expect(lastReply(page)).toContainText("Bitcoin");
    await expect(lastReply(page).getByRole("link", { name: /Bitcoin/ })).toHaveAttribute("href", "/cryptos/bitcoin");
    expect(requests[0]?.postDataJSON()).toMatchObject({
      prompt: "Qual o preço do bitcoin?",
      lastUserMessage: null,
      lastBotMessage: null,
    });

    // Like and dislike are exclusive toggles.
    const like = lastReply(page).getByTestId("chat-like");
    const dislike = lastReply(page).getByTestId("chat-dislike");
    await like.click();
    await expect(like).toHaveAttribute("aria-pressed", "true");
    await dislike.click();
    await expect(dislike).toHaveAttribute("aria-pressed", "true");
    await expect(like).toHaveAttribute("aria-pressed", "false");
    await dislike.click();
    await expect(dislike).toHaveAttribute("aria-pressed", "false");
    await dislike.click();

    // The next request says so, and the offline assistant apologises.
    await ask(page, "E o ethereum?");
    await expect(messages).toHaveAttribute("aria-busy", "false");
    expect(requests[1]?.postDataJSON()).toMatchObject({
      prompt: "E o ethereum?",
      lastUserMessage: "Qual o preço do bitcoin?",
      likeOrDislikePreviousMessage: false,
    });
    await expect(lastReply(page)).toContainText("Desculpe");
    await expect(lastReply(page)).toContainText("Ethereum");

    // The conversation is stored: it is there after a full page load.
    await page.goto("/news");
    await ready(page, testInfo.project.name);
    await openPanel(page);
    await expect(page.getByTestId("chat-message-user")).toHaveCount(2);
    await expect(lastReply(page)).toContainText("Ethereum");
  });

  test("refresh asks the last question again; reload starts over with a toast @db", async ({ page }, testInfo) => {
    await signedInAccount(page, "chat-refresh", testInfo.project.name);
    await openAccountPage(page, testInfo.project.name);
    const requests = streamRequests(page);
    await openPanel(page);
    const reload = page.getByTestId("chat-reload");
    await expect(reload).toBeDisabled();

    await ask(page, "O que é Selic?");
    await expect(page.getByTestId("chat-messages")).toHaveAttribute("aria-busy", "false");
    await expect(lastReply(page)).toContainText("Copom");
    await expect(replies(page)).toHaveCount(2);

    await lastReply(page).getByTestId("chat-refresh").click();
    await expect(page.getByTestId("chat-messages")).toHaveAttribute("aria-busy", "false");
    await expect(replies(page)).toHaveCount(2);
    await expect(page.getByTestId("chat-message-user")).toHaveCount(1);
    await expect(lastReply(page)).toContainText("Copom");
    expect(requests[1]?.postDataJSON()).toMatchObject({ prompt: "O que é Selic?", refresh: true });

    const sessionBefore = requests[1]?.postDataJSON().sessionId;
    await reload.click();
    await expect(page.getByTestId("toast")).toContainText("Chat recarregado");
    await expect(replies(page)).toHaveCount(1);
    await expect(replies(page)).toHaveText(greeting);
    await expect(reload).toBeDisabled();

    await ask(page, "Olá");
    await expect(page.getByTestId("chat-messages")).toHaveAttribute("aria-busy", "false");
    expect(requests[2]?.postDataJSON().sessionId).not.toBe(sessionBefore);
    expect(requests[2]?.postDataJSON()).toMatchObject({ lastUserMessage: null, lastBotMessage: null });
  });

  test("the prompt stops at 1000 characters and a reply can be copied @db", async ({ page, context }, testInfo) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signedInAccount(page, "chat-limit", testInfo.project.name);
    await openAccountPage(page, testInfo.project.name);
    await openPanel(page);
    const input = page.getByTestId("chat-input");
    await input.fill("a".repeat(1100));
    await expect(input).toHaveValue("a".repeat(1000));
    await expect(page.getByTestId("chat-counter")).toHaveText("1000/1000 caracteres");
    await input.fill("");
    await expect(page.getByTestId("chat-counter")).toHaveText("0/1000 caracteres");

    await ask(page, "converter 100 USD para BRL");
    await expect(page.getByTestId("chat-messages")).toHaveAttribute("aria-busy", "false");
    await lastReply(page).getByTestId("chat-copy").click();
    await expect(page.getByTestId("toast")).toContainText("Texto copiado para a área de transferência");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await lastReply(page).getByTestId("chat-message-text").innerText());
  });
});

test.describe("assistant without JavaScript", () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(javaScriptOn(testInfo.project.name), "the plain-HTML round trip");
  });

  test("the floating button leads to /chat, which asks visitors to sign in", async ({ page }) => {
    await page.goto("/stocks");
    await expect(page.getByTestId("chat-open")).toHaveAttribute("href", "/chat");
    await expect(page.getByTestId("chat-open")).toHaveCSS("position", "fixed");
    await page.getByTestId("chat-open").click();
    await expect(page).toHaveURL(/\/chat$/);
    await expect(page.getByTestId("chat-message-ai")).toHaveText(greeting);
    await expect(page.getByRole("link", { name: "Entrar" })).toHaveAttribute("href", "/login?redirectTo=%2Fchat");
  });

  test("the /chat form round trip: ask, rate, refresh, reload @db", async ({ page }, testInfo) => {
    await signedInAccount(page, "chat-nojs", testInfo.project.name);
    await page.goto("/chat");
    await page.getByTestId("chat-send").click();
    await expect(page.getByTestId("chat-error")).toHaveText("Escreva uma pergunta.");

    await page.getByTestId("chat-input").fill("Quanto está a PETR4?");
    await page.getByTestId("chat-send").click();
    await expect(page).toHaveURL(/\/chat#chat-composer$/);
    await expect(page.getByTestId("chat-message-user")).toHaveText(/Quanto está a PETR4\?/);
    await expect(lastReply(page)).toContainText("PETR4");
    await expect(lastReply(page).getByRole("link", { name: /Petrobras/ })).toHaveAttribute("href", "/stocks/PETR4");

    await lastReply(page).getByTestId("chat-like").click();
    await expect(lastReply(page).getByTestId("chat-like")).toHaveAttribute("aria-pressed", "true");
    await lastReply(page).getByTestId("chat-dislike").click();
    await expect(lastReply(page).getByTestId("chat-dislike")).toHaveAttribute("aria-pressed", "true");
    await expect(lastReply(page).getByTestId("chat-like")).toHaveAttribute("aria-pressed", "false");

    await lastReply(page).getByTestId("chat-refresh").click();
    await expect(replies(page)).toHaveCount(2);
    await expect(lastReply(page)).toContainText("PETR4");
    await expect(lastReply(page).getByTestId("chat-dislike")).toHaveAttribute("aria-pressed", "false");

    await page.getByTestId("chat-reload").click();
    await expect(page.getByTestId("toast")).toContainText("Chat recarregado");
    await expect(replies(page)).toHaveCount(1);
    await expect(page.getByTestId("chat-message-user")).toHaveCount(0);
  });
});
