import { IconAlertTriangle } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { useEffect, useLayoutEffect, useMemo, useState } from "react";
import { Form } from "react-router";

import { useTranslation } from "~/i18n/use-translation";
import { formatDate, formatPercent, numberFormat } from "~/lib/format";
import { type ComparedSeries, type CompareRange, compareRanges, maxCompared } from "~/market/compare";

import { niceTicks } from "../charts/axis";
import { useLazyChart } from "../charts/use-lazy-chart";
import { Button } from "../kit/button";
import { Select, TextInput } from "../kit/input";
import { Notice } from "../kit/notice";
import { Change } from "../market/change";
import { createCompareCanvas } from "./compare-canvas";
import { compareLine, valuesAt } from "./compare-lines";

import "../charts/charts.css";
import "./compare.css";

type Shown = Extract<ComparedSeries, { status: "ok" }>;
const shownOf = (series: readonly ComparedSeries[]) => series.filter((item): item is Shown => item.status === "ok");

/** A series' name: a benchmark's translated name, a stock's ticker, a crypto's id. */
function seriesName(t: TFunction, item: Shown) {
  return item.kind === "benchmark" ? t(`compare.names.${item.code}`) : item.code;
}

/** A GET form: the URL holds the comparison, so it works without JavaScript and can be shared. */
export function CompareForm({ inputs, range }: { inputs: readonly string[]; range: CompareRange }) {
  const { t } = useTranslation();
  const slots = Array.from({ length: maxCompared }, (_, index) => inputs[index] ?? "");
  return (
    <Form method="get" className="compare-form" data-testid="compare-form">
      <fieldset className="compare-form__assets">
        <legend>{t("compare.assets")}</legend>
        <p className="compare-form__hint" id="compare-assets-hint">
          {t("compare.assetsHint", { max: maxCompared })}
        </p>
        <div className="compare-form__inputs">
          {slots.map((value, index) => (
            <TextInput
              key={`${index}:${value}`}
              name="a"
              label={t("compare.assetLabel", { number: index + 1 })}
              defaultValue={value}
              maxLength={40}
              autoCapitalize="off"
              autoCorrect="off"
              spellCheck={false}
              aria-describedby="compare-assets-hint"
            />
          ))}
        </div>
      </fieldset>
      <div className="compare-form__bottom">
        <Select name="range" label={t("compare.range")} defaultValue={range}>
          {compareRanges.map((option) => (
            <option key={option} value={option}>
              {t(`compare.ranges.${option}`)}
            </option>
          ))}
        </Select>
        <Button type="submit">{t("compare.submit")}</Button>
      </div>
    </Form>
  );
}

/** What could not be compared, each by name, above the chart of the rest. */
export function CompareMessages({
  series,
  invalid,
  dropped,
  empty,
}: {
  series: readonly ComparedSeries[];
  invalid: readonly string[];
  dropped: number;
  empty: boolean;
}) {
  const { t } = useTranslation();
  const messages = [
    ...series.flatMap((item) => (item.status === "ok" ? [] : [t(`compare.errors.${item.status}`, { input: item.input })])),
    ...invalid.map((input) => t("compare.errors.invalid", { input })),
    ...(dropped > 0 ? [t("compare.errors.dropped", { max: maxCompared })] : []),
    ...(empty ? [t("compare.errors.empty")] : []),
  ];
  if (messages.length === 0) return null;
  return (
    <Notice tone="error" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />} testId="compare-errors" className="compare-errors">
      <ul>
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </Notice>
  );
}

/** The series' line style in small, for the legend and the table. */
function Swatch({ index }: { index: number }) {
  return (
    <svg className="compare-legend__swatch" viewBox="0 0 24 6" width="24" height="6" aria-hidden>
      <line className={`compare-chart__line compare-line--${index}`} x1="0" y1="3" x2="24" y2="3" />
    </svg>
  );
}

const width = 800;
const height = 300;
const round = (value: number) => Math.round(value * 10) / 10;
/** The series are aligned by UTC date: any other zone could show the day before. */
const utcDay = (time: number, locale: string) => formatDate(time, locale, { dateStyle: "medium", timeZone: "UTC" });

/**
 * The series as lines of % change: a server-rendered SVG, which the browser swaps for an interactive
 * canvas once lightweight-charts has loaded. The legend gives each series' % at the end of the
 * range, or at the date under the crosshair.
 */
export function CompareChart({ series }: { series: readonly ComparedSeries[] }) {
  // The loader's series keep their identity between renders: so do the lines drawn from them.
  const shown = useMemo(() => shownOf(series), [series]);
  return shown.length === 0 ? null : <CompareFigure shown={shown} />;
}

/** The first and last time over all the series: each series' points are in time order. */
const timeSpan = (shown: readonly Shown[]) => ({
  first: Math.min(...shown.map(({ points }) => points[0]![0])),
  last: Math.max(...shown.map(({ points }) => points.at(-1)![0])),
});

function CompareFigure({ shown }: { shown: Shown[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const canvas = useLazyChart(container, createCompareCanvas);
  // Only the canvas draws lines: the server and the SVG before it need none.
  const lines = useMemo(() => (canvas ? shown.map(({ points }) => compareLine(points)) : []), [canvas, shown]);
  const [hovered, setHovered] = useState<number | null>(null);
  // Before paint, so the swap from SVG never shows an empty frame.
  useLayoutEffect(() => canvas?.show(lines, locale), [canvas, lines, locale]);
  useEffect(() => canvas?.onHover(setHovered), [canvas]);
  const onCanvas = canvas !== null;
  const hoveredValues = hovered === null ? null : valuesAt(lines, hovered);
  const names = shown.map((item) => seriesName(t, item)).join(", ");
  const day = (time: number) => utcDay(time, locale);
  const label = t("compare.chartLabel", { names, date: day(timeSpan(shown).first) });
  return (
    <>
      <figure className="compare-chart" data-testid="compare-chart">
        {!onCanvas && <CompareSvg shown={shown} label={label} />}
        {/* Always in the page, so the canvas chart can be built into it before it replaces the SVG. */}
        <div className="compare-chart__canvas" hidden={!onCanvas}>
          <div
            ref={setContainer}
            className="compare-chart__canvas-box"
            role={onCanvas ? "img" : undefined}
            aria-label={onCanvas ? label : undefined}
            data-testid={onCanvas ? "compare-canvas" : undefined}
          />
          {hovered !== null && (
            <div className="price-chart__tooltip" data-testid="compare-tooltip" aria-hidden>
              {t("compare.hoveredDate", { date: day(hovered * 1000) })}
            </div>
          )}
        </div>
        <figcaption>
          <ul className="compare-legend" data-testid="compare-legend">
            {shown.map((item, index) => (
              <li key={item.input}>
                <Swatch index={index} />
                <span className="compare-legend__name">{seriesName(t, item)}</span>{" "}
                <Change value={hoveredValues ? (hoveredValues[index] ?? null) : item.final} />
              </li>
            ))}
          </ul>
        </figcaption>
      </figure>
      {onCanvas && (
        <p className="price-chart__attribution">
          <a href="https://www.tradingview.com/lightweight-charts/" target="_blank" rel="noopener noreferrer">
            {t("chart.attribution")}
          </a>
        </p>
      )}
    </>
  );
}

/** The lines on one SVG; labels are HTML so they stay readable when it stretches. */
function CompareSvg({ shown, label }: { shown: Shown[]; label: string }) {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const { first, last } = timeSpan(shown);
  let bottom = 0;
  let top = 0;
  for (const { points } of shown) {
    for (const [, value] of points) {
      if (value < bottom) bottom = value;
      else if (value > top) top = value;
    }
  }
  const pad = (top - bottom || 1) * 0.06;
  const low = bottom - pad;
  const high = top + pad;
  const x = (time: number) => (last === first ? width / 2 : round(((time - first) / (last - first)) * width));
  const y = (value: number) => round(height - ((value - low) / (high - low)) * height);
  const ticks = niceTicks(low, high, 6);
  const tickFormat = numberFormat(locale, { style: "percent", signDisplay: "exceptZero", maximumFractionDigits: 1 });
  const day = (time: number) => utcDay(time, locale);
  return (
    <>
      <div className="compare-chart__plot">
        <svg role="img" aria-label={label} viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none">
          <path className="compare-chart__grid" d={ticks.map((tick) => `M0,${y(tick)}H${width}`).join("")} />
          <path className="compare-chart__zero" d={`M0,${y(0)}H${width}`} />
          {shown.map((item, index) => (
            <polyline
              key={item.input}
              className={`compare-chart__line compare-line--${index}`}
              points={item.points.map(([time, value]) => `${x(time)},${y(value)}`).join(" ")}
            />
          ))}
        </svg>
        {ticks.map((tick) => (
          <span key={tick} className="compare-chart__tick" aria-hidden style={{ bottom: `${round(100 - (y(tick) / height) * 100)}%` }}>
            {tickFormat.format(tick / 100)}
          </span>
        ))}
      </div>
      <div className="compare-chart__dates" aria-hidden>
        <span>{day(first)}</span>
        <span>{day(last)}</span>
      </div>
    </>
  );
}

/** The same results as a table: each series with where it starts and its change. */
export function CompareResults({ series, range }: { series: readonly ComparedSeries[]; range: CompareRange }) {
  const { t, i18n } = useTranslation();
  const shown = shownOf(series);
  if (shown.length === 0) return null;
  const since = (item: Shown) => utcDay(item.points[0]![0], i18n.language);
  return (
    <section aria-labelledby="compare-results" className="page-section">
      <h2 id="compare-results" className="compare-results__title">
        {t("compare.resultsHeading")} · {t(`compare.ranges.${range}`)}
      </h2>
      <table className="compare-results" data-testid="compare-results">
        <thead>
          <tr>
            <th scope="col">{t("compare.series")}</th>
            <th scope="col" className="numeric">
              {t("compare.change")}
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((item, index) => (
            <tr key={item.input}>
              <th scope="row">
                <Swatch index={index} /> {seriesName(t, item)}
                <span className="compare-results__since">{t("compare.since", { date: since(item) })}</span>
              </th>
              <td className="numeric">{item.final === null ? "—" : formatPercent(item.final, i18n.language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {(range === "5y" || range === "max") && <p className="compare-results__note">{t("compare.historyNote")}</p>}
    </section>
  );
}
