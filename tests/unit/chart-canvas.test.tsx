// @vitest-environment jsdom
import { createInstance } from "i18next";
import { act } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createRoutesStub, useSearchParams } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { resources } from "~/i18n/resources";
import { formatCompactMoney } from "~/lib/format";
import { DAY_MS, DAY_SECONDS } from "~/lib/time";
import type { ChartPoint } from "~/ui/charts/chart-data";
import { PriceChart } from "~/ui/charts/price-chart";

/** A stand-in for lightweight-charts that records what the page asks of it (jsdom has no canvas). */
const fake = vi.hoisted(() => {
  type Series = {
    definition: { type: string };
    options: Record<string, unknown>;
    data: unknown[];
    applyOptions: (options: object) => void;
  };
  const state = {
    failing: false,
    charts: [] as {
      container: HTMLElement;
      options: Record<string, unknown>;
      series: Series[];
      removed: Series[];
      remove: () => void;
      applyOptions: (options: object) => void;
      crosshairMove: ((params: object) => void)[];
    }[],
  };
  const module = {
    LineSeries: { type: "Line" },
    AreaSeries: { type: "Area" },
    HistogramSeries: { type: "Histogram" },
    CandlestickSeries: { type: "Candlestick" },
    ColorType: { Solid: "solid" },
    TickMarkType: { Time: 3 },
    createChart(container: HTMLElement, options: Record<string, unknown>) {
      if (state.failing) throw new Error("Canvas is not supported");
      const chart = {
        container,
        options,
        series: [] as Series[],
        removed: [] as Series[],
        remove: vi.fn(),
        applyOptions: vi.fn(),
        crosshairMove: [] as ((params: object) => void)[],
        subscribeCrosshairMove: (handler: (params: object) => void) => chart.crosshairMove.push(handler),
        unsubscribeCrosshairMove: (handler: (params: object) => void) =>
          (chart.crosshairMove = chart.crosshairMove.filter((other) => other !== handler)),
        addSeries(definition: { type: string }, seriesOptions: Record<string, unknown>) {
          const series: Series = {
            definition,
            options: { ...seriesOptions },
            data: [],
            applyOptions: vi.fn((more: object) => Object.assign(series.options, more)),
          };
          Object.assign(series, {
            setData: (data: unknown[]) => (series.data = data),
            update: vi.fn(),
            priceScale: () => ({ applyOptions: vi.fn() }),
          });
          chart.series.push(series);
          return series;
        },
        removeSeries: (series: Series) => chart.removed.push(series),
        timeScale: () => ({ fitContent: vi.fn() }),
        priceScale: () => ({ applyOptions: vi.fn() }),
      };
      state.charts.push(chart);
      return chart;
    },
  };
  return { state, module };
});
vi.mock("lightweight-charts", () => fake.module);

const march1 = Date.UTC(2024, 2, 1) / 1000;
const points: ChartPoint[] = [0, 1, 2].map((index) => ({
  time: march1 + index * DAY_SECONDS,
  open: 10 + index,
  high: 12 + index,
  low: 9 + index,
  close: 11 + index,
  volume: 1000 * (index + 1),
  marketCap: 1e9 * (index + 1),
}));

const i18n = createInstance({ resources, lng: "pt-BR", defaultNS: "common", showSupportNotice: false });
/** The chart of the test's points; `?ohlc=0` makes them samples of a source without true candles. */
function Chart() {
  const [params] = useSearchParams();
  const chart = { points, intervalMs: DAY_MS, ohlc: params.get("ohlc") !== "0", intraday: false };
  return <PriceChart chart={chart} range="1m" currency="BRL" volumeCurrency="BRL" locale="pt-BR" />;
}
const Stub = createRoutesStub([{ path: "/", Component: Chart }]);
const page = (url: string) => (
  <I18nextProvider i18n={i18n}>
    <Stub initialEntries={[url]} />
  </I18nextProvider>
);

function setTheme(theme: "dark" | "light", up: string) {
  document.documentElement.setAttribute("data-mantine-color-scheme", theme);
  document.documentElement.style.setProperty("--chart-up", up);
}

/** Lets the dynamic import and the effects that follow it finish. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

let root: Root | undefined;
let element: HTMLElement;
const recoverableErrors: unknown[] = [];

/** Server-renders the page at `url`, then hydrates it as the browser would. */
async function hydrate(url: string) {
  element = document.createElement("div");
  element.innerHTML = renderToString(page(url));
  document.body.append(element);
  expect(element.querySelector('[data-testid="svg-chart"]')).not.toBeNull();
  await act(async () => {
    root = hydrateRoot(element, page(url), { onRecoverableError: (error) => recoverableErrors.push(error) });
  });
  await settle();
}

const query = (selector: string) => element.querySelector(selector);

type FakeChart = (typeof fake.state.charts)[number];
/** The price series, in the order they were added (the volume histogram has its own scale). */
const priceSeries = (chart: FakeChart | undefined) => chart?.series.filter((series) => series.options.priceScaleId !== "volume") ?? [];
const volumeSeries = (chart: FakeChart | undefined) => chart?.series.find((series) => series.options.priceScaleId === "volume");

beforeAll(async () => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
  await i18n.use(initReactI18next).init();
});

beforeEach(() => {
  fake.state.failing = false;
  fake.state.charts = [];
  recoverableErrors.length = 0;
  setTheme("dark", "#38d9a9");
});

afterEach(() => {
  act(() => root?.unmount());
  element.remove();
});

describe("the price chart after hydration", () => {
  it("hydrates the server HTML without mismatches, then replaces the SVG with a canvas chart", async () => {
    await hydrate("/?chart=line&series=high");
    expect(recoverableErrors).toEqual([]);
    expect(query('[data-testid="svg-chart"]')).toBeNull();
    const box = query('[data-testid="canvas-chart"]');
    expect(box).not.toBeNull();
    expect(box?.closest("figure")?.hidden).toBe(false);
    expect(box?.closest("figure")?.getAttribute("aria-label")).toBe("Gráfico de Máxima");
    expect(box?.closest("figure")?.querySelector("figcaption")?.textContent).toMatch(/máximo R\$\s14,00/);

    const [chart] = fake.state.charts;
    expect(chart?.container).toBe(box);
    expect(chart?.options).toMatchObject({ autoSize: true });
    const [series] = priceSeries(chart);
    expect(series?.definition.type).toBe("Line");
    expect(series?.data).toEqual(points.map(({ time, high }) => ({ time, value: high })));
    expect(series?.options).toMatchObject({ color: "#38d9a9" });
    const format = (series?.options.priceFormat as { formatter: (price: number) => string }).formatter;
    expect(format(1234.5)).toMatch(/^R\$\s1\.234,50$/);
  });

  it("keeps full prices off the axis, which has compact ticks, and shows them in a tooltip", async () => {
    await hydrate("/?chart=line");
    const [chart] = fake.state.charts;
    const [series] = priceSeries(chart);
    expect(chart?.options).toMatchObject({ crosshair: { horzLine: { labelVisible: false } } });
    expect(series?.options).toMatchObject({ lastValueVisible: false });
    const ticks = (series?.options.priceFormat as { tickmarksFormatter: (prices: number[]) => string[] }).tickmarksFormatter;
    expect(ticks([11, 11.5, 12])).toEqual(["11", "11,5", "12"]);

    const tooltip = query('[data-testid="chart-tooltip"]') as HTMLElement;
    expect(tooltip.hidden).toBe(true);
    const move = (params: object) => act(() => chart?.crosshairMove.forEach((handler) => handler(params)));
    move({ time: march1, seriesData: new Map([[series, { time: march1, value: 1234.5 }]]) });
    expect(tooltip.hidden).toBe(false);
    expect(tooltip.textContent).toMatch(/^1 de mar\. de 2024: R\$\s1\.234,50$/);
    move({ time: undefined, seriesData: new Map() });
    expect(tooltip.hidden).toBe(true);
  });

  it("switches type and series on the same canvas, through the links, without reloading", async () => {
    await hydrate("/");
    const chart = fake.state.charts[0];
    expect(priceSeries(chart).map((series) => series.definition.type)).toEqual(["Area"]);

    const link = [...element.querySelectorAll("a")].find((anchor) => anchor.textContent === "Barras");
    await act(async () => link?.click());
    await settle();
    expect(fake.state.charts).toHaveLength(1);
    expect(chart?.removed).toEqual([priceSeries(chart)[0]]);
    expect(priceSeries(chart)[1]?.definition.type).toBe("Histogram");
    expect(query('[data-param="chart"] [aria-current="true"]')?.textContent).toBe("Barras");

    const marketCap = [...element.querySelectorAll("a")].find((anchor) => anchor.textContent === "Capitalização de mercado");
    expect(marketCap?.getAttribute("href")).toBe("/?chart=bar&series=marketCap");
    await act(async () => marketCap?.click());
    const bars = priceSeries(chart)[2];
    expect(bars?.definition.type).toBe("Histogram");
    expect(bars?.data).toEqual(points.map(({ time, marketCap }) => ({ time, value: marketCap })));
    expect((bars?.options.priceFormat as { formatter: (price: number) => string }).formatter(2e9)).toBe(
      formatCompactMoney(2e9, "BRL", "pt-BR"),
    );
    expect(query('[data-testid="svg-chart"]')).toBeNull();
  });

  it("draws candlesticks with a volume histogram under them, and a tooltip with the candle's numbers", async () => {
    await hydrate("/?chart=candles");
    const [chart] = fake.state.charts;
    const [series] = priceSeries(chart);
    expect(series?.definition.type).toBe("Candlestick");
    expect(series?.data).toEqual(points.map(({ time, open, high, low, close }) => ({ time, open, high, low, close })));
    const volume = volumeSeries(chart);
    expect(volume?.definition.type).toBe("Histogram");
    expect(volume?.data.map((bar) => (bar as { value: number }).value)).toEqual([1000, 2000, 3000]);

    const tooltip = query('[data-testid="chart-tooltip"]') as HTMLElement;
    act(() => chart?.crosshairMove.forEach((handler) => handler({ time: march1, seriesData: new Map([[series, { time: march1 }]]) })));
    expect(tooltip.hidden).toBe(false);
    const text = tooltip.textContent ?? "";
    expect(text).toMatch(/^1 de mar\. de 2024/);
    for (const expected of [
      /Abertura\s*R\$\s10,00/,
      /Máxima\s*R\$\s12,00/,
      /Mínima\s*R\$\s9,00/,
      /Fechamento\s*R\$\s11,00/,
      /Volume\s*R\$\s1\smil/,
    ])
      expect(text).toMatch(expected);
  });

  it("offers no candlesticks for a source without true candles, and draws a line when asked for them", async () => {
    await hydrate("/?chart=candles&ohlc=0");
    expect([...element.querySelectorAll("a")].some((anchor) => anchor.textContent === "Velas")).toBe(false);
    expect(priceSeries(fake.state.charts[0])[0]?.definition.type).toBe("Line");
  });

  it("repaints when the theme changes, and stops listening once unmounted", async () => {
    await hydrate("/?chart=line");
    const series = priceSeries(fake.state.charts[0])[0];
    await act(async () => setTheme("light", "#087f5b"));
    expect(series?.options).toMatchObject({ color: "#087f5b" });

    act(() => root?.unmount());
    root = undefined;
    expect(fake.state.charts[0]?.remove).toHaveBeenCalledOnce();
    const repaints = vi.mocked(series?.applyOptions)?.mock.calls.length;
    await act(async () => setTheme("dark", "#38d9a9"));
    expect(vi.mocked(series?.applyOptions)?.mock.calls.length).toBe(repaints);
  });

  it("keeps the SVG when the canvas chart cannot be built", async () => {
    fake.state.failing = true;
    await hydrate("/?chart=bar");
    expect(query('[data-testid="svg-chart"]')).not.toBeNull();
    expect(query('[data-testid="canvas-chart"]')).toBeNull();
    expect(query("figure.price-chart__canvas")?.hasAttribute("hidden")).toBe(true);
  });
});
