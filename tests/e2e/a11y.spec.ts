import type { Locator, Page } from "@playwright/test";

import { expect, javaScriptOn, ready, test } from "./fixtures";

/** The app's teal (--accent) as the browser resolves it in the current theme. */
const accent = (page: Page) =>
  page.evaluate(() => {
    const probe = document.createElement("span");
    probe.style.color = "var(--accent)";
    document.body.append(probe);
    const color = getComputedStyle(probe).color;
    probe.remove();
    return color;
  });

const ring = (target: Locator) =>
  target.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: style.outlineWidth, color: style.outlineColor, offset: style.outlineOffset };
  });

for (const theme of ["dark", "light"]) {
  test(`the keyboard sees a 2 px teal ring on the header, its menus, the calendar and the chat button (${theme})`, async ({
    page,
    context,
    baseURL,
  }, { project }) => {
    await context.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
    await page.goto("/calendar?month=2026-11");
    await ready(page, project.name);
    const expected = { style: "solid", width: "2px", color: await accent(page), offset: "2px" };

    // Skip link, logo, Mercados, Notícias, Ferramentas, search field, search button, language, theme, account.
    const names: string[] = [];
    for (let stop = 0; stop < 10; stop++) {
      await page.keyboard.press("Tab");
      const focused = page.locator(":focus");
      names.push(await focused.evaluate((element) => element.getAttribute("aria-label") ?? element.textContent?.trim() ?? ""));
      expect(await ring(focused), names.at(-1)).toEqual(expected);
    }
    expect(names.at(-1)).toBe("Conectar a Conta");
    await expect(page.getByRole("dialog")).toBeHidden();

    // A menu's links have the ring too; tabbing on past the last one closes the menu (with JavaScript).
    const tools = page.getByRole("banner").locator("details", { has: page.locator("summary", { hasText: "Ferramentas" }) });
    await tools.locator("summary").focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expect(tools.getByRole("link").first()).toBeFocused();
    expect(await ring(tools.getByRole("link").first())).toEqual(expected);
    if (javaScriptOn(project.name)) {
      const links = await tools.getByRole("link").count();
      for (let stop = 0; stop < links; stop++) await page.keyboard.press("Tab");
      await expect(tools).not.toHaveAttribute("open");
    }

    // The calendar: the ring goes round the whole filter option and the whole event chip.
    const filter = page.locator(".calendar-filter__option", { has: page.getByRole("checkbox", { name: /^Dividendos/ }) });
    await page.getByRole("checkbox", { name: /^Dividendos/ }).focus();
    expect(await ring(filter)).toEqual(expected);
    const chip = page.getByTestId("calendar-day-2026-11-05").locator(".calendar-chip").first();
    await chip.getByRole("link").focus();
    expect(await ring(chip)).toEqual({ ...expected, offset: "1px" });

    await page.getByTestId("chat-open").focus();
    expect(await ring(page.getByTestId("chat-open"))).toEqual(expected);
  });
}
