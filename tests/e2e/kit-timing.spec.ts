import type { Page } from "@playwright/test";

import { expect, javaScriptOn, ready, test } from "./fixtures";

// The spec's component timing. Times are taken inside the page (when the pointer arrived, when
// the element changed), so a slow machine can only make a delay look longer, never shorter.

type Timing = { entered: Record<string, number>; left: Record<string, number>; changes: { at: number; value: string }[] };

/**
 * Records, in the page, when the pointer enters and leaves each of `selectors` and each time
 * `probe` (an expression) changes its value after a change to the document.
 */
async function watch(page: Page, selectors: string[], probe: string) {
  await page.evaluate(
    ({ selectors, probe }) => {
      const state: Timing = { entered: {}, left: {}, changes: [] };
      (window as unknown as { timing: Timing }).timing = state;
      for (const selector of selectors) {
        const target = document.querySelector(selector)!;
        target.addEventListener("pointerenter", () => (state.entered[selector] ??= performance.now()));
        target.addEventListener("pointerleave", () => (state.left[selector] ??= performance.now()));
      }
      const read = new Function(`return String(${probe})`) as () => string;
      let last = read();
      // A MutationObserver records the change in the same task that made it, so by the time the
      // test sees the new text the change is already on record (a frame loop could lag behind).
      new MutationObserver(() => {
        const value = read();
        if (value !== last) state.changes.push({ at: performance.now(), value });
        last = value;
      }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    },
    { selectors, probe },
  );
}

const timing = (page: Page) => page.evaluate(() => (window as unknown as { timing: Timing }).timing);

test("a tooltip opens after 700 ms, the next one at once, and Escape dismisses it", async ({ page }, { project }) => {
  test.skip(!javaScriptOn(project.name), "without JavaScript a CSS hint shows after the same delay (checked below)");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/cryptos");
  await ready(page, project.name);
  const toggleSelector = '[data-testid="theme-toggle"]';
  const starSelector = '[data-testid^="star-"]';
  const toggle = page.locator(toggleSelector);
  await watch(page, [toggleSelector, starSelector], "document.querySelector('[data-testid=tooltip]')?.textContent ?? ''");
  await toggle.hover();
  const tooltip = page.getByTestId("tooltip");
  await expect(tooltip).toHaveText(/Ativar modo (claro|escuro)/);
  let times = await timing(page);
  expect(times.changes[0]!.at - times.entered[toggleSelector]!).toBeGreaterThanOrEqual(650);
  // The bubble is for the eye: the button already carries the same name.
  await expect(tooltip).toHaveAttribute("aria-hidden", "true");
  await expect(toggle).toHaveAccessibleName(/Ativar modo/);

  await page.keyboard.press("Escape");
  await expect(tooltip).toHaveCount(0);

  // Moving straight on to another control (within 300 ms of one closing) skips the delay.
  await page.mouse.move(640, 700);
  await toggle.hover();
  await expect(tooltip).toBeVisible();
  await page.locator(starSelector).first().hover();
  await expect(tooltip).toHaveText(/favoritos/);
  times = await timing(page);
  const starShown = times.changes.find((change) => /favoritos/.test(change.value))!.at;
  expect(starShown - times.entered[starSelector]!).toBeLessThan(650);
});

test("without JavaScript the tooltip is a CSS hint that waits 700 ms", async ({ page }, { project }) => {
  test.skip(javaScriptOn(project.name), "with JavaScript the tooltip layer shows it (checked above)");
  await page.goto("/cryptos");
  const toggle = page.getByTestId("theme-toggle");
  await expect(toggle).toHaveAttribute("data-tooltip", /Ativar modo/);
  await toggle.hover();
  const hint = await toggle.evaluate((element) => {
    const after = getComputedStyle(element, "::after");
    return { content: after.content, delay: after.transitionDelay };
  });
  expect(hint.content).toMatch(/Ativar modo/);
  expect(hint.delay).toBe("0.7s");
});

test("a hover card opens 700 ms after the pointer arrives and closes 300 ms after it leaves", async ({ page }, { project }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/team");
  await ready(page, project.name);
  const card = page.locator(".kit-hover-card").first();
  const dropdown = card.getByTestId("hover-card-dropdown");
  await card.hover();
  await expect(dropdown).toBeVisible();
  expect(await dropdown.evaluate((element) => getComputedStyle(element).transitionDelay)).toBe("0.7s, 0.7s, 0.7s");
  await page.mouse.move(1200, 780);
  await expect(dropdown).toBeHidden();
  expect(await dropdown.evaluate((element) => getComputedStyle(element).transitionDelay)).toBe("0.3s, 0.3s, 0.45s");

  if (!javaScriptOn(project.name)) return;
  // Escape dismisses it without moving the pointer (WCAG 1.4.13).
  await card.hover();
  await expect(dropdown).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dropdown).toBeHidden();
});

test("a header menu opens after 100 ms of hover, closes after a 300 ms grace, and a click pins it", async ({ page }, { project }) => {
  test.skip(!javaScriptOn(project.name), "without JavaScript the menus open on click, as <details> do");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/news");
  await ready(page, project.name);
  const menu = page.locator("details.menu").first();
  await expect(menu.locator("summary")).toContainText("Mercados");
  await watch(page, ["details.menu"], "document.querySelector('details.menu').open");
  await menu.locator("summary").hover();
  await expect(menu).toHaveAttribute("open", "");
  let times = await timing(page);
  expect(times.changes[0]!.at - times.entered["details.menu"]!).toBeGreaterThanOrEqual(95);

  await page.mouse.move(640, 700);
  await expect(menu).not.toHaveAttribute("open");
  times = await timing(page);
  expect(times.changes[1]!.at - times.left["details.menu"]!).toBeGreaterThanOrEqual(290);

  // Opened by hover then clicked: it stays open when the pointer leaves.
  await menu.locator("summary").hover();
  await expect(menu).toHaveAttribute("open", "");
  await menu.locator("summary").click();
  await page.mouse.move(640, 700);
  await page.waitForTimeout(600);
  await expect(menu).toHaveAttribute("open", "");
});
