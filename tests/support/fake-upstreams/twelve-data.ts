import { DAY_MS } from "../../../app/lib/time";
/**
 * A fake of Twelve Data's daily time series (docs/decisions/0009-us-stocks-provider.md), mounted at
 * /twelve-data.
 *
 * Route keys, their paths and what they serve:
 *   twelve-data:time-series  /twelve-data/time_series?symbol=&interval=1day&outputsize=
 *                                                            AAPL (300 weekdays to 2024-06-03), MSFT (3 days); other
 *                                                            symbols: 200 {"status":"error","code":404}; newest first
 *
 * Auth: Authorization: apikey <key> or ?apikey=; a wrong or missing key is 200 {"status":"error","code":401}.
 * A spent quota is said its own way too: HTTP 200 with {"status":"error","code":429,…}.
 */
import { type Incoming, ok, type Reply, type Route } from "./server";

export const twelveDataKeys = { twelveData: "fake-twelve-data-key" } as const;

export type TwelveDataRoute = "twelve-data:time-series";

/** `count` weekdays ending on `last`, newest first, priced around `base`, numbers as strings as Twelve Data sends them. */
function dailyValues(last: string, count: number, base: number) {
  const values: Record<string, string>[] = [];
  for (let at = Date.parse(`${last}T00:00:00Z`), i = 0; values.length < count; at -= DAY_MS, i++) {
    const weekday = new Date(at).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const close = base + 10 * Math.sin(i / 9) - i * 0.05;
    values.push({
      datetime: new Date(at).toISOString().slice(0, 10),
      open: (close - 0.8).toFixed(5),
      high: (close + 1.5).toFixed(5),
      low: (close - 1.7).toFixed(5),
      close: close.toFixed(5),
      volume: String(40_000_000 + i * 1000),
    });
  }
  return values;
}

const seriesMeta = (symbol: string) => ({
  symbol,
  interval: "1day",
  currency: "USD",
  exchange_timezone: "America/New_York",
  exchange: "NASDAQ",
  mic_code: "XNGS",
  type: "Common Stock",
});

const twelveDataSeries: Record<string, Record<string, string>[]> = {
  AAPL: dailyValues("2024-06-03", 300, 190),
  MSFT: dailyValues("2024-06-03", 3, 415),
};

const twelveDataError = (code: number, message: string): Reply => ok({ code, message, status: "error" });

function twelveDataAuth({ headers, query }: Incoming) {
  const key = /^apikey (.+)$/.exec(headers.authorization ?? "")?.[1] ?? query.get("apikey");
  return key === twelveDataKeys.twelveData
    ? null
    : twelveDataError(
        401,
        "**apikey** parameter is incorrect or not specified. You can get your free API key instantly following this link: https://twelvedata.com/pricing.",
      );
}

function twelveDataTimeSeries({ query }: Incoming): Reply {
  const symbol = query.get("symbol") ?? "";
  if (!symbol || !query.get("interval")) {
    return twelveDataError(400, "**symbol** or **interval** parameter is missing or invalid.");
  }
  const values = twelveDataSeries[symbol.toUpperCase()];
  if (!values) {
    return twelveDataError(404, `**symbol** not found: ${symbol}. Please specify it correctly according to API Documentation.`);
  }
  const outputsize = Number(query.get("outputsize") ?? 30);
  return ok({ meta: seriesMeta(symbol.toUpperCase()), values: values.slice(0, outputsize), status: "ok" });
}

export const twelveDataRoutes: Route<TwelveDataRoute>[] = [
  {
    key: "twelve-data:time-series",
    pattern: /^\/twelve-data\/time_series$/,
    auth: twelveDataAuth,
    handle: twelveDataTimeSeries,
    quotaReply: twelveDataError(
      429,
      "You have run out of API credits for the current minute. 9 API credits were used, with the current limit being 8. Wait for the next minute or consider switching to a higher tier plan at https://twelvedata.com/pricing",
    ),
  },
];
