import { createInstance } from "i18next";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";

import { resources } from "~/i18n/resources";
import { DAY_SECONDS, HOUR_MS } from "~/lib/time";
import { type ChartPoint, type ChartType, chartTypes, type ChartValue, type ChartView, valueStats } from "~/ui/charts/chart-data";
import { PriceChart } from "~/ui/charts/price-chart";
import { SvgChart } from "~/ui/charts/svg-chart";

const march1 = Date.UTC(2024, 2, 1) / 1000;
const day = DAY_SECONDS;

/** Server-renders `ui` on a page at `url`, as the app does (i18n + router context). */
async function render(ui: ReactNode, { url = "/", language = "pt-BR" } = {}) {
  const i18n = createInstance({ resources, lng: language, defaultNS: "common", showSupportNotice: false });
  await i18n.use(initReactI18next).init();
  const Stub = createRoutesStub([{ path: "/", Component: () => ui }]);
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={[url]} />
    </I18nextProvider>,
  );
}

function view(type: ChartType, numbers: number[], overrides: Partial<ChartView> = {}): ChartView {
  const values: ChartValue[] = numbers.map((value, index) => ({ time: march1 + index * day, value }));
  const stats = valueStats(values);
  if (!stats) throw new Error("a view needs values");
  const points = values.map(({ time, value }) => ({
    time,
    open: value,
    high: value,
    low: value,
    close: value,
    volume: null,
    marketCap: null,
  }));
  return {
    type,
    series: "close",
    values,
    stats,
    points,
    intraday: false,
    currency: "BRL",
    volumeCurrency: null,
    locale: "pt-BR",
    ...overrides,
  };
}

const count = (html: string, pattern: RegExp) => html.match(new RegExp(pattern, "g"))?.length ?? 0;
const attributes = (html: string) => [...html.matchAll(/\s[\w-]+="([^"]*)"/g)].map((match) => match[1]);

describe("the SVG chart", () => {
  const prices = [10, 12.5, 1234.5, 11];

  it("draws a line as one polyline", async () => {
    const html = await render(<SvgChart {...view("line", prices)} />);
    expect(count(html, /<polyline/)).toBe(1);
    expect(html).not.toContain("<rect");
    expect(html).not.toContain("svg-chart__area");
  });

  it("draws an area as one filled path under the line", async () => {
    const html = await render(<SvgChart {...view("area", prices)} />);
    expect(count(html, /<path class="svg-chart__area"/)).toBe(1);
    expect(count(html, /<polyline/)).toBe(1);
    expect(html).not.toContain("<rect");
  });

  it("draws bars as one rect per value", async () => {
    const html = await render(<SvgChart {...view("bar", prices)} />);
    expect(count(html, /<rect/)).toBe(prices.length);
    expect(html).not.toContain("<polyline");
  });

  it("is a named image with the numbers in a visually hidden summary, formatted for pt-BR", async () => {
    const html = await render(<SvgChart {...view("area", prices)} />);
    expect(html).toContain('data-testid="svg-chart"');
    expect(html).toMatch(/<svg role="img" aria-label="Gráfico de Fechamento"/);
    expect(html).toMatch(
      /<figcaption class="visually-hidden">De 1 de mar\. de 2024 a 4 de mar\. de 2024: mínimo R\$\s10,00, máximo R\$\s1\.234,50, último R\$\s11,00\.<\/figcaption>/,
    );
  });

  it("labels round gridlines as plain numbers, without needless cents, and the first and last dates", async () => {
    const html = await render(<SvgChart {...view("line", prices)} />);
    const ticks = [...html.matchAll(/<span class="svg-chart__tick"[^>]*data-value="([\d.]+)"[^>]*>([^<]*)<\/span>/g)];
    expect(ticks.map((tick) => Number(tick[1]))).toEqual([0, 250, 500, 750, 1000, 1250]);
    expect(ticks.map((tick) => tick[2])).toEqual(["0", "250", "500", "750", "1.000", "1.250"]);
    expect(count(html, /M0,[\d.]+H640/)).toBe(6);
    expect(html).toMatch(/<span>1 de mar\. de 2024<\/span><span>4 de mar\. de 2024<\/span>/);
  });

  it("formats market caps compactly", async () => {
    const html = await render(<SvgChart {...view("bar", [1.2e9, 1.25e9], { series: "marketCap" })} />);
    expect(html).toContain('aria-label="Gráfico de Capitalização de mercado"');
    expect(html).toMatch(/máximo R\$\s1,25\sbi/);
  });

  it("follows the language it is rendered in", async () => {
    const html = await render(<SvgChart {...view("line", prices, { currency: "USD", locale: "en" })} />, { language: "en" });
    expect(html).toMatch(/From Mar 1, 2024 to Mar 4, 2024: .*\$1,234\.50/);
  });

  it("colours a falling series differently from a rising one", async () => {
    expect(await render(<SvgChart {...view("line", [1, 2])} />)).toContain("svg-chart--up");
    expect(await render(<SvgChart {...view("line", [2, 1])} />)).toContain("svg-chart--down");
  });

  describe.each(chartTypes)("as a %s chart", (type) => {
    it.each([
      ["a single value", [42]],
      ["a flat series", [7, 7, 7]],
      ["a flat series at zero", [0, 0, 0]],
      ["sub-cent prices", [0.00001234, 0.00001301]],
    ])("has only finite numbers in its markup for %s", async (_, numbers) => {
      const html = await render(<SvgChart {...view(type, numbers)} />);
      for (const value of attributes(html)) expect(value).not.toMatch(/NaN|Infinity|undefined/);
      expect(html).not.toMatch(/NaN|Infinity/);
    });
  });

  it("draws a single value as a level line across the chart", async () => {
    const html = await render(<SvgChart {...view("line", [42])} />);
    expect(html).toMatch(/<polyline class="svg-chart__line" points="0,([\d.]+) 640,\1"/);
  });
});

describe("the price chart", () => {
  const points: ChartPoint[] = [0, 1, 2].map((index) => ({
    time: march1 + index * day,
    open: 10 + index,
    high: 12 + index,
    low: 9 + index,
    close: 11 + index,
    volume: 100,
    marketCap: null,
  }));
  const data = { points, intervalMs: day * 1000, ohlc: true, intraday: false };
  const chart = <PriceChart chart={data} range="3m" currency="BRL" volumeCurrency={null} locale="pt-BR" />;

  /** The links of the control group labelled `label`, as [text, href, aria-current]. */
  function links(html: string, label: string) {
    const group =
      html.match(new RegExp(`role="group" aria-labelledby="[^"]+" data-param="\\w+"><span[^>]*>${label}</span>(.*?)</div>`))?.[1] ?? "";
    return [...group.matchAll(/<a ([^>]*)>([^<]*)<\/a>/g)].map(([, attrs = "", text]) => [
      text,
      attrs.match(/href="([^"]*)"/)?.[1]?.replaceAll("&amp;", "&"),
      attrs.match(/aria-current="([^"]*)"/)?.[1],
    ]);
  }

  it("offers every chart type and series as a link that keeps the other search params", async () => {
    const html = await render(chart, { url: "/?range=3mo&chart=bar&series=high" });
    expect(links(html, "Tipo de gráfico")).toEqual([
      ["Linha", "/?range=3mo&chart=line&series=high", undefined],
      ["Área", "/?range=3mo&chart=area&series=high", undefined],
      ["Barras", "/?range=3mo&chart=bar&series=high", "true"],
      ["Velas", "/?range=3mo&chart=candles&series=high", undefined],
    ]);
    expect(links(html, "Dados do gráfico")).toEqual([
      ["Abertura", "/?range=3mo&chart=bar&series=open", undefined],
      ["Fechamento", "/?range=3mo&chart=bar&series=close", undefined],
      ["Máxima", "/?range=3mo&chart=bar&series=high", "true"],
      ["Mínima", "/?range=3mo&chart=bar&series=low", undefined],
      ["Capitalização de mercado", "/?range=3mo&chart=bar&series=marketCap", undefined],
    ]);
  });

  it("offers every range as a link that keeps the type and series, with the spoken name of its abbreviation", async () => {
    const html = await render(chart, { url: "/?range=3mo&chart=bar&series=high" });
    expect(links(html, "Período")).toEqual(
      [
        ["1d", "1D"],
        ["7d", "7D"],
        ["1m", "1M"],
        ["3m", "3M"],
        ["1y", "1A"],
        ["5y", "5A"],
        ["max", "Máx"],
      ].map(([range, label]) => [label, `/?range=${range}&chart=bar&series=high`, range === "3m" ? "true" : undefined]),
    );
    expect(html).toContain('aria-label="1 ano"');
  });

  it("renders the chosen range: intraday candles are dated with their time of day", async () => {
    const hours = points.map((point, index) => ({ ...point, time: march1 + 13 * 3600 + index * 3600 }));
    const intraday = { points: hours, intervalMs: HOUR_MS, ohlc: true, intraday: true };
    const html = await render(<PriceChart chart={intraday} range="7d" currency="BRL" volumeCurrency={null} locale="pt-BR" />);
    // 13:00 UTC is 10:00 in São Paulo, where B3 trades.
    expect(html).toMatch(/01\/03\/2024,? 10:00/);
    expect(html).toMatch(/01\/03\/2024,? 12:00/);
  });

  it("draws candlesticks as the closing line without JavaScript", async () => {
    const html = await render(chart, { url: "/?chart=candles" });
    expect(count(html, /<polyline/)).toBe(1);
    expect(html).toContain('aria-label="Gráfico de Fechamento"');
  });

  it("renders the SVG of the type and series in the URL", async () => {
    const html = await render(chart, { url: "/?chart=bar&series=high" });
    expect(count(html, /<rect/)).toBe(points.length);
    expect(html).toContain('aria-label="Gráfico de Máxima"');
    expect(html).toMatch(/máximo R\$\s14,00/);
  });

  it("falls back to an area chart of closing prices for missing or unknown params", async () => {
    for (const url of ["/", "/?chart=pie&series=volume"]) {
      const html = await render(chart, { url });
      expect(html).toContain("svg-chart__area");
      expect(html).toContain('aria-label="Gráfico de Fechamento"');
      expect(links(html, "Tipo de gráfico").find(([, , current]) => current)?.[0]).toBe("Área");
      expect(links(html, "Dados do gráfico").find(([, , current]) => current)?.[0]).toBe("Fechamento");
    }
  });

  it("leaves the canvas to the browser: its box is empty and hidden on the server", async () => {
    const html = await render(chart);
    expect(html).toContain('<figure class="price-chart__canvas" hidden=""><div class="price-chart__canvas-box"></div></figure>');
    expect(html).not.toContain("canvas-chart");
  });

  it("says there is no data when there are no points", async () => {
    const html = await render(
      <PriceChart chart={{ ...data, points: [] }} range="1d" currency="BRL" volumeCurrency={null} locale="pt-BR" />,
    );
    expect(html).toContain("Sem dados para o gráfico.");
    expect(html).not.toContain("<svg");
  });

  it("keeps the controls when only the chosen series is missing", async () => {
    const html = await render(chart, { url: "/?series=marketCap" });
    expect(html).toContain("Sem dados para o gráfico.");
    expect(html).not.toContain("<svg");
    expect(links(html, "Dados do gráfico")).toHaveLength(5);
  });
});
