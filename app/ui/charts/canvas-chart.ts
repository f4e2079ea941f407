import type { ISeriesApi, LineData, MouseEventParams, Time, UTCTimestamp } from "lightweight-charts";
import { axisFormatter } from "./axis";
import {
  formatDay,
  isRising,
  valueFormatter,
  valueRange,
  type ChartType,
  type ChartValue,
  type ChartView,
  type ValueStats,
} from "./chart-data";

/** The lightweight-charts module, handed in by the caller so that only the browser ever loads it. */
export type ChartLibrary = typeof import("lightweight-charts");

export type CanvasChart = {
  show(view: ChartView): void;
  /** Replaces the shown series' value at `value.time` (its last), or appends a later one. */
  update(value: ChartValue): void;
  dispose(): void;
};

/** Colours live in charts.css (one palette for SVG and canvas); a canvas needs them as values. */
function readPalette() {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string) => style.getPropertyValue(name).trim();
  return { up: read("--chart-up"), down: read("--chart-down"), grid: read("--chart-grid"), text: read("--chart-text") };
}

/** The palette's colours are Mantine's #rrggbb, so a two-digit suffix makes them translucent. */
function seriesStyle(type: ChartType, color: string, base: number) {
  if (type === "area") return { lineColor: color, topColor: `${color}59`, bottomColor: `${color}05` };
  // Bars rise from the bottom of the visible range, as in the SVG, so small moves stay visible.
  if (type === "bar") return { color, base };
  return { color };
}

/** Price steps small enough for sub-cent coins, whose prices would otherwise all read 0,00. */
function minMove({ min, max }: ValueStats): number {
  const magnitude = Math.min(Math.abs(min), Math.abs(max));
  return magnitude >= 1 || magnitude === 0 ? 0.01 : 10 ** (Math.floor(Math.log10(magnitude)) - 3);
}

export function createCanvasChart(lib: ChartLibrary, container: HTMLElement): CanvasChart {
  const definitions = { line: lib.LineSeries, area: lib.AreaSeries, bar: lib.HistogramSeries };
  const chart = lib.createChart(container, {
    autoSize: true,
    layout: {
      // The attribution is a link under the chart instead, one that carries rel="noopener noreferrer".
      attributionLogo: false,
      background: { type: lib.ColorType.Solid, color: "transparent" },
      fontFamily: getComputedStyle(container).fontFamily,
    },
    grid: { vertLines: { visible: false } },
    // The axis is as wide as its widest label: full prices there would take a third of a phone's
    // chart. The axis has compact ticks and no price labels; the tooltip gives the full price.
    crosshair: { horzLine: { labelVisible: false } },
    rightPriceScale: { borderVisible: false },
    timeScale: { borderVisible: false, fixLeftEdge: true, fixRightEdge: true },
    // A vertical swipe over the chart scrolls the page rather than the price scale.
    handleScroll: { vertTouchDrag: false },
  });
  let current: { view: ChartView; series: ISeriesApi<"Line" | "Area" | "Histogram"> } | undefined;
  const tooltip = container.appendChild(document.createElement("div"));
  tooltip.className = "price-chart__tooltip";
  tooltip.dataset.testid = "chart-tooltip";
  tooltip.hidden = true;
  // The figcaption carries the chart's numbers for screen readers.
  tooltip.setAttribute("aria-hidden", "true");

  function showTooltip({ time, seriesData }: MouseEventParams<Time>) {
    const point = current && seriesData.get(current.series);
    if (!current || time === undefined || !point || !("value" in point)) {
      tooltip.hidden = true;
      return;
    }
    const { series, currency, locale } = current.view;
    tooltip.textContent = `${formatDay(time as UTCTimestamp, locale)}: ${valueFormatter(series, currency, locale)(point.value)}`;
    tooltip.hidden = false;
  }
  chart.subscribeCrosshairMove(showTooltip);

  function paint() {
    if (!current) return;
    const { view, series } = current;
    const palette = readPalette();
    chart.applyOptions({ layout: { textColor: palette.text }, grid: { horzLines: { color: palette.grid } } });
    series.applyOptions(seriesStyle(view.type, isRising(view.stats) ? palette.up : palette.down, valueRange(view.stats).bottom));
  }

  // The theme switch only flips an attribute on <html>; repaint when it does.
  const observer = new MutationObserver(paint);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-mantine-color-scheme"] });

  return {
    show(view) {
      if (current) chart.removeSeries(current.series);
      const { locale } = view;
      const series = chart.addSeries(definitions[view.type], {
        priceFormat: {
          type: "custom",
          formatter: valueFormatter(view.series, view.currency, locale),
          tickmarksFormatter: axisFormatter(locale),
          minMove: minMove(view.stats),
        },
        lastValueVisible: false,
        // Without its label, the last price's dotted line would be an unexplained line across the chart.
        priceLineVisible: false,
      });
      series.setData(view.values as LineData<UTCTimestamp>[]);
      chart.applyOptions({ localization: { locale, timeFormatter: (time: Time) => formatDay(time as UTCTimestamp, locale) } });
      chart.timeScale().fitContent();
      current = { view, series };
      paint();
    },
    update(value) {
      current?.series.update(value as LineData<UTCTimestamp>);
    },
    dispose() {
      observer.disconnect();
      chart.unsubscribeCrosshairMove(showTooltip);
      chart.remove();
      tooltip.remove();
    },
  };
}
