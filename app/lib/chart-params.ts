/** The URL search parameters that hold a chart's state, so it works without JavaScript (and kept pages vary by them). */
export const chartTypeParam = "chart";
export const chartSeriesParam = "series";
