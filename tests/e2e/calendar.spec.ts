import type { Locator, Page } from "@playwright/test";

import { expect, expectNoSeriousA11yViolations, javaScriptOn, ready, test } from "./fixtures";

/** "Today" on the calendar is B3's today, in São Paulo. */
function saoPauloToday() {
  const now = new Date();
  const part = (options: Intl.DateTimeFormatOptions, locale = "en-US") =>
    new Intl.DateTimeFormat(locale, { ...options, timeZone: "America/Sao_Paulo" }).format(now);
  return {
    date: `${part({ year: "numeric" })}-${part({ month: "2-digit" })}-${part({ day: "2-digit" })}`,
    title: part({ month: "long", year: "numeric" }, "pt-BR"),
  };
}

/** The smallest width and height among the targets: WCAG 2.5.8 asks for 24 × 24 CSS px. */
const smallestBox = (targets: Locator) =>
  targets.evaluateAll((nodes) => {
    const boxes = nodes.map((node) => node.getBoundingClientRect()).filter((box) => box.width > 0);
    return { count: boxes.length, width: Math.min(...boxes.map((box) => box.width)), height: Math.min(...boxes.map((box) => box.height)) };
  });

const kindsShown = (events: Locator) => events.evaluateAll((nodes) => [...new Set(nodes.map((node) => node.getAttribute("data-kind")))]);

async function chooseOnly(page: Page, projectName: string, kind: RegExp) {
  await page.getByRole("checkbox", { name: kind }).check();
  if (!javaScriptOn(projectName)) await page.getByRole("button", { name: "Filtrar" }).click();
}

test("opens on the current month with today highlighted", async ({ page }, { project }) => {
  const today = saoPauloToday();
  await page.goto("/calendar");
  await ready(page, project.name);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Calendário");
  await expect(page.getByTestId("calendar-title")).toHaveText(today.title);
  await expect(page.getByTestId("demo-notice")).toBeVisible();
  const grid = page.getByTestId("calendar-grid");
  await expect(grid).toBeVisible();
  await expect(grid.getByRole("columnheader")).toHaveText(
    ["dom.", "seg.", "ter.", "qua.", "qui.", "sex.", "sáb."].map((short) => new RegExp(`^${short}`, "i")),
  );
  const todayCell = grid.locator('td[aria-current="date"]');
  await expect(todayCell).toHaveCount(1);
  await expect(todayCell).toHaveAttribute("data-testid", `calendar-day-${today.date}`);
  await expect(todayCell.getByText("Hoje", { exact: true })).toBeVisible();
  await expect(todayCell).toHaveCSS("outline-style", "solid");
  await expect(page.getByTestId("calendar-list")).toBeHidden();
  if (javaScriptOn(project.name)) await expectNoSeriousA11yViolations(page);
});

test("previous and next month links change the month; the kind filter stays across them", async ({ page }, { project }) => {
  await page.goto("/calendar?month=2026-11");
  await ready(page, project.name);
  const grid = page.getByTestId("calendar-grid");
  const events = grid.locator("[data-kind]");
  await expect.poll(async () => (await kindsShown(events)).sort()).toEqual(["dividend", "earnings", "economic", "holiday"]);

  await chooseOnly(page, project.name, /^Feriados/);
  await expect(page).toHaveURL(/\/calendar\?month=2026-11&kind=holiday$/);
  await expect(page.getByRole("checkbox", { name: /^Feriados/ })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: /^Resultados/ })).not.toBeChecked();
  await expect(grid.getByText("B3 fechada — Finados")).toBeVisible();
  await expect.poll(() => kindsShown(events)).toEqual(["holiday"]);

  await page.getByRole("link", { name: "Próximo mês" }).click();
  await expect(page).toHaveURL(/\/calendar\?month=2026-12&kind=holiday$/);
  await expect(page.getByTestId("calendar-title")).toHaveText("dezembro de 2026");
  await expect(grid.getByText("B3 fechada — Natal")).toBeVisible();
  await expect.poll(() => kindsShown(events)).toEqual(["holiday"]);

  // One step at a time: a second click before the first navigation ends would follow the old link.
  await page.getByRole("link", { name: "Mês anterior" }).click();
  await expect(page.getByTestId("calendar-title")).toHaveText("novembro de 2026");
  await page.getByRole("link", { name: "Mês anterior" }).click();
  await expect(page).toHaveURL(/\/calendar\?month=2026-10&kind=holiday$/);
  await expect(page.getByTestId("calendar-title")).toHaveText("outubro de 2026");
  await expect(page.getByRole("checkbox", { name: /^Feriados/ })).toBeChecked();
  await expect.poll(() => kindsShown(events)).toEqual(["holiday"]);

  await page.getByRole("link", { name: /^Todos: \d+$/ }).click();
  await expect(page).toHaveURL(/\/calendar\?month=2026-10$/);
  await expect(page.getByRole("checkbox", { name: /^Feriados/ })).not.toBeChecked();
  await expect(grid.locator('[data-kind="earnings"]').first()).toBeAttached();

  await page.getByRole("link", { name: "Hoje", exact: true }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page.getByTestId("calendar-title")).toHaveText(saoPauloToday().title);
});

test("a B3 company's event links to its stock page", async ({ page }, { project }) => {
  await page.goto("/calendar?month=2026-11&kind=earnings");
  await ready(page, project.name);
  const day = page.getByTestId("calendar-day-2026-11-05");
  // The chip shows the ticker; its name says the whole event.
  const link = day.getByRole("link", { name: "Resultado: Resultado do 3º trimestre — PETR3" });
  await expect(link.locator("[aria-hidden]")).toHaveText("PETR3");
  await link.click();
  await expect(page).toHaveURL(/\/stocks\/PETR3$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("PETR3");
});

test("a filter that leaves nothing says so, and an invalid month opens the current one", async ({ page }, { project }) => {
  await page.goto("/calendar?month=2026-12&kind=earnings");
  await ready(page, project.name);
  await expect(page.getByTestId("calendar-empty")).toHaveText("Nenhum evento dos tipos escolhidos neste mês. Mostrar todos os tipos");
  await expect(page.getByTestId("calendar-grid").locator("[data-kind]")).toHaveCount(0);

  const response = await page.goto("/calendar?month=2026-13&kind=nonsense");
  expect(response?.status()).toBe(200);
  await ready(page, project.name);
  await expect(page.getByTestId("calendar-title")).toHaveText(saoPauloToday().title);
});

test("every chip, fold and filter in the month grid is at least 24 × 24 px", async ({ page }, { project }) => {
  await page.goto("/calendar?month=2026-11");
  await ready(page, project.name);
  const grid = page.getByTestId("calendar-grid");
  for (const targets of [grid.getByRole("link"), grid.locator("summary"), page.locator(".calendar-filter__option")]) {
    const smallest = await smallestBox(targets);
    expect(smallest.count).toBeGreaterThan(3);
    expect(smallest.width).toBeGreaterThanOrEqual(24);
    expect(smallest.height).toBeGreaterThanOrEqual(24);
  }
  const chip = await grid.getByRole("link").first().boundingBox();
  expect(chip!.height).toBeGreaterThanOrEqual(24);
  // The grid still fits the page: seven equal columns, no sideways scroll.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("shows the month as a list of days", async ({ page }, { project }) => {
    await page.goto("/calendar?month=2026-11&lng=en");
    await ready(page, project.name);
    await expect(page.getByTestId("calendar-title")).toHaveText("November 2026");
    await expect(page.getByTestId("calendar-grid")).toBeHidden();
    const list = page.getByTestId("calendar-list");
    await expect(list).toBeVisible();
    const finados = list.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Monday, November 2" }) });
    await expect(finados.getByText("B3 closed — All Souls' Day")).toBeVisible();
    await expect(finados.getByText("Holiday", { exact: true })).toBeVisible();
    await expect(list.getByRole("link", { name: "Q3 earnings — PETR3" })).toHaveAttribute("href", "/stocks/PETR3");
    const smallest = await smallestBox(list.getByRole("link"));
    expect(smallest.height).toBeGreaterThanOrEqual(24);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    if (javaScriptOn(project.name)) await expectNoSeriousA11yViolations(page);
  });
});
