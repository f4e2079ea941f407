// @vitest-environment jsdom
import { createInstance } from "i18next";
import { act } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { resources } from "~/i18n/resources";
import type { ComparedSeries } from "~/market/compare";
import { CompareChart } from "~/ui/compare/compare-view";

/** A stand-in for lightweight-charts that records what the page asks of it (jsdom has no canvas). */
const fake = vi.hoisted(() => {
  type Series = { options: Record<string, unknown>; data: unknown[]; priceLines: Record<string, unknown>[] };
  const state = {
    failing: false,
    charts: [] as { container: HTMLElement; series: Series[]; crosshairMove: ((params: object) => void)[]; remove: () => void }[],
  };
  const module = {
    LineSeries: { type: "Line" },
    LineStyle: { Solid: 0, Dotted: 1, Dashed: 2, LargeDashed: 3, SparseDotted: 4 },
    ColorType: { Solid: "solid" },
    createChart(container: HTMLElement) {
      if (state.failing) throw new Error("Canvas is not supported");
      const chart = {
        container,
        series: [] as Series[],
        crosshairMove: [] as ((params: object) => void)[],
        remove: vi.fn(),
        applyOptions: vi.fn(),
        subscribeCrosshairMove: (handler: (params: object) => void) => chart.crosshairMove.push(handler),
        unsubscribeCrosshairMove: (handler: (params: object) => void) =>
          (chart.crosshairMove = chart.crosshairMove.filter((other) => other !== handler)),
        addSeries(_definition: unknown, options: Record<string, unknown>) {
          const series: Series = { options: { ...options }, data: [], priceLines: [] };
          Object.assign(series, {
            setData: (data: unknown[]) => (series.data = data),
            applyOptions: (more: object) => Object.assign(series.options, more),
            createPriceLine: (line: Record<string, unknown>) => {
              series.priceLines.push(line);
              return { applyOptions: (more: object) => Object.assign(line, more) };
            },
          });
          chart.series.push(series);
          return series;
        },
        removeSeries: (series: Series) => (chart.series = chart.series.filter((other) => other !== series)),
        timeScale: () => ({ fitContent: vi.fn() }),
      };
      state.charts.push(chart);
      return chart;
    },
  };
  return { state, module };
});
vi.mock("lightweight-charts", () => fake.module);

const day = (date: string) => Date.parse(`${date}T00:00:00Z`);
const series: ComparedSeries[] = [
  {
    input: "PETR4",
    status: "ok",
    kind: "stock",
    code: "PETR4",
    points: [
      [day("2024-03-01"), 0],
      [day("2024-03-02"), -2.5],
      [day("2024-03-03"), 4.25],
    ],
    final: 4.25,
  },
  { input: "NOPE9", status: "unknown" },
  {
    input: "cdi",
    status: "ok",
    kind: "benchmark",
    code: "cdi",
    points: [
      [day("2024-03-01"), 0],
      [day("2024-03-02"), 0.05],
      [day("2024-03-03"), 0.1],
    ],
    final: 0.1,
  },
];

const i18n = createInstance({ resources, lng: "pt-BR", defaultNS: "common", showSupportNotice: false });
const page = () => (
  <I18nextProvider i18n={i18n}>
    <CompareChart series={series} />
  </I18nextProvider>
);

/** Lets the dynamic import and the effects that follow it finish. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

let root: Root | undefined;
let element: HTMLElement;
const recoverableErrors: unknown[] = [];

/** Server-renders the chart, then hydrates it as the browser would. */
async function hydrate() {
  element = document.createElement("div");
  element.innerHTML = renderToString(page());
  document.body.append(element);
  expect(element.querySelectorAll("polyline")).toHaveLength(2);
  await act(async () => {
    root = hydrateRoot(element, page(), { onRecoverableError: (error) => recoverableErrors.push(error) });
  });
  await settle();
}

const query = (selector: string) => element.querySelector(selector);
const legend = () => [...element.querySelectorAll('[data-testid="compare-legend"] li')].map((item) => item.textContent);

beforeAll(async () => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
  await i18n.use(initReactI18next).init();
});

beforeEach(() => {
  fake.state.failing = false;
  fake.state.charts = [];
  recoverableErrors.length = 0;
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  element.remove();
});

describe("the compare chart after hydration", () => {
  it("replaces the SVG with one line per series, under the SVG's name, with a % axis", async () => {
    await hydrate();
    expect(recoverableErrors).toEqual([]);
    expect(query("svg[role=img]")).toBeNull();
    const box = query('[data-testid="compare-canvas"]');
    expect(box?.getAttribute("role")).toBe("img");
    expect(box?.getAttribute("aria-label")).toBe("Variação percentual de PETR4, CDI desde 1 de mar. de 2024");
    expect(box?.closest("[hidden]")).toBeNull();
    expect(query('a[href="https://www.tradingview.com/lightweight-charts/"]')?.getAttribute("rel")).toBe("noopener noreferrer");

    const [chart] = fake.state.charts;
    expect(chart?.container).toBe(box);
    expect(chart?.series.map(({ data }) => data)).toEqual([
      [
        { time: day("2024-03-01") / 1000, value: 0 },
        { time: day("2024-03-02") / 1000, value: -2.5 },
        { time: day("2024-03-03") / 1000, value: 4.25 },
      ],
      [
        { time: day("2024-03-01") / 1000, value: 0 },
        { time: day("2024-03-02") / 1000, value: 0.05 },
        { time: day("2024-03-03") / 1000, value: 0.1 },
      ],
    ]);
    // Solid and large dashes, as the SVG's first two lines.
    expect(chart?.series.map(({ options }) => options.lineStyle)).toEqual([0, 3]);
    expect(chart?.series[0]?.priceLines).toMatchObject([{ price: 0 }]);
    const priceFormat = chart?.series[0]?.options.priceFormat as { formatter: (value: number) => string };
    expect(priceFormat.formatter(12.345)).toBe("+12,35%");
  });

  it("gives each series' % at the date under the crosshair, and the range's result when it leaves", async () => {
    await hydrate();
    expect(legend()).toEqual(["PETR4 Alta de +4,25%", "CDI Alta de +0,10%"]);
    const [chart] = fake.state.charts;
    const move = (params: object) => act(() => chart?.crosshairMove.forEach((handler) => handler(params)));

    move({ time: day("2024-03-02") / 1000, seriesData: new Map() });
    expect(query('[data-testid="compare-tooltip"]')?.textContent).toBe("Variação até 2 de mar. de 2024");
    expect(legend()).toEqual(["PETR4 Queda de -2,50%", "CDI Alta de +0,05%"]);

    move({ time: undefined, seriesData: new Map() });
    expect(query('[data-testid="compare-tooltip"]')).toBeNull();
    expect(legend()).toEqual(["PETR4 Alta de +4,25%", "CDI Alta de +0,10%"]);
  });

  it("keeps the SVG when the canvas chart cannot be built", async () => {
    fake.state.failing = true;
    await hydrate();
    expect(element.querySelectorAll("polyline")).toHaveLength(2);
    expect(query('[data-testid="compare-canvas"]')).toBeNull();
    expect(query(".compare-chart__canvas")?.hasAttribute("hidden")).toBe(true);
    expect(query('a[href="https://www.tradingview.com/lightweight-charts/"]')).toBeNull();
  });
});
