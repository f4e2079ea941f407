// @vitest-environment jsdom
import { MantineProvider } from "@mantine/core";
import { createInstance } from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { resources } from "~/i18n/resources";
import { createBrapiProvider } from "~/market/live/brapi/quotes";
import { exchangeOfTicker, marketHoursView } from "~/market/market-hours.server";
import StockPage from "~/routes/stock";
import { chartData } from "~/ui/charts/chart-data";

import { fakeKeys, type FakeUpstream, startFakeUpstream } from "../support/fake-upstreams";

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

/** The stock page as the server renders it, with what the loader would hand it. */
async function renderStockPage(ticker: string) {
  const brapi = createBrapiProvider({ baseUrl: `${fake.url}/brapi`, token: fakeKeys.brapi, timeoutMs: 2000 });
  const stock = await brapi.detail(ticker, { range: "1mo", language: "pt-BR" });
  if (!stock) throw new Error(`no ${ticker} on the fake upstream`);
  const loaderData = {
    stars: null,
    range: "1m",
    meta: { title: ticker, description: "", keywords: "" },
    detail: { data: { ...stock, history: [] }, source: "live", fetchedAt: Date.now(), stale: false },
    chart: chartData(null, null, "1m"),
    marketHours: marketHoursView([exchangeOfTicker(ticker)], Date.now()),
    now: Date.now(),
    facts: null,
    payoutCount: 0,
    allPayouts: false,
    today: new Date().toISOString().slice(0, 10),
    news: [],
    events: [],
    underlyingListed: false,
  };
  const i18n = createInstance({ resources, lng: "pt-BR", defaultNS: "common", showSupportNotice: false });
  await i18n.use(initReactI18next).init();
  const Stub = createRoutesStub([{ id: "stock", path: "/stocks/:ticker", Component: StockPage as never, loader: () => loaderData }]);
  return renderToString(
    <MantineProvider>
      <I18nextProvider i18n={i18n}>
        <Stub initialEntries={[`/stocks/${ticker}`]} hydrationData={{ loaderData: { stock: loaderData } }} />
      </I18nextProvider>
    </MantineProvider>,
  );
}

/** The statistics as label → shown value. */
function statistics(html: string): Record<string, string> {
  const document = new DOMParser().parseFromString(html, "text/html");
  const items = [...document.querySelectorAll('[data-testid="statistics"] .stat-card')];
  return Object.fromEntries(items.map((item) => [item.querySelector("dt")?.textContent, item.querySelector("dd")?.textContent]));
}

/** The header's tags, each with its visually hidden label. */
function tags(html: string): string[] {
  const document = new DOMParser().parseFromString(html, "text/html");
  return [...document.querySelectorAll('[data-testid="asset-tag"]')].map((tag) => tag.textContent ?? "");
}

describe("the stock page on brapi's real answers", () => {
  it('shows "—" where brapi sent 0 for unknown, no placeholder logo, and a FII as a fund', async () => {
    const html = await renderStockPage("KNIP11");
    expect(statistics(html)).toMatchObject({
      "Máxima do dia": "—",
      "Mínima do dia": "—",
      Abertura: "—",
      Volume: "—",
      "Capitalização de mercado": "—",
    });
    expect(Object.keys(statistics(html))).not.toContain("Tipo");
    expect(tags(html)).toEqual(["Tipo: Fundo", "Moeda: BRL"]);
    expect(statistics(html)["Preço"]).toMatch(/R\$\s*88,70/);
    expect(html).not.toContain("BRAPI.svg");
    expect(html).not.toMatch(/R\$\s*0,00/);
  });
});
