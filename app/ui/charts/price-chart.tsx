import "./charts.css";
import { useEffect, useId, useLayoutEffect, useMemo, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Link, useSearchParams } from "react-router";
import { chartSeriesParam, chartTypeParam } from "~/lib/chart-params";
import { createCanvasChart, type CanvasChart } from "./canvas-chart";
import {
  chartSeries,
  chartText,
  chartTypes,
  parseChartSeries,
  liveSeriesValue,
  parseChartType,
  seriesValues,
  valueStats,
  type ChartPoint,
  type ChartValue,
  type ChartView,
} from "./chart-data";
import { SvgChart } from "./svg-chart";
import type { LiveKey } from "~/market/realtime/protocol";
import { useLiveQuote } from "../realtime/live-quotes";

/** `liveKey`: the asset whose live ticks move the chart's last point. */
type PriceChartProps = { points: ChartPoint[]; currency: string; locale: string; liveKey?: LiveKey | null };

/**
 * A price chart whose type and series live in the URL (`?chart=&series=`), so its controls are plain
 * links that work without JavaScript. The server renders an SVG; the browser then swaps in a canvas.
 */
export function PriceChart({ points, currency, locale, liveKey = null }: PriceChartProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const type = parseChartType(params.get(chartTypeParam));
  const series = parseChartSeries(params.get(chartSeriesParam));
  const values = useMemo(() => seriesValues(points, series), [points, series]);
  const view = useMemo(() => {
    const stats = valueStats(values);
    return stats && { type, series, values, stats, currency, locale };
  }, [type, series, values, currency, locale]);

  if (points.length === 0) return <p className="price-chart__empty">{t("chart.noData")}</p>;
  return (
    <div className="price-chart">
      <div className="price-chart__controls">
        <ChartOptions
          label={t("chart.typeLabel")}
          param={chartTypeParam}
          options={chartTypes}
          active={type}
          optionLabel={(option) => t(`chart.types.${option}`)}
          params={params}
        />
        <ChartOptions
          label={t("chart.seriesLabel")}
          param={chartSeriesParam}
          options={chartSeries}
          active={series}
          optionLabel={(option) => t(`chart.series.${option}`)}
          params={params}
        />
      </div>
      {/* A stock without a known share count has prices but no market cap. */}
      {view ? <ChartPlot view={view} points={points} liveKey={liveKey} /> : <p className="price-chart__empty">{t("chart.noData")}</p>}
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
  params: URLSearchParams;
};

/** One link per option, keeping the other search params (language, stock range…). */
function ChartOptions<T extends string>({ label, param, options, active, optionLabel, params }: ChartOptionsProps<T>) {
  const labelId = useId();
  return (
    <div className="chart-options" role="group" aria-labelledby={labelId}>
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
            aria-current={option === active ? "true" : undefined}
          >
            {optionLabel(option)}
          </Link>
        );
      })}
    </div>
  );
}

function ChartPlot({ view, points, liveKey }: { view: ChartView; points: ChartPoint[]; liveKey: LiveKey | null }) {
  const { t } = useTranslation();
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const { price, time } = useLiveQuote(liveKey, { price: null, change: null });
  const liveValue = useMemo(
    () => (price === null || time === null ? null : liveSeriesValue(points, view.series, price, time / 1000)),
    [points, view.series, price, time],
  );
  const onCanvas = useCanvasChart(container, view, liveValue);
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
 * After hydration, loads lightweight-charts and draws `view` on a canvas, its last point moved to
 * `liveValue` when there is one; returns whether it did. Until then, and for good if the download
 * fails, the SVG stays in place (as rendered: it does not follow the ticks).
 */
function useCanvasChart(container: HTMLElement | null, view: ChartView, liveValue: ChartValue | null): boolean {
  const [chart, setChart] = useState<CanvasChart | null>(null);

  useEffect(() => {
    if (!container) return;
    let cancelled = false;
    let created: CanvasChart | undefined;
    async function mount(target: HTMLElement) {
      // Imported here, not at the top, so the library is a browser-only chunk fetched by chart pages.
      const lib = await import("lightweight-charts");
      if (cancelled) return;
      created = createCanvasChart(lib, target);
      setChart(created);
    }
    mount(container).catch(() => {
      // Offline, or no canvas support: the SVG is a complete chart on its own.
    });
    return () => {
      cancelled = true;
      created?.dispose();
    };
  }, [container]);

  // Before paint, so the swap from SVG never shows an empty frame.
  useLayoutEffect(() => chart?.show(view), [chart, view]);
  // After `show`, which starts again from the loader's points; a tick only moves the last point.
  useLayoutEffect(() => {
    if (liveValue) chart?.update(liveValue);
  }, [chart, view, liveValue]);

  return chart !== null;
}
