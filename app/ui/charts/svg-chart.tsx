import { useTranslation } from "~/i18n/use-translation";

import { axisFormatter, niceTicks } from "./axis";
import { chartText, type ChartType, type ChartValue, type ChartView, formatDay, isRising, valueRange } from "./chart-data";

// User units of the viewBox. The SVG stretches to its box (preserveAspectRatio="none"), so labels
// are HTML around it: text inside a stretched or scaled SVG would be unreadable on a phone.
const width = 640;
const height = 200;
const plotTop = 30;
const plotBottom = 196;

/** One decimal is below a pixel at any size and keeps the markup short. */
function round(value: number): number {
  return Math.round(value * 10) / 10;
}

type YScale = (value: number) => number;

/**
 * The chart as server-rendered SVG: what browsers without JavaScript keep, and what everyone sees
 * until the canvas chart has loaded.
 */
export function SvgChart(view: ChartView) {
  const { t } = useTranslation();
  const { type, values, stats, locale, intraday } = view;
  const { label, summary } = chartText(t, view);
  const { bottom, top } = valueRange(stats);
  const y: YScale = (value) => round(plotBottom - ((value - bottom) / (top - bottom)) * (plotBottom - plotTop));
  const ticks = niceTicks(bottom, top);
  const tickLabels = axisFormatter(locale)(ticks);
  return (
    <figure className={`svg-chart svg-chart--${isRising(stats) ? "up" : "down"}`} data-testid="svg-chart">
      <div className="svg-chart__plot">
        <svg role="img" aria-label={label} viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none">
          <path className="svg-chart__grid" d={ticks.map((tick) => `M0,${y(tick)}H${width}`).join("")} />
          <SeriesShape type={type} values={values} y={y} />
        </svg>
        {ticks.map((tick, index) => (
          // Each label sits on its gridline; the figcaption carries the numbers for screen readers.
          <span
            key={tick}
            className="svg-chart__tick"
            aria-hidden
            data-value={tick}
            style={{ bottom: `${round(100 - (y(tick) / height) * 100)}%` }}
          >
            {tickLabels[index]}
          </span>
        ))}
      </div>
      <div className="svg-chart__dates" aria-hidden>
        <span>{formatDay(stats.first.time, locale, intraday)}</span>
        <span>{formatDay(stats.last.time, locale, intraday)}</span>
      </div>
      <figcaption className="visually-hidden">{summary}</figcaption>
    </figure>
  );
}

function SeriesShape({ type, values, y }: { type: ChartType; values: ChartValue[]; y: YScale }) {
  if (type === "bar") {
    const slot = width / values.length;
    return (
      <g className="svg-chart__bars">
        {values.map(({ time, value }, index) => (
          <rect
            key={time}
            x={round(index * slot + slot * 0.15)}
            y={y(value)}
            width={round(slot * 0.7)}
            height={round(plotBottom - y(value))}
          />
        ))}
      </g>
    );
  }
  // Candlesticks need the canvas: without JavaScript they read as the closing line. A single value
  // still draws, as a level line across the chart.
  const drawn = values.length === 1 ? [...values, ...values] : values;
  const step = width / (drawn.length - 1);
  const line = drawn.map(({ value }, index) => `${round(index * step)},${y(value)}`).join(" ");
  return (
    <>
      {type === "area" && <path className="svg-chart__area" d={`M0,${plotBottom}L${line}L${width},${plotBottom}Z`} />}
      <polyline className="svg-chart__line" points={line} />
    </>
  );
}
