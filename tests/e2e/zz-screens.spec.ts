import { test } from "@playwright/test";
for (const [name, viewport] of [["desktop", { width: 1280, height: 800 }], ["phone", { width: 390, height: 844 }]] as const) {
  for (const q of ["petr", "bitcoin"]) {
    test(`${name} ${q}`, async ({ page }, { project }) => {
      test.skip(project.name !== "js-on");
      await page.setViewportSize(viewport);
      await page.goto("/");
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      await page.keyboard.press("Control+k");
      await page.getByRole("dialog").getByRole("combobox").fill(q);
      await page.getByRole("dialog").getByRole("option").first().waitFor();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `/tmp/search-shots/${name}-${q}.png` });
    });
  }
}
test("light desktop page", async ({ page }, { project }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/search?q=bit");
  await page.screenshot({ path: `/tmp/search-shots/page-${project.name}.png`, fullPage: true });
});
