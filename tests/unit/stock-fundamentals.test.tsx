// @vitest-environment jsdom
import { MantineProvider } from "@mantine/core";
import { createInstance } from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";

import { resources } from "~/i18n/resources";
import StockPage, { loader } from "~/routes/stock";
import { payoutsShown } from "~/screens/around-asset";
import type { Services } from "~/services.server";

import { manualClock } from "../support/clock";
import { contextFor } from "../support/router-context";
import { createTestServices } from "../support/services";

/** Wednesday 2026-11-18 15:07:30 UTC: both B3 and the US are in session. */
const NOW = Date.UTC(2026, 10, 18, 15, 7, 30);
let services: Services;
beforeAll(async () => {
  services = await createTestServices({ clock: manualClock(NOW) });
});

type LoaderData = Awaited<ReturnType<typeof loader>>;

async function load(path: string): Promise<LoaderData> {
  const url = new URL(`http://localhost${path}`);
  const request = new Request(url);
  const context = await contextFor(request, services);
  const ticker = url.pathname.split("/").pop()!;
  return loader({ request, context, params: { ticker }, unstable_pattern: "", url } as never);
}

async function render(path: string, loaderData: LoaderData, language = "pt-BR") {
  const i18n = createInstance({ resources, lng: language, defaultNS: "common", showSupportNotice: false });
  await i18n.use(initReactI18next).init();
  const Stub = createRoutesStub([{ id: "stock", path: "/stocks/:ticker", Component: StockPage as never, loader: () => loaderData }]);
  const html = renderToString(
    <MantineProvider>
      <I18nextProvider i18n={i18n}>
        <Stub initialEntries={[path]} hydrationData={{ loaderData: { stock: loaderData } }} />
      </I18nextProvider>
    </MantineProvider>,
  );
  return new DOMParser().parseFromString(html, "text/html");
}

/** A grid's figures as label → shown value (the label without its hidden explanation). */
function figures(document: Document, testId: string): Record<string, string> {
  const cards = [...document.querySelectorAll(`[data-testid="${testId}"] .stat-card`)];
  return Object.fromEntries(
    cards.map((card) => [
      (card.querySelector(".stat-card__term") ?? card.querySelector("dt"))?.textContent ?? "",
      card.querySelector("dd")?.textContent ?? "",
    ]),
  );
}

/** "R$ 1.234,56" → 1234.56 */
const reais = (text: string) => Number(text.replace(/[^\d,-]/g, "").replace(",", "."));
const decimal = (text: string) => Number(text.replace(/\./g, "").replace(",", "."));

describe("a company's fundamentals", () => {
  it("sets P/L against the price the header shows: P/L × LPA is that price", async () => {
    const document = await render("/stocks/PETR4", await load("/stocks/PETR4"));
    const price = reais(document.querySelector('[data-testid="price"]')!.textContent!);
    const shown = figures(document, "fundamentals");
    expect(Object.keys(shown)).toEqual(
      expect.arrayContaining(["P/L", "P/VP", "DY (12 meses)", "ROE", "ROIC", "Margem líquida", "Dív. líquida/EBITDA", "LPA", "VPA"]),
    );
    expect(shown["Valor de mercado"]).toMatch(/R\$\s*[\d,]+\s*bi/);
    expect(shown["Liquidez média diária"]).toMatch(/R\$/);
    expect(shown["Mín. e máx. em 52 semanas"]).toMatch(/R\$.* a R\$/);
    expect(shown["Free float"]).toMatch(/%$/);
    // P/L shows two decimals and LPA cents: the product lands within their rounding of the price.
    expect(decimal(shown["P/L"]!) * reais(shown["LPA"]!)).toBeCloseTo(price, 0);
    const data = await load("/stocks/PETR4");
    const facts = data.facts!.data;
    expect((price / facts.earningsPerShare!).toFixed(2).replace(".", ",")).toBe(shown["P/L"]);
  });

  it("explains each label to keyboard and screen-reader users", async () => {
    const document = await render("/stocks/PETR4", await load("/stocks/PETR4"));
    const term = [...document.querySelectorAll(".stat-card__term")].find((element) => element.textContent === "P/L")!;
    expect(term.tagName).toBe("BUTTON");
    expect(term.getAttribute("data-tooltip")).toMatch(/Preço\/lucro/);
    expect(document.getElementById(term.getAttribute("aria-describedby")!)?.textContent).toBe(term.getAttribute("data-tooltip"));
    // And in a glossary that needs neither hover nor a keyboard (a phone).
    expect(document.querySelector('[data-testid="fundamentals-glossary"]')?.textContent).toContain(term.getAttribute("data-tooltip"));
  });

  it('shows "—" and says why when the source cannot give the figures or the payouts', async () => {
    const data = await load("/stocks/PETR4");
    const facts = data.facts!;
    const missing = {
      ...data,
      facts: {
        ...facts,
        data: {
          ...facts.data,
          earningsPerShare: null,
          bookValuePerShare: null,
          roe: null,
          roic: null,
          payouts: [],
          missing: ["fundamentals", "payouts"],
        },
      },
    } as LoaderData;
    const document = await render("/stocks/PETR4", missing);
    const shown = figures(document, "fundamentals");
    for (const label of ["P/L", "P/VP", "ROE", "ROIC", "LPA", "VPA", "DY (12 meses)"]) expect(shown[label], label).toBe("—");
    expect(document.querySelector('[data-testid="fundamentals-note"]')?.textContent).toBe("Seu plano do provedor não inclui estes dados.");
    expect(document.querySelector('[data-testid="payouts-note"]')?.textContent).toBe("Seu plano do provedor não inclui estes dados.");
    expect(document.querySelector('[data-testid="payouts-table"]')).toBeNull();
  });
});

describe("a FII", () => {
  it("shows the fund's figures and none of a company's", async () => {
    const document = await render("/stocks/HGLG11", await load("/stocks/HGLG11"));
    const shown = { ...figures(document, "statistics"), ...figures(document, "fundamentals") };
    expect(shown).toMatchObject({ Segmento: "Tijolo", Subsegmento: "FII de Galpões Logísticos" });
    for (const label of [
      "DY (12 meses)",
      "Último rendimento",
      "P/VP",
      "Valor patrimonial por cota",
      "Patrimônio líquido",
      "Número de cotistas",
    ]) {
      expect(shown[label], label).toMatch(/\d/);
    }
    for (const label of ["Indústria", "Setor", "P/L", "ROE", "ROIC", "LPA", "Margem líquida", "Dív. líquida/EBITDA"]) {
      expect(Object.keys(shown)).not.toContain(label);
    }
    expect(document.body.textContent).not.toContain("Indústria");
    expect(document.querySelector('[data-testid="payout-bars"] svg')?.getAttribute("aria-label")).toMatch(/últimos 12 meses/);
  });

  it("lists a year of payouts, newest first, and every one with ?proventos=all", async () => {
    const first = await render("/stocks/HGLG11", await load("/stocks/HGLG11"));
    const rows = [...first.querySelectorAll('[data-testid="payouts-table"] tbody tr')];
    expect(rows).toHaveLength(payoutsShown);
    const recordDates = rows.map((row) => row.querySelectorAll("td")[2]!.textContent!.split("/").reverse().join("-"));
    expect(recordDates).toEqual([...recordDates].sort().reverse());
    expect(rows[0]!.querySelectorAll("td")[0]!.textContent).toBe("Rendimento");
    const toggle = first.querySelector('[data-testid="payouts-toggle"]')!;
    expect(toggle.getAttribute("href")).toBe("/stocks/HGLG11?proventos=all#proventos");

    const all = await load("/stocks/HGLG11?proventos=all");
    const every = await render("/stocks/HGLG11?proventos=all", all);
    expect(every.querySelectorAll('[data-testid="payouts-table"] tbody tr').length).toBe(all.payoutCount);
    expect(all.payoutCount).toBeGreaterThan(60);
    expect(every.querySelector('[data-testid="payouts-toggle"]')?.textContent).toBe("Mostrar só os mais recentes");
  });
});

describe("ETFs and BDRs", () => {
  it("an ETF shows its index; a BDR its foreign share, linked, and the ratio in each language", async () => {
    const etf = await render("/stocks/BOVA11", await load("/stocks/BOVA11"));
    expect(figures(etf, "fundamentals")["Índice de referência"]).toBe("Ibovespa");
    expect(Object.keys(figures(etf, "fundamentals"))).not.toContain("P/L");

    const data = await load("/stocks/AAPL34");
    const ratio = data.facts!.data.bdr!.receiptsPerShare;
    const bdr = await render("/stocks/AAPL34", data);
    expect(bdr.querySelector('[data-testid="bdr-ratio"]')?.textContent).toBe(`${ratio} BDRs = 1 ação AAPL`);
    expect(bdr.querySelector('[data-testid="fundamentals"] a[href="/stocks/AAPL"]')?.textContent).toBe("AAPL");
    const english = await render("/stocks/AAPL34", data, "en");
    expect(english.querySelector('[data-testid="bdr-ratio"]')?.textContent).toBe(`${ratio} BDRs = 1 AAPL share`);
  });
});

describe("around the asset", () => {
  it("lists headlines naming it and its upcoming events, with Copom and IPCA for a B3 asset", async () => {
    const data = await load("/stocks/PETR4");
    expect(data.news.length).toBeGreaterThan(0);
    for (const item of data.news) expect(item.related.includes("PETR4") || item.headline.includes("PETR4")).toBe(true);
    const document = await render("/stocks/PETR4", data);
    expect(document.querySelectorAll('[data-testid="related-news"] li').length).toBe(data.news.length);
    const events = data.events!;
    expect(events.some((event) => event.asset?.id === "PETR4")).toBe(true);
    expect(events.some((event) => event.kind === "economic")).toBe(true);
    expect(events.map((event) => event.date)).toEqual(events.map((event) => event.date).sort());
    expect(document.querySelector('[data-testid="upcoming-events"] a[href^="/calendar?month="]')).not.toBeNull();

    const us = await load("/stocks/AAPL");
    expect(us.events!.some((event) => event.kind === "economic")).toBe(false);
  });
});
