import type { Page } from "@playwright/test";

import { signedInAccount } from "./accounts";
import { expect, test } from "./fixtures";

/**
 * Each component imports its own stylesheet, so a page must link every stylesheet its components
 * need on a direct load, not only after a client-side navigation has fetched them. Every page here
 * is the first one its browser opens, and computed styles show that the rules arrived.
 */

type Check = { selector: string; property: string; value: string | RegExp };

/** All checks in one round trip: each property as the page computed it, then compared here. */
async function expectStyles(page: Page, checks: Check[]) {
  const actual = await page.evaluate(
    (list) =>
      list.map(({ selector, property }) => {
        const element = document.querySelector(selector);
        return element ? getComputedStyle(element).getPropertyValue(property) : `no ${selector}`;
      }),
    checks.map(({ selector, property }) => ({ selector, property })),
  );
  checks.forEach(({ selector, property, value }, index) => {
    expect(actual[index], `${selector} { ${property} }`).toMatch(value instanceof RegExp ? value : new RegExp(`^${value}$`));
  });
}

/** The shell on every page: header, its menus and controls, breadcrumb and footer. */
const shell: Check[] = [
  { selector: ".site-header", property: "position", value: "sticky" },
  { selector: ".site-header__inner", property: "display", value: "flex" },
  { selector: ".brand", property: "column-gap", value: "10px" },
  { selector: ".main-nav ul", property: "display", value: "flex" },
  { selector: ".menu > summary", property: "display", value: "inline-flex" },
  { selector: ".menu > summary", property: "list-style-type", value: "none" },
  { selector: ".account-link", property: "border-top-style", value: "solid" },
  { selector: "[data-testid=theme-toggle]", property: "width", value: "40px" },
  { selector: ".language-code", property: "text-transform", value: "uppercase" },
  { selector: ".switch__track", property: "width", value: "40px" },
  // Three columns: brand, information links, theme and social networks.
  { selector: ".site-footer__inner", property: "grid-template-columns", value: /^\S+px \S+px \S+px$/ },
  { selector: ".site-footer__links", property: "list-style-type", value: "none" },
  { selector: ".bottom-nav", property: "display", value: "none" },
  { selector: ".search-dialog", property: "border-top-style", value: "solid" },
];

const breadcrumb: Check[] = [
  { selector: ".breadcrumb ol", property: "display", value: "flex" },
  { selector: ".breadcrumb ol", property: "list-style-type", value: "none" },
];

const pages: { path: string; checks: Check[] }[] = [
  { path: "/", checks: shell },
  { path: "/cryptos", checks: [...shell, ...breadcrumb] },
  { path: "/about-us", checks: [...breadcrumb, { selector: ".prose p", property: "line-height", value: "26.4px" }] },
  {
    path: "/more",
    checks: [
      { selector: ".card-grid", property: "list-style-type", value: "none" },
      { selector: ".card-link", property: "display", value: "block" },
    ],
  },
  { path: "/faq", checks: [{ selector: ".faq-item", property: "border-bottom-style", value: "solid" }] },
  { path: "/about-data", checks: [{ selector: ".data-sources > div", property: "display", value: "grid" }] },
  { path: "/privacy-policy", checks: [{ selector: ".toc", property: "border-top-style", value: "solid" }] },
  { path: "/team", checks: [{ selector: ".member-avatar", property: "border-radius", value: "50%" }] },
  { path: "/login", checks: [{ selector: ".social-sign-in", property: "display", value: "grid" }] },
  { path: "/no-such-page", checks: [...shell, { selector: ".error-page__status", property: "font-size", value: "64px" }] },
];

// Playwright gives each test a new browser context: nothing is cached from an earlier page.
test.describe("on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const { path, checks } of pages) {
    test(`a direct load of ${path} brings the styles of every component on it`, async ({ page }) => {
      await page.goto(path);
      await expectStyles(page, checks);
    });
  }

  test("the account page, opened first, has its own styles @db", async ({ page }, { project }) => {
    await signedInAccount(page, "styles", project.name);
    await page.goto("/user");
    await expectStyles(page, [
      { selector: ".account-facts", property: "display", value: "flex" },
      { selector: ".account-section", property: "border-top-style", value: "solid" },
      ...shell,
    ]);
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the bottom navigation is fixed to the screen and the footer has one column", async ({ page }) => {
    await page.goto("/news");
    await expectStyles(page, [
      { selector: ".bottom-nav", property: "position", value: "fixed" },
      { selector: ".bottom-nav ul", property: "display", value: "grid" },
      { selector: ".main-nav", property: "display", value: "none" },
      { selector: ".site-footer__inner", property: "grid-template-columns", value: /^\S+px$/ },
      ...breadcrumb,
    ]);
  });

  test("the header search's button sits inside its field, with or without JavaScript", async ({ page }) => {
    await page.goto("/news");
    // The tooltip's fallback without JavaScript once pulled it out beside the field, cutting the placeholder to "Bu…".
    await expectStyles(page, [{ selector: ".search-bar__submit", property: "position", value: "absolute" }]);
    const field = await page.locator(".search-bar__input").boundingBox();
    const button = await page.locator(".search-bar__submit").boundingBox();
    expect(button!.x + button!.width).toBeLessThanOrEqual(field!.x + field!.width);
  });
});
