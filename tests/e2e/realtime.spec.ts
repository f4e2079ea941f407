import type { Locator, Page } from "@playwright/test";

import { createAccount, signIn, useOwnClientAddress } from "./accounts";
import { expect, javaScriptOn, ready, test } from "./fixtures";

useOwnClientAddress();

// The server's demo prices tick every second here (playwright.config.ts); the socket connects
// once the page is idle. A busy machine can take a while for both, so the waits are generous.
const tickTimeout = 30_000;

test.beforeEach(({}, testInfo) => {
  test.skip(!javaScriptOn(testInfo.project.name), "ticks arrive over a socket the page's scripts open");
  testInfo.setTimeout(90_000);
});

/** Opens `path` and marks the document, so a reload (which would lose the mark) cannot pass for a tick. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await ready(page, "js-on");
  await page.evaluate(() => Object.assign(window, { realtimeSpecMark: true }));
}

async function expectNoReload(page: Page) {
  expect(await page.evaluate(() => (window as { realtimeSpecMark?: boolean }).realtimeSpecMark)).toBe(true);
}

/** Waits until `locator`'s text is no longer what it was when the page was rendered. */
async function expectTextToChange(locator: Locator) {
  const rendered = await locator.innerText();
  expect(rendered).toMatch(/\d/);
  await expect.poll(() => locator.innerText(), { timeout: tickTimeout }).not.toBe(rendered);
  // Still formatted as the page's locale and currency formats it: R$ and a decimal comma.
  expect(await locator.innerText()).toMatch(/^R\$\s?[\d.]+,\d{2,}$/);
}

/**
 * A flashing price's animation and whether it is tinted, once one is seen (the flash class stays
 * 800 ms after a move).
 */
function flash(page: Page) {
  return expect.poll(
    () =>
      page.evaluate(() => {
        const flashing = document.querySelector(".live-flash");
        if (!flashing) return null;
        const style = getComputedStyle(flashing);
        return { animation: style.animationName, tinted: !["rgba(0, 0, 0, 0)", "transparent"].includes(style.backgroundColor) };
      }),
    { timeout: tickTimeout, intervals: [50] },
  );
}

test("the crypto list's prices change without a reload", async ({ page }) => {
  await visit(page, "/cryptos");
  const firstPrice = page.getByTestId("crypto-table").locator("tbody tr").first().locator("[data-live-key]");
  await expect(firstPrice).toHaveAttribute("data-live-key", "crypto:bitcoin:brl");
  await expectTextToChange(firstPrice);
  await expectNoReload(page);
});

test("a crypto's header and statistics follow the same live price", async ({ page }) => {
  await visit(page, "/cryptos/bitcoin");
  const headerPrice = page.getByTestId("asset-header").getByTestId("price");
  await expect(headerPrice).toHaveAttribute("data-live-key", "crypto:bitcoin:brl");
  await expectTextToChange(headerPrice);
  const statPrice = page.getByTestId("statistics").locator('dd[data-live-key="crypto:bitcoin:brl"]');
  // One price everywhere: both show the newest tick (between two ticks, they agree).
  await expect(async () => expect(await statPrice.innerText()).toBe(await headerPrice.innerText())).toPass({ timeout: tickTimeout });
  await expectNoReload(page);
});

test("the home ticker tape ticks", async ({ page }) => {
  await visit(page, "/");
  const tapePrice = page.getByTestId("ticker-tape").locator('ul:not([aria-hidden]) [data-live-key="crypto:bitcoin:brl"]');
  await expectTextToChange(tapePrice);
  await expectNoReload(page);
});

test("a price move flashes: a fading tint", async ({ page }) => {
  await visit(page, "/cryptos");
  await flash(page).toMatchObject({ animation: "live-flash" });
});

test("under reduced motion, a price move tints without animating", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await visit(page, "/cryptos");
  await flash(page).toEqual({ animation: "none", tinted: true });
});

test("the chart's last point follows the live price", async ({ page }) => {
  await visit(page, "/cryptos/bitcoin?chart=line&series=close");
  const headerPrice = page.getByTestId("asset-header").getByTestId("price");
  const chart = page.getByTestId("canvas-chart");
  await expect(chart.locator("canvas").first()).toBeVisible();
  await expectTextToChange(headerPrice);
  const tooltip = page.getByTestId("chart-tooltip");
  let nudge = 0;
  await expect(async () => {
    // The plot's right end (left of the price axis) is the last point; the tooltip shows its value.
    const plotWidth = await chart.evaluate(
      (element) =>
        element.getBoundingClientRect().width - (element.querySelector("table tr td:last-child")?.getBoundingClientRect().width ?? 0),
    );
    nudge = 1 - nudge;
    await chart.hover({ position: { x: plotWidth - 4 - nudge, y: 60 } });
    const shown = await tooltip.innerText();
    expect(shown.slice(shown.indexOf(": ") + 2)).toBe(await headerPrice.innerText());
  }).toPass({ timeout: tickTimeout });
  await expectNoReload(page);
});

test("favourites tick too (record tables show the same cells) @db", async ({ page }, { project }) => {
  await signIn(page, await createAccount("live", project.name));
  await visit(page, "/cryptos/bitcoin");
  // The star turns at once (optimistic): leave only once its post is answered, or it may be cut off.
  const starred = page.waitForResponse(
    (response) => /^\/favorites(\.data)?$/.test(new URL(response.url()).pathname) && response.request().method() === "POST",
  );
  await page.getByTestId("star-crypto-bitcoin").first().click();
  await expect(page.getByTestId("star-crypto-bitcoin").first()).toHaveAttribute("aria-pressed", "true");
  await starred;
  await visit(page, "/user/favorite-items");
  await expectTextToChange(page.getByTestId("favorite-crypto-bitcoin").locator('[data-live-key="crypto:bitcoin:brl"]'));
  await expectNoReload(page);
});
