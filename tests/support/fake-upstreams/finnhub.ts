/**
 * A fake of Finnhub, mounted at /finnhub: news, earnings dates, US quotes, profiles and basic
 * financials, with the quirks of recorded answers (upstream-quirks.ts).
 *
 * Route keys, their paths and what they serve:
 *   finnhub:news          /finnhub/news?category=            general | forex | crypto | merger
 *   finnhub:company-news  /finnhub/company-news?symbol=&from=&to=   AAPL MSFT NVDA GOOGL; article 9001 is in both
 *                                                            AAPL and MSFT; other symbols []
 *   finnhub:earnings      /finnhub/calendar/earnings?from=&to=      June 2024 entries (two malformed) and a dense
 *                                                            October 2024, filtered by from/to, sorted by date
 *                                                            and cut at fakeEarningsRowCap rows
 *   finnhub:quote         /finnhub/quote?symbol=             AAPL MSFT NVDA (last trade 2024-06-03 16:00 New York);
 *                                                            other symbols answer 200 with every number 0, as Finnhub does
 *   finnhub:profile2      /finnhub/stock/profile2?symbol=    AAPL MSFT, NVDA (logo "", no share count); others {}
 *   finnhub:metric        /finnhub/stock/metric?symbol=&metric=all   AAPL (full), MSFT (thin, strings); TSM 403 (a plan
 *                                                            refusal, as for premium data); others an empty `metric`
 *
 * Auth: X-Finnhub-Token or ?token= always required (401).
 */
import { finnhubMetrics, unknownFinnhubMetric } from "../fundamentals-samples";
import { denseEarnings, fakeEarningsRowCap, quirkyCompanyNews, quirkyEarnings, quirkyMarketNews } from "../upstream-quirks";
import { type Incoming, missing, ok, type Route } from "./server";

export const finnhubKeys = { finnhub: "fake-finnhub-key" } as const;

export type FinnhubRoute =
  "finnhub:news" | "finnhub:company-news" | "finnhub:earnings" | "finnhub:quote" | "finnhub:profile2" | "finnhub:metric";

// prettier-ignore
const marketNews = [
  { category: "top news", datetime: 1717430400, headline: "Stocks edge higher as traders await jobs data",
    id: 7372611, image: "https://image.cnbcfm.com/api/v1/image/107400001-stocks.jpg", related: "", source: "CNBC",
    summary: "U.S. equities rose modestly on Monday ahead of Friday's payrolls report.",
    url: "https://www.cnbc.com/2024/06/03/stock-market-today.html" },
  { category: "business", datetime: 1717434000, headline: "Retail sales beat forecasts",
    id: 7372620, image: "", related: "WMT,TGT", source: "Reuters", summary: "",
    url: "https://www.reuters.com/markets/us/retail-sales-2024-06-03/" },
  { category: "crypto", datetime: 1717427000, headline: "Bitcoin ETFs log seventh straight day of inflows",
    id: 7372588, image: "", related: "", source: "CoinDesk",
    summary: "Spot bitcoin funds took in another $100M on Friday.",
    url: "https://www.coindesk.com/markets/2024/06/03/bitcoin-etf-inflows/" },
  { category: "forex", datetime: 1717425000, headline: "Dollar steadies before payrolls",
    id: 7372577, image: "https://example.com/fx.jpg", related: "", source: "Forexlive", summary: "The dollar held its gains.",
    url: "https://www.forexlive.com/news/dollar-steadies" },
  { category: "merger", datetime: 1717420000, headline: "Chipmaker agrees to buy rival",
    id: 7372566, image: "", related: "AMD", source: "Reuters", summary: "A deal worth $5 billion.",
    url: "https://www.reuters.com/markets/deals/chipmaker-buys-rival" },
  ...quirkyMarketNews,
];

// prettier-ignore
const sharedArticle = {
  category: "company", datetime: 1717437600, headline: "Apple and Microsoft race to ship on-device AI",
  id: 9001, image: "https://example.com/ai.jpg", related: "AAPL,MSFT", source: "Bloomberg",
  summary: "Both companies announced assistants this week.", url: "https://www.bloomberg.com/ai-race",
};

// prettier-ignore
const companyNews: Record<string, unknown[]> = {
  AAPL: [
    sharedArticle,
    { category: "company", datetime: 1717401600, headline: "Apple sets WWDC date", id: 9002, image: "",
      related: "AAPL", source: "Yahoo", summary: "", url: "https://finance.yahoo.com/apple-wwdc" },
  ],
  MSFT: [
    { category: "company", datetime: 1717441200, headline: "Microsoft expands cloud regions", id: 9003,
      image: "https://example.com/azure.jpg", related: "MSFT", source: "SeekingAlpha", summary: "New regions in Brazil.",
      url: "https://seekingalpha.com/msft-regions" },
    sharedArticle,
  ],
  NVDA: [
    { category: "company", datetime: 1717390000, headline: "Nvidia unveils next GPU", id: 9004, image: "",
      related: "NVDA", source: "MarketWatch", summary: "", url: "https://www.marketwatch.com/nvda-gpu" },
    ...quirkyCompanyNews,
  ],
  GOOGL: [
    { category: "company", datetime: 1717380000, headline: "Alphabet updates search", id: 9005, image: "",
      related: "GOOGL", source: "CNBC", summary: "", url: "https://www.cnbc.com/googl-search" },
  ],
};

// prettier-ignore
const earnings = [
  { date: "2024-06-12", epsActual: null, epsEstimate: 1.05, hour: "amc", quarter: 2,
    revenueActual: null, revenueEstimate: 5210000000, symbol: "ORCL", year: 2024 },
  { date: "2024-06-11", epsActual: 0.12, epsEstimate: 0.1, hour: "bmo", quarter: 1,
    revenueActual: 81000000, revenueEstimate: 79500000, symbol: "CASY", year: 2024 },
  { date: "2024-06-20", epsActual: null, epsEstimate: null, hour: "", quarter: null,
    revenueActual: null, revenueEstimate: null, symbol: "THIN", year: null },
  ...quirkyEarnings,
  ...denseEarnings,
];

function finnhubAuth({ headers, query }: Incoming) {
  const key = headers["x-finnhub-token"] ?? query.get("token");
  return key === finnhubKeys.finnhub ? null : { status: 401, body: { error: "Invalid API key." } };
}

// Finnhub US quotes and profiles (docs/decisions/0009-us-stocks-provider.md)

// prettier-ignore
const finnhubQuotes: Record<string, unknown> = {
  AAPL: { c: 194.03, d: 1.78, dp: 0.9259, h: 194.99, l: 192.52, o: 192.9, pc: 192.25, t: 1717444800 },
  MSFT: { c: 413.52, d: -1.61, dp: -0.3878, h: 416.75, l: 408.92, o: 415.53, pc: 415.13, t: 1717444800 },
  NVDA: { c: 1150, d: 53.67, dp: 4.8954, h: 1158.19, l: 1121.55, o: 1136.78, pc: 1096.33, t: 1717444800 },
};

/** Finnhub's answer for a symbol it does not know: HTTP 200, zeros, and nulls for the changes. */
const unknownFinnhubQuote = { c: 0, d: null, dp: null, h: 0, l: 0, o: 0, pc: 0, t: 0 };

// prettier-ignore
const finnhubProfiles: Record<string, unknown> = {
  AAPL: { country: "US", currency: "USD", estimateCurrency: "USD", exchange: "NASDAQ NMS - GLOBAL MARKET",
    finnhubIndustry: "Technology", ipo: "1980-12-12",
    logo: "https://static2.finnhub.io/file/publicdatany/finnhubimage/stock_logo/AAPL.png",
    marketCapitalization: 2975000.5, name: "Apple Inc", phone: "14089961010", shareOutstanding: 15334.08,
    ticker: "AAPL", weburl: "https://www.apple.com/" },
  MSFT: { country: "US", currency: "USD", estimateCurrency: "USD", exchange: "NASDAQ NMS - GLOBAL MARKET",
    finnhubIndustry: "Technology", ipo: "1986-03-13",
    logo: "https://static2.finnhub.io/file/publicdatany/finnhubimage/stock_logo/MSFT.png",
    marketCapitalization: 3073471.3, name: "Microsoft Corp", phone: "14258828080", shareOutstanding: 7432.31,
    ticker: "MSFT", weburl: "https://www.microsoft.com/en-us" },
  // Thin: no logo ("") and no share count.
  NVDA: { country: "US", currency: "USD", exchange: "NASDAQ NMS - GLOBAL MARKET", finnhubIndustry: "Semiconductors",
    logo: "", marketCapitalization: 2828750, name: "NVIDIA Corp", ticker: "NVDA", weburl: "https://www.nvidia.com/" },
  // An ADR whose basic financials the free plan is refused (see finnhub:metric).
  TSM: { country: "TW", currency: "USD", exchange: "NEW YORK STOCK EXCHANGE, INC.", finnhubIndustry: "Semiconductors",
    logo: "", marketCapitalization: 724000, name: "Taiwan Semiconductor Manufacturing Co Ltd", shareOutstanding: 5186.08,
    ticker: "TSM", weburl: "https://www.tsmc.com/" },
};

export const finnhubRoutes: Route<FinnhubRoute>[] = [
  {
    key: "finnhub:news",
    pattern: /^\/finnhub\/news$/,
    auth: finnhubAuth,
    handle: ({ query }) => {
      const category = query.get("category");
      const special = ["crypto", "forex", "merger"];
      if (category !== "general" && !special.includes(category ?? "")) {
        return { status: 422, body: { error: "Wrong category. Use general, forex, crypto or merger." } };
      }
      return ok(marketNews.filter((item) => (category === "general" ? !special.includes(item.category) : item.category === category)));
    },
  },
  {
    key: "finnhub:company-news",
    pattern: /^\/finnhub\/company-news$/,
    auth: finnhubAuth,
    handle: ({ query }) => missing(query, "symbol", "from", "to") ?? ok(companyNews[query.get("symbol") ?? ""] ?? []),
  },
  {
    key: "finnhub:earnings",
    pattern: /^\/finnhub\/calendar\/earnings$/,
    auth: finnhubAuth,
    handle: ({ query }) => {
      const from = query.get("from") ?? "0000-00-00";
      const to = query.get("to") ?? "9999-99-99";
      // Like Finnhub, a long range is cut at the row cap without a word, and the cut loses the last dates.
      const rows = earnings
        .filter((entry) => entry.date >= from && entry.date <= to)
        .sort((a, b) => a.date.localeCompare(b.date) || String(a.symbol).localeCompare(String(b.symbol)));
      return ok({ earningsCalendar: rows.slice(0, fakeEarningsRowCap) });
    },
  },
  {
    key: "finnhub:quote",
    pattern: /^\/finnhub\/quote$/,
    auth: finnhubAuth,
    handle: ({ query }) => missing(query, "symbol") ?? ok(finnhubQuotes[query.get("symbol") ?? ""] ?? unknownFinnhubQuote),
  },
  {
    key: "finnhub:profile2",
    pattern: /^\/finnhub\/stock\/profile2$/,
    auth: finnhubAuth,
    handle: ({ query }) => ok(finnhubProfiles[query.get("symbol") ?? ""] ?? {}),
  },
  {
    key: "finnhub:metric",
    pattern: /^\/finnhub\/stock\/metric$/,
    auth: finnhubAuth,
    handle: ({ query }) => {
      const symbol = query.get("symbol") ?? "";
      if (symbol === "TSM") return { status: 403, body: { error: "You don't have access to this resource." } };
      return missing(query, "symbol", "metric") ?? ok(finnhubMetrics[symbol] ?? unknownFinnhubMetric(symbol));
    },
  },
];
