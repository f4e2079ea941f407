import type { IChartApi } from "lightweight-charts";

/** The lightweight-charts module, handed in by the caller so that only the browser ever loads it. */
export type ChartLibrary = typeof import("lightweight-charts");

/** Colours live in charts.css (one palette for SVG and canvas); a canvas needs them as values. */
export function readPalette() {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string) => style.getPropertyValue(name).trim();
  return { up: read("--chart-up"), down: read("--chart-down"), grid: read("--chart-grid"), text: read("--chart-text") };
}

export type Palette = ReturnType<typeof readPalette>;

/** A chart that fills `container`, in the page's font, with the house's axes and touch handling. */
export function createBaseChart(lib: ChartLibrary, container: HTMLElement): IChartApi {
  return lib.createChart(container, {
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
}

/** The palette's text and grid colours on the chart's axes and gridlines. */
export function paintAxes(chart: IChartApi, palette: Palette) {
  chart.applyOptions({ layout: { textColor: palette.text }, grid: { horzLines: { color: palette.grid } } });
}

/** Calls `paint` whenever the theme switch flips its attribute on <html>; returns how to stop. */
export function onThemeChange(paint: () => void): () => void {
  const observer = new MutationObserver(paint);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-mantine-color-scheme"] });
  return () => observer.disconnect();
}
