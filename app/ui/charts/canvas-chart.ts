import type { HistogramData, ISeriesApi, LineData, MouseEventParams, Time, UTCTimestamp } from "lightweight-charts";

import { axisFormatter } from "./axis";
import { type ChartLibrary, createBaseChart, onThemeChange, paintAxes, type Palette, readPalette } from "./canvas-base";
import {
  type ChartPoint,
  type ChartType,
  type ChartValue,
  type ChartView,
  formatClock,
  formatDay,
  formatVolume,
  isRising,
  valueFormatter,
  valueRange,
  type ValueStats,
} from "./chart-data";

/** The tooltip's names for a candle's numbers, in the page's language. */
export type LegendLabels = { open: string; high: string; low: string; close: string; volume: string };

export type CanvasChart = {
  show(view: ChartView, labels: LegendLabels): void;
  /** Replaces the last candle with `candle` (or appends a later one); `value` is its value in the shown series. */
  update(candle: ChartPoint, value: ChartValue): void;
  dispose(): void;
};

/** The palette's colours are Mantine's #rrggbb, so a two-digit suffix makes them translucent. */
function seriesStyle(type: ChartType, palette: Palette, rising: boolean, base: number) {
  const color = rising ? palette.up : palette.down;
  if (type === "candles") {
    const { up, down } = palette;
    return { upColor: up, downColor: down, borderUpColor: up, borderDownColor: down, wickUpColor: up, wickDownColor: down };
  }
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

/** Volume bars in the colour of their candle, faint so the price stays in front. */
function volumeBar(point: ChartPoint, palette: Palette): HistogramData<UTCTimestamp> | null {
  if (point.volume === null) return null;
  return { time: point.time as UTCTimestamp, value: point.volume, color: `${point.close >= point.open ? palette.up : palette.down}66` };
}

/** The volume histogram's own scale: the bottom fifth of the chart, under the price. */
const volumeScale = "volume";

export function createCanvasChart(lib: ChartLibrary, container: HTMLElement): CanvasChart {
  const definitions = { line: lib.LineSeries, area: lib.AreaSeries, bar: lib.HistogramSeries, candles: lib.CandlestickSeries };
  const chart = createBaseChart(lib, container);
  let current:
    | { view: ChartView; labels: LegendLabels; series: ISeriesApi<"Line" | "Area" | "Histogram" | "Candlestick">; points: ChartPoint[] }
    | undefined;
  const volume = chart.addSeries(lib.HistogramSeries, {
    priceScaleId: volumeScale,
    priceFormat: { type: "volume" },
    lastValueVisible: false,
    priceLineVisible: false,
  });
  chart.priceScale(volumeScale).applyOptions({ scaleMargins: { top: 0.8, bottom: 0 }, visible: false });
  const tooltip = container.appendChild(document.createElement("div"));
  tooltip.className = "price-chart__tooltip";
  tooltip.dataset.testid = "chart-tooltip";
  tooltip.hidden = true;
  // The figcaption carries the chart's numbers for screen readers.
  tooltip.setAttribute("aria-hidden", "true");

  function showTooltip({ time, seriesData }: MouseEventParams<Time>) {
    const shown = current && seriesData.get(current.series);
    if (!current || time === undefined || !shown) {
      tooltip.hidden = true;
      return;
    }
    const { view, labels, points } = current;
    const { series, currency, locale, intraday, volumeCurrency } = view;
    const date = formatDay(time as UTCTimestamp, locale, intraday);
    const format = valueFormatter(series, currency, locale);
    const point = points.find((candidate) => candidate.time === time);
    if (view.type === "candles" && point) {
      const money = valueFormatter("close", currency, locale);
      const rows: [string, string][] = [
        [labels.open, money(point.open)],
        [labels.high, money(point.high)],
        [labels.low, money(point.low)],
        [labels.close, money(point.close)],
        [labels.volume, formatVolume(point.volume, volumeCurrency, locale)],
      ];
      const heading = document.createElement("div");
      heading.textContent = date;
      const list = document.createElement("dl");
      list.className = "price-chart__legend";
      for (const [name, value] of rows)
        list.append(
          Object.assign(document.createElement("dt"), { textContent: name }),
          Object.assign(document.createElement("dd"), { textContent: value }),
        );
      tooltip.replaceChildren(heading, list);
    } else if ("value" in shown) {
      tooltip.textContent = `${date}: ${format(shown.value)}`;
    } else {
      tooltip.hidden = true;
      return;
    }
    tooltip.hidden = false;
  }
  chart.subscribeCrosshairMove(showTooltip);

  function paint() {
    if (!current) return;
    const { view, series, points } = current;
    const palette = readPalette();
    paintAxes(chart, palette);
    series.applyOptions(seriesStyle(view.type, palette, isRising(view.stats), valueRange(view.stats).bottom));
    const bars = points.flatMap((point) => volumeBar(point, palette) ?? []);
    volume.setData(bars);
    // The canvas cannot be read back: the box says how many volume bars it drew.
    container.dataset.volumeBars = String(bars.length);
  }

  const stopRepainting = onThemeChange(paint);

  return {
    show(view, labels) {
      if (current) chart.removeSeries(current.series);
      const { locale, intraday } = view;
      const series = chart.addSeries(definitions[view.type], {
        priceFormat: {
          type: "custom",
          formatter: valueFormatter(view.type === "candles" ? "close" : view.series, view.currency, locale),
          tickmarksFormatter: axisFormatter(locale),
          minMove: minMove(view.stats),
        },
        lastValueVisible: false,
        // Without its label, the last price's dotted line would be an unexplained line across the chart.
        priceLineVisible: false,
      });
      // The price keeps clear of the volume bars at the bottom.
      series
        .priceScale()
        .applyOptions({ scaleMargins: { top: 0.1, bottom: view.points.some((point) => point.volume !== null) ? 0.25 : 0.05 } });
      if (view.type === "candles")
        series.setData(view.points.map(({ time, open, high, low, close }) => ({ time: time as UTCTimestamp, open, high, low, close })));
      else series.setData(view.values as LineData<UTCTimestamp>[]);
      chart.applyOptions({
        localization: { locale, timeFormatter: (time: Time) => formatDay(time as UTCTimestamp, locale, intraday) },
        // Intraday ticks at the exchange's clock, as the tooltip has them; null leaves dates to the library.
        timeScale: {
          timeVisible: intraday,
          tickMarkFormatter: (time: Time, mark: number) =>
            mark >= lib.TickMarkType.Time ? formatClock(time as UTCTimestamp, locale) : null,
        },
      });
      current = { view, labels, series, points: [...view.points] };
      paint();
      chart.timeScale().fitContent();
    },
    update(candle, value) {
      if (!current) return;
      const { points, series, view } = current;
      if (points.at(-1)?.time === candle.time) points[points.length - 1] = candle;
      else points.push(candle);
      if (view.type === "candles")
        series.update({ time: candle.time as UTCTimestamp, open: candle.open, high: candle.high, low: candle.low, close: candle.close });
      else series.update(value as LineData<UTCTimestamp>);
      const bar = volumeBar(candle, readPalette());
      if (bar) volume.update(bar);
    },
    dispose() {
      stopRepainting();
      chart.unsubscribeCrosshairMove(showTooltip);
      chart.remove();
      tooltip.remove();
    },
  };
}
