import type { IPriceLine, ISeriesApi, LineStyle, MouseEventParams, Time, UTCTimestamp } from "lightweight-charts";

import { formatPercent } from "~/lib/format";

import { percentAxisFormatter } from "../charts/axis";
import { type ChartLibrary, createBaseChart, onThemeChange, paintAxes, readPalette } from "../charts/canvas-base";
import { formatDay } from "../charts/chart-data";
import type { CompareLine } from "./compare-lines";

export type CompareCanvas = {
  /** Draws `lines` (in the legend's order, so the legend's colours) with the axes in `locale`. */
  show(lines: readonly CompareLine[], locale: string): void;
  /** Calls `listener` with the time (unix seconds) under the crosshair, or null when it leaves. */
  onHover(listener: (time: number | null) => void): void;
  dispose(): void;
};

/** The SVG's line colour of series `index` (compare.css, per theme), resolved so a canvas can use it. */
function lineColor(container: HTMLElement, index: number): string {
  const probe = container.appendChild(document.createElement("span"));
  probe.className = `compare-line--${index}`;
  probe.style.color = "var(--line)";
  const color = getComputedStyle(probe).color;
  probe.remove();
  return color;
}

export function createCompareCanvas(lib: ChartLibrary, container: HTMLElement): CompareCanvas {
  const chart = createBaseChart(lib, container);
  // The SVG's dashes (compare.css) as closely as the library's five styles go; the sixth repeats one in another colour.
  const styles: LineStyle[] = [
    lib.LineStyle.Solid,
    lib.LineStyle.LargeDashed,
    lib.LineStyle.Dashed,
    lib.LineStyle.SparseDotted,
    lib.LineStyle.LargeDashed,
    lib.LineStyle.Dotted,
  ];
  let series: ISeriesApi<"Line">[] = [];
  let zero: IPriceLine | undefined;
  let listener: (time: number | null) => void = () => {};

  function paint() {
    const palette = readPalette();
    paintAxes(chart, palette);
    series.forEach((line, index) => line.applyOptions({ color: lineColor(container, index) }));
    zero?.applyOptions({ color: palette.text });
  }
  const stopRepainting = onThemeChange(paint);

  function hover({ time }: MouseEventParams<Time>) {
    listener(time === undefined ? null : (time as number));
  }
  chart.subscribeCrosshairMove(hover);

  return {
    show(lines, locale) {
      for (const line of series) chart.removeSeries(line);
      zero = undefined;
      const priceFormat = {
        type: "custom" as const,
        formatter: (value: number) => formatPercent(value, locale),
        tickmarksFormatter: percentAxisFormatter(locale),
        minMove: 0.01,
      };
      series = lines.map((data, index) => {
        const line = chart.addSeries(lib.LineSeries, {
          priceFormat,
          lineWidth: 2,
          lineStyle: styles[index % styles.length],
          lastValueVisible: false,
          priceLineVisible: false,
        });
        line.setData(data.map(({ time, value }) => ({ time: time as UTCTimestamp, value })));
        return line;
      });
      // Where every series starts: the line the SVG draws at 0 %.
      zero = series[0]?.createPriceLine({ price: 0, lineWidth: 1, lineStyle: lib.LineStyle.Solid, axisLabelVisible: false });
      chart.applyOptions({ localization: { locale, timeFormatter: (time: Time) => formatDay(time as UTCTimestamp, locale) } });
      paint();
      chart.timeScale().fitContent();
    },
    onHover(next) {
      listener = next;
    },
    dispose() {
      stopRepainting();
      chart.unsubscribeCrosshairMove(hover);
      chart.remove();
    },
  };
}
