import type { ShouldRevalidateFunctionArgs } from "react-router";

import { chartSeriesParam, chartTypeParam } from "~/lib/chart-params";

/** Switching chart type or series is drawn in the browser: the page's data does not change. */
export function skipRevalidationForChartParams({ currentUrl, nextUrl, defaultShouldRevalidate, formMethod }: ShouldRevalidateFunctionArgs) {
  // A form posted from the page (a favourite star) may change what it shows.
  if (formMethod) return defaultShouldRevalidate;
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const withoutChartParams = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete(chartTypeParam);
    params.delete(chartSeriesParam);
    params.sort();
    return params.toString();
  };
  return withoutChartParams(currentUrl) === withoutChartParams(nextUrl) ? false : defaultShouldRevalidate;
}
