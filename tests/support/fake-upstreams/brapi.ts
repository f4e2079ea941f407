import { DAY_SECONDS } from "../../../app/lib/time";
/**
 * A fake of brapi.dev, mounted at /brapi: real shapes, zeros for unknown numbers, the placeholder
 * logo, the plans' refusals.
 *
 * Route keys, their paths and what they serve:
 *   brapi:list            /brapi/api/quote/list              PETR4 ITUB4 BOVA11 (etf) HGLG11 (fii) AAPL34 THIN3
 *                                                            TAEE11 (unit) KNIP11 (fund, no subType, zeros, BRAPI.svg)
 *                                                            KDIF11 (fi-infra); honours search, type, subType, sector,
 *                                                            page, limit; a search with no match answers 417
 *   brapi:quote           /brapi/api/quote/{ticker}          range=2y|5y|10y|max: PETR4's weekly (interval=1wk) or monthly
 *                                                            (1mo) candles; brapiFree gets 400 past 2y
 *                                                            otherwise PETR4 (full), KNIP11 (zeros, BRAPI.svg), THIN3 (sparse),
 *                                                            MXRF11 (a FII); EMPTY3 answers 200 with no results; other
 *                                                            tickers 404. Comma-separated tickers get the known ones'
 *                                                            results (404 when none is known); brapiFree HTTP 400 (one
 *                                                            per request). `modules=defaultKeyStatistics,financialData`
 *                                                            and `dividends=true` add those keys (fundamentals-samples.ts)
 *                                                            as the token's plan allows: fakeKeys.brapi all of them,
 *                                                            brapiBasic none (keys absent), brapiFree HTTP 402
 *
 * Auth: Authorization: Bearer <token> or ?token=; required for the list and for quotes other than
 * PETR4, MGLU3, VALE3, ITUB4; a wrong token gets 401.
 */
import { brapiFundamentals } from "../fundamentals-samples";
import { type Incoming, ok, type Reply, type Route } from "./server";

export const brapiKeys = {
  brapi: "fake-brapi-token",
  /** A brapi plan without the quote modules and dividends: it leaves their keys out of the answer. */
  brapiBasic: "fake-brapi-basic-token",
  /** A brapi plan that refuses the modules and dividends outright: HTTP 402 with an error body. */
  brapiFree: "fake-brapi-free-token",
} as const;

export type BrapiRoute = "brapi:list" | "brapi:quote";

const brapiIcon = (ticker: string) => `https://icons.brapi.dev/icons/${ticker}.svg`;

// prettier-ignore
const brapiStocks = [
  { stock: "PETR4", name: "PETROBRAS PN", close: 38.42, change: 1.16, volume: 41234500,
    market_cap: 512345678901, logo: brapiIcon("PETR4"), sector: "Energy Minerals", type: "stock", subType: "stock" },
  { stock: "ITUB4", name: "ITAUUNIBANCO PN", close: 33.17, change: -0.39, volume: 18765400,
    market_cap: 325678901234, logo: brapiIcon("ITUB4"), sector: "Finance", type: "stock", subType: "stock" },
  { stock: "BOVA11", name: "ISHARES BOVA CI", close: 122.5, change: 0.41, volume: 9876500,
    market_cap: null, logo: brapiIcon("BOVA11"), sector: "Miscellaneous", type: "fund", subType: "etf" },
  { stock: "HGLG11", name: "CSHG LOGISTICA FII", close: 160.1, change: -0.12, volume: 54321,
    market_cap: 4567890123, logo: brapiIcon("HGLG11"), sector: "Finance", type: "fund", subType: "fii" },
  { stock: "AAPL34", name: "APPLE DRN", close: 52.3, change: 0.8, volume: 123456,
    market_cap: null, logo: brapiIcon("AAPL34"), sector: "Electronic Technology", type: "bdr", subType: "bdr" },
  // A thin listing: a number as a string, nulls, missing keys and a type we do not know.
  { stock: "THIN3", name: null, close: "1.23", change: null, volume: null, logo: null, sector: null, type: "warrant" },
  // Real-world quirks: a unit (type stock, subType unit), a FII-like fund with no subType, a FI-Infra,
  // zeros for unknown numbers and brapi's placeholder icon instead of a logo.
  { stock: "TAEE11", name: "TAESA UNT", close: 36.1, change: 0.2, volume: 2345600,
    market_cap: 12456789012, logo: brapiIcon("TAEE11"), sector: "Utilities", type: "stock", subType: "unit" },
  { stock: "KNIP11", name: "KINEA INDICES PRECOS FII", close: 88.7, change: 0.05, volume: 0,
    market_cap: 0, logo: brapiIcon("BRAPI"), sector: "Finance", type: "fund" },
  { stock: "KDIF11", name: "KINEA INFRA FI-INFRA", close: 121.4, change: -0.3, volume: 45678,
    market_cap: null, logo: brapiIcon("KDIF11"), sector: "Finance", type: "fund", subType: "fi-infra" },
];

// prettier-ignore
const brapiQuotes: Record<string, unknown> = {
  PETR4: {
    symbol: "PETR4", currency: "BRL",
    shortName: "PETROBRAS PN EDR N2", longName: "Petróleo Brasileiro S.A. - Petrobras",
    regularMarketPrice: 38.42, regularMarketChange: 0.44, regularMarketChangePercent: 1.16,
    regularMarketDayHigh: 38.6, regularMarketDayLow: 37.9, regularMarketDayRange: "37.9 - 38.6",
    regularMarketOpen: 38.0, regularMarketPreviousClose: 37.98, regularMarketVolume: 41234500,
    regularMarketTime: "2024-06-03T20:07:46.000Z", marketCap: 512345678901,
    fiftyTwoWeekLow: 29.96, fiftyTwoWeekHigh: 42.09, fiftyTwoWeekRange: "29.96 - 42.09",
    priceEarnings: 6.1, earningsPerShare: 6.29, logourl: brapiIcon("PETR4"),
    usedInterval: "1d", usedRange: "1mo",
    historicalDataPrice: [
      { date: 1714741200, open: 37.1, high: 37.8, low: 36.9, close: 37.55, volume: 38123400, adjustedClose: 37.55 },
      { date: 1714827600, open: 37.6, high: 38.2, low: 37.4, close: 38.01, volume: 35678900, adjustedClose: 38.01 },
    ],
    summaryProfile: {
      symbol: "PETR4", sector: "Energy", industry: "Oil & Gas Integrated",
      website: "https://petrobras.com.br", city: "Rio de Janeiro", state: "RJ", country: "Brazil",
      fullTimeEmployees: 41000,
      longBusinessSummary: "Petróleo Brasileiro S.A. explores, produces and sells oil and gas in Brazil and abroad...",
    },
  },
  // A real-shaped quote of an illiquid FII: zeros where brapi does not know, the placeholder logo.
  KNIP11: {
    symbol: "KNIP11", currency: "BRL", shortName: "FII KINEA IPCA", longName: "Kinea Índices de Preços FII",
    regularMarketPrice: 88.7, regularMarketChange: 0.04, regularMarketChangePercent: 0.05,
    regularMarketDayHigh: 0, regularMarketDayLow: 0, regularMarketDayRange: "0 - 0",
    regularMarketOpen: 0, regularMarketPreviousClose: 88.66, regularMarketVolume: 0,
    regularMarketTime: "2024-06-03T20:07:46.000Z", marketCap: 0,
    fiftyTwoWeekLow: 0, fiftyTwoWeekHigh: 92.5, fiftyTwoWeekRange: "0 - 92.5",
    priceEarnings: null, earningsPerShare: null, logourl: "https://icons.brapi.dev/icons/BRAPI.svg",
    historicalDataPrice: [
      { date: 1714741200, open: 88.5, high: 88.9, low: 88.4, close: 88.66, volume: 120345, adjustedClose: 88.66 },
    ],
  },
  MXRF11: {
    symbol: "MXRF11", currency: "BRL", shortName: "FII MAXI REN", longName: "Maxi Renda FII",
    regularMarketPrice: 10.12, regularMarketChangePercent: 0.1, regularMarketVolume: 4123456,
    regularMarketTime: "2024-06-03T20:07:46.000Z", marketCap: 2987654321, logourl: brapiIcon("MXRF11"),
  },
  THIN3: {
    symbol: "THIN3", shortName: "THIN ON", longName: null, currency: "BRL",
    regularMarketPrice: "1.23", regularMarketChangePercent: null, regularMarketTime: null, logourl: null,
    historicalDataPrice: [
      { date: 1714741200, open: null, high: null, low: null, close: null, volume: null },
      { date: 1714827600, open: "1.2", high: 1.25, low: 1.19, close: 1.23, volume: null },
    ],
  },
};

const brapiFreeTickers = new Set(["PETR4", "MGLU3", "VALE3", "ITUB4"]);

function brapiToken({ headers, query }: Incoming) {
  const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? "")?.[1];
  return bearer ?? query.get("token") ?? undefined;
}

const brapiUnauthorized: Reply = {
  status: 401,
  body: { error: true, message: "O seu token é inválido, por favor, verifique o seu token em brapi.dev/dashboard" },
};

const brapiTokens = new Set<string>([brapiKeys.brapi, brapiKeys.brapiBasic, brapiKeys.brapiFree]);

function brapiAuth(request: Incoming, tokenRequired: boolean) {
  const token = brapiToken(request);
  const rejected = token === undefined ? tokenRequired : !brapiTokens.has(token);
  return rejected ? brapiUnauthorized : null;
}

const brapiPlanRefusal: Reply = {
  status: 402,
  body: { error: true, message: "O seu plano não permite acessar os módulos e dividendos. Faça upgrade em brapi.dev/dashboard" },
};

/** `quote` with the fundamentals keys the request asked for and the token's plan gives, or the plan's refusal. */
function withFundamentals(ticker: string, quote: Record<string, unknown>, request: Incoming): Reply {
  const asked = (request.query.get("modules") ?? "").split(",").filter((name) => name !== "" && name !== "summaryProfile");
  const dividends = request.query.get("dividends") === "true";
  const token = brapiToken(request);
  if (token === brapiKeys.brapiFree && (asked.length > 0 || dividends)) return brapiPlanRefusal;
  const samples = brapiFundamentals[ticker];
  if (!samples) return ok({ results: [quote], requestedAt: "2024-06-03T21:00:00.000Z", took: 12 });
  const basic = token === brapiKeys.brapiBasic;
  const modules = Object.fromEntries(Object.entries(samples.modules).filter(([name]) => !basic && asked.includes(name)));
  const dividendsData =
    dividends && !basic ? { dividendsData: { cashDividends: samples.cashDividends, stockDividends: [], subscriptions: [] } } : {};
  return ok({
    results: [{ ...quote, ...samples.extras, ...modules, ...dividendsData }],
    requestedAt: "2024-06-03T21:00:00.000Z",
    took: "31ms",
  });
}

function brapiList({ query }: Incoming): Reply {
  const search = query.get("search")?.toLowerCase();
  const matches = brapiStocks.filter(
    (stock) =>
      (!search || `${stock.stock} ${stock.name ?? ""}`.toLowerCase().includes(search)) &&
      (["type", "subType", "sector"] as const).every((filter) => {
        const wanted = query.get(filter);
        return !wanted || stock[filter] === wanted;
      }),
  );
  // brapi answers a search that matches nothing with 417, not with an empty list.
  if (search && matches.length === 0) {
    return { status: 417, body: { error: true, message: "Nenhum resultado encontrado para a busca" } };
  }
  const limit = Number(query.get("limit") ?? 100);
  const page = Number(query.get("page") ?? 1);
  const totalPages = Math.ceil(matches.length / limit);
  return ok({
    indexes: [{ stock: "^BVSP", name: "IBOVESPA" }],
    stocks: matches.slice((page - 1) * limit, page * limit),
    availableSectors: ["Electronic Technology", "Energy Minerals", "Finance", "Miscellaneous"],
    availableStockTypes: ["stock", "fund", "bdr"],
    currentPage: page,
    totalPages,
    itemsPerPage: limit,
    totalCount: matches.length,
    hasNextPage: page < totalPages,
  });
}

/** The ranges past a year, and the free plan's refusal of the deepest (it reaches two years here). */
const brapiLongRanges: Record<string, number> = { "2y": 2, "5y": 5, "10y": 10, max: 24 };

/**
 * A long range's candles for PETR4 (weekly or monthly, to 2024-06-03; one with nulls, one with strings),
 * as brapi sends them with `usedRange`, `usedInterval` and the plan's `validRanges`.
 */
function brapiLongQuote(ticker: string, request: Incoming): Reply | null {
  const range = request.query.get("range") ?? "";
  const years = brapiLongRanges[range];
  if (years === undefined) return null;
  const free = brapiToken(request) === brapiKeys.brapiFree;
  if (free && years > 2) {
    return {
      status: 400,
      body: { error: true, message: `O seu plano não permite o range ${range}. Ranges válidos: 1d, 5d, 1mo, 3mo, 6mo, 1y, 2y` },
    };
  }
  if (ticker !== "PETR4") return null;
  const stepDays = request.query.get("interval") === "1mo" ? 30 : 7;
  const count = Math.floor((years * 365) / stepDays);
  const end = Date.UTC(2024, 5, 3) / 1000;
  const history: Record<string, unknown>[] = [];
  for (let index = count - 1; index >= 0; index--) {
    const close = 30 + 5 * Math.sin(index / 10);
    history.push({
      date: end - index * stepDays * DAY_SECONDS,
      open: close - 0.5,
      high: close + 1,
      low: close - 1.5,
      close,
      volume: 1_000_000 + index,
    });
  }
  history[1] = { ...history[1], open: null, close: null };
  history[2] = Object.fromEntries(Object.entries(history[2] ?? {}).map(([key, value]) => [key, String(value)]));
  const validRanges = free
    ? ["1d", "5d", "1mo", "3mo", "6mo", "1y", "2y"]
    : ["1d", "5d", "1mo", "3mo", "6mo", "1y", "2y", "5y", "10y", "ytd", "max"];
  const quote = brapiQuotes.PETR4 as Record<string, unknown>;
  return ok({
    results: [{ ...quote, usedRange: range, usedInterval: request.query.get("interval"), validRanges, historicalDataPrice: history }],
    requestedAt: "2024-06-03T21:00:00.000Z",
    took: "44ms",
  });
}

const brapiTickerLimit: Reply = {
  status: 400,
  body: { error: true, message: "O seu plano permite apenas 1 ativo por requisição. Faça upgrade em brapi.dev/dashboard" },
};

function brapiQuote(request: Incoming): Reply {
  const tickers = (request.params[0] ?? "").toUpperCase().split(",");
  const denied = brapiAuth(
    request,
    tickers.some((ticker) => !brapiFreeTickers.has(ticker)),
  );
  if (denied) return denied;
  if (tickers.length > 1) {
    // Several tickers: the known ones' quotes (no fundamentals), unless the plan takes one per request.
    if (brapiToken(request) === brapiKeys.brapiFree) return brapiTickerLimit;
    const results = tickers.flatMap((ticker) => brapiQuotes[ticker] ?? []);
    if (results.length === 0) return { status: 404, body: { error: true, message: `Não encontramos a ação ${tickers.join(",")}` } };
    return ok({ results, requestedAt: "2024-06-03T21:00:00.000Z", took: 9 });
  }
  const ticker = tickers[0] ?? "";
  const long = brapiLongQuote(ticker, request);
  if (long) return long;
  if (ticker === "EMPTY3") return ok({ results: [], requestedAt: "2024-06-03T21:00:00.000Z", took: 3 });
  const quote = brapiQuotes[ticker];
  if (!quote) return { status: 404, body: { error: true, message: `Não encontramos a ação ${ticker}` } };
  return withFundamentals(ticker, quote as Record<string, unknown>, request);
}

/** The fields of brapi's answers that move with the market. */
const moving = new Set([
  "close",
  "change",
  "open",
  "high",
  "low",
  "regularMarketPrice",
  "regularMarketChangePercent",
  "regularMarketOpen",
  "regularMarketDayHigh",
  "regularMarketDayLow",
]);

export const brapiRoutes: Route<BrapiRoute>[] = [
  {
    key: "brapi:list",
    pattern: /^\/brapi\/api\/quote\/list$/,
    moving,
    auth: (request) => brapiAuth(request, true),
    handle: brapiList,
  },
  {
    key: "brapi:quote",
    pattern: /^\/brapi\/api\/quote\/([^/]+)$/,
    moving,
    handle: brapiQuote,
  },
];
