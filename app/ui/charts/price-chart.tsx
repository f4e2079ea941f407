import { useId, useLayoutEffect, useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";

import { useTranslation } from "~/i18n/use-translation";
import { chartSeriesParam, chartTypeParam } from "~/lib/chart-params";
import { type ChartRange, chartRangeParam, chartRanges } from "~/market/chart-range";
import type { LiveKey } from "~/market/realtime/protocol";

import { useLiveQuote } from "../realtime/live-quotes";
import { createCanvasChart, type LegendLabels } from "./canvas-chart";
import {
  type ChartData,
  type ChartPoint,
  chartSeries,
  chartText,
  chartTypes,
  type ChartView,
  liveCandle,
  liveSeriesValue,
  parseChartSeries,
  parseChartType,
  seriesValues,
  valueStats,
} from "./chart-data";
import { SvgChart } from "./svg-chart";
import { useLazyChart } from "./use-lazy-chart";

import "./charts.css";

type PriceChartProps = {
  chart: ChartData;
  range: ChartRange;
  currency: string;
  /** The currency volumes are in (cryptos); null when they count shares (stocks). */
  volumeCurrency: string | null;
  locale: string;
  /** The asset whose live ticks move the chart's last point. */
  liveKey?: LiveKey | null;
};

/**
 * A price chart whose range, type and series live in the URL (`?range=&chart=&series=`), so its
 * controls are plain links that work without JavaScript. The server renders an SVG; the browser
 * then swaps in a canvas. A new range is new data from the loader; type and series are drawn anew.
 */
export function PriceChart({ chart, range, currency, volumeCurrency, locale, liveKey = null }: PriceChartProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { points, intraday, ohlc } = chart;
  const asked = parseChartType(params.get(chartTypeParam));
  // Without true candles (a source with prices at instants only), candlesticks would be dashes: a line instead.
  const type = asked === "candles" && !ohlc ? "line" : asked;
  // Candlesticks are prices: a market cap asked for with them is left for the other types.
  const series = type === "candles" ? "close" : parseChartSeries(params.get(chartSeriesParam));
  const values = useMemo(() => seriesValues(points, series), [points, series]);
  const view = useMemo(() => {
    const stats = valueStats(values);
    return stats && { type, series, values, stats, points, intraday, currency, volumeCurrency, locale };
  }, [type, series, values, points, intraday, currency, volumeCurrency, locale]);

  return (
    <div className="price-chart">
      <div className="price-chart__controls">
        <ChartOptions
          label={t("chart.rangeLabel")}
          param={chartRangeParam}
          options={chartRanges}
          active={range}
          optionLabel={(option) => t(`chart.ranges.${option}`)}
          optionName={(option) => t(`chart.rangeNames.${option}`)}
          params={params}
        />
        <ChartOptions
          label={t("chart.typeLabel")}
          param={chartTypeParam}
          options={ohlc ? chartTypes : chartTypes.filter((option) => option !== "candles")}
          active={type}
          optionLabel={(option) => t(`chart.types.${option}`)}
          params={params}
        />
        {/* Candlesticks show open, high, low and close at once: the series choice is for the other types. */}
        {type !== "candles" && (
          <ChartOptions
            label={t("chart.seriesLabel")}
            param={chartSeriesParam}
            options={chartSeries}
            active={series}
            optionLabel={(option) => t(`chart.series.${option}`)}
            params={params}
          />
        )}
      </div>
      {/* A stock without a known share count has prices but no market cap. */}
      {view ? (
        <ChartPlot view={view} intervalMs={chart.intervalMs} liveKey={liveKey} />
      ) : (
        <p className="price-chart__empty">{t("chart.noData")}</p>
      )}
      <p className="price-chart__attribution">
        <a href="https://www.tradingview.com/lightweight-charts/" target="_blank" rel="noopener noreferrer">
          {t("chart.attribution")}
        </a>
      </p>
    </div>
  );
}

type ChartOptionsProps<T extends string> = {
  label: string;
  param: string;
  options: readonly T[];
  active: T;
  optionLabel: (option: T) => string;
  /** A spoken name where the label is an abbreviation ("1A": "1 ano"). */
  optionName?: (option: T) => string;
  params: URLSearchParams;
};

/** One link per option, keeping the other search params (language, chart type…). */
function ChartOptions<T extends string>({ label, param, options, active, optionLabel, optionName, params }: ChartOptionsProps<T>) {
  const labelId = useId();
  return (
    <div className="chart-options" role="group" aria-labelledby={labelId} data-param={param}>
      <span className="chart-options__label" id={labelId}>
        {label}
      </span>
      {options.map((option) => {
        const next = new URLSearchParams(params);
        next.set(param, option);
        return (
          <Link
            key={option}
            to={`?${next}`}
            preventScrollReset
            replace
            className="chart-options__link"
            aria-label={optionName?.(option)}
            aria-current={option === active ? "true" : undefined}
          >
            {optionLabel(option)}
          </Link>
        );
      })}
    </div>
  );
}

function ChartPlot({ view, intervalMs, liveKey }: { view: ChartView; intervalMs: number; liveKey: LiveKey | null }) {
  const { t } = useTranslation();
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const { price, time } = useLiveQuote(liveKey, { price: null, change: null });
  const live = useMemo(
    () => (price === null || time === null ? null : liveCandle(view.points, intervalMs, price, time / 1000)),
    [view.points, intervalMs, price, time],
  );
  const labels = useMemo(
    () => ({
      open: t("chart.legend.open"),
      high: t("chart.legend.high"),
      low: t("chart.legend.low"),
      close: t("chart.legend.close"),
      volume: t("chart.legend.volume"),
    }),
    [t],
  );
  const onCanvas = useCanvasChart(container, view, labels, live);
  const text = onCanvas ? chartText(t, view) : null;
  return (
    <>
      {!onCanvas && <SvgChart {...view} />}
      {/* Always in the page, so the canvas chart can be built into it before it replaces the SVG. */}
      <figure className="price-chart__canvas" hidden={!text} aria-label={text?.label}>
        <div ref={setContainer} className="price-chart__canvas-box" data-testid={text ? "canvas-chart" : undefined} />
        {text && <figcaption className="visually-hidden">{text.summary}</figcaption>}
      </figure>
    </>
  );
}

/**
 * After hydration, loads lightweight-charts and draws `view` on a canvas, its last candle moved to
 * `live` when there is one; returns whether it did. Until then, and for good if the download
 * fails, the SVG stays in place (as rendered: it does not follow the ticks).
 */
function useCanvasChart(container: HTMLElement | null, view: ChartView, labels: LegendLabels, live: ChartPoint | null): boolean {
  const chart = useLazyChart(container, createCanvasChart);

  // Before paint, so the swap from SVG never shows an empty frame.
  useLayoutEffect(() => chart?.show(view, labels), [chart, view, labels]);
  // After `show`, which starts again from the loader's points; a tick only moves the last candle.
  useLayoutEffect(() => {
    const value = live && liveSeriesValue(live, view.series);
    if (live && value) chart?.update(live, value);
  }, [chart, view, live]);

  return chart !== null;
}
