import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test as base } from "@playwright/test";

/** Every page must load without console errors or hydration warnings when JavaScript runs. */
export const test = base.extend<{ consoleProblems: string[] }>({
  consoleProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on("console", (message) => {
        const text = message.text();
        // 404 pages are requested on purpose in these tests.
        if (text.includes("status of 404")) return;
        if (message.type() === "error" || /hydrat/i.test(text)) problems.push(`${message.type()}: ${text}`);
      });
      page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
      await use(problems);
      expect(problems, "console errors or hydration warnings").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export const javaScriptOn = (projectName: string) => projectName === "js-on";

/** Waits until React has hydrated, so clicks reach React handlers rather than plain HTML. */
export async function ready(page: Page, projectName: string) {
  if (javaScriptOn(projectName)) await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/** axe's serious and critical findings against WCAG 2.2 A and AA, each with the first offending element. */
export async function seriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  return results.violations
    .filter((violation) => ["serious", "critical"].includes(violation.impact ?? ""))
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length}) ${violation.nodes[0]?.target.join(" ")}`);
}

export async function expectNoSeriousA11yViolations(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
}
