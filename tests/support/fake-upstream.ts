/**
 * A local fake of every live market upstream, for contract, route and fault tests. It serves real
 * HTTP on 127.0.0.1 (random port) and replays the real shapes of CoinGecko, brapi, Finnhub,
 * Twelve Data and the currency API, including their untidy parts (numbers as strings, nulls,
 * missing keys, "" for "none") and the oddities of recorded real answers in upstream-quirks.ts
 * (placeholder images, 0 for unknown, malformed items among good ones, crypto tokens in the
 * currency feed, a cut earnings answer).
 *
 *   const fake = await startFakeUpstream();
 *   const crypto = createCoinGeckoProvider({ baseUrl: `${fake.url}/coingecko`, timeoutMs: 200 });
 *   fake.setFault("coingecko:markets", "429");
 *   expect(fake.calls("coingecko:markets")).toBe(1);
 *   await fake.close();
 *
 * Each upstream is mounted under its own prefix; pass `${url}/<prefix>` as the adapter's baseUrl:
 *   /coingecko  /brapi  /finnhub  /twelve-data  /currency-api  /currency-api-fallback
 *
 * Route keys (for setFault, calls and requests), their paths and what they serve:
 *   coingecko:markets     /coingecko/coins/markets           bitcoin, ethereum, thin-coin, then the quirky ones
 *                                                            (two malformed); honours page, per_page, ids
 *   coingecko:coin        /coingecko/coins/{id}              bitcoin (en + pt descriptions), ethereum (en only),
 *                                                            thin-coin (no market data), placeholder-coin,
 *                                                            small-image-coin; other ids 404
 *   coingecko:chart       /coingecko/coins/{id}/market_chart/range   the same ids; other ids 404
 *   coingecko:ohlc        /coingecko/coins/{id}/ohlc?days=   bitcoin: rows closing up to 2024-06-03 00:00 UTC (setOhlcEnd) at CoinGecko's
 *                                                            candle size for `days` (one with a null, one with strings);
 *                                                            thin-coin []; ethereum 200 with an error body; days=max
 *                                                            401 (error 10012) without a Pro key; other days 400
 *   coingecko:search      /coingecko/search?query=           case-insensitive match; "sol" has 9 hits,
 *                                                            "placeholder" 3 (one malformed)
 *   coingecko:trending    /coingecko/search/trending         pepe, bitcoin, placeholder-coin, one malformed
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
 *   twelve-data:time-series  /twelve-data/time_series?symbol=&interval=1day&outputsize=
 *                                                            AAPL (300 weekdays to 2024-06-03), MSFT (3 days); other
 *                                                            symbols: 200 {"status":"error","code":404}; newest first
 *   currency-api:usd      /currency-api/currencies/usd.json
 *   currency-api-fallback:usd  /currency-api-fallback/currencies/usd.json (the same table)
 *
 * Auth, as the real services do it, with the keys in `fakeKeys`:
 *   CoinGecko: keyless is fine; a wrong x-cg-demo-api-key / x-cg-pro-api-key gets 401.
 *   brapi: Authorization: Bearer <token> or ?token=; required for the list and for quotes other than
 *          PETR4, MGLU3, VALE3, ITUB4; a wrong token gets 401.
 *   Finnhub: X-Finnhub-Token or ?token= always required (401).
 *   Twelve Data: Authorization: apikey <key> or ?apikey=; a wrong or missing key is 200 {"status":"error","code":401}.
 *   currency-api: keyless.
 * Missing required query parameters get 400, as the real services answer.
 *
 * Faults, per route, until set back to "none":
 *   "500"          HTTP 500
 *   "429"          HTTP 429 with Retry-After: 7; Twelve Data says it its own way: HTTP 200 with
 *                  {"status":"error","code":429,"message":"You have run out of API credits…"}
 *   "hang"         accepts the request and never answers (until close())
 *   "malformed"    HTTP 200 with truncated JSON
 *   "wrong-shape"  HTTP 200 with valid JSON of the wrong shape (`["unexpected"]`)
 *
 * movePrices(factor) moves the market: from then on every CoinGecko and brapi price (and 24 h change)
 * in an answer is the recorded one times `factor`, as later answers of a live upstream differ.
 *
 * calls(route?) counts matched requests (all of them without a route), faulted ones included;
 * requests(route?) returns them with their query and headers, to check what an adapter sent.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  denseEarnings,
  fakeEarningsRowCap,
  quirkyCoins,
  quirkyCompanyNews,
  quirkyEarnings,
  quirkyMarketNews,
  quirkyMarkets,
  quirkySearchCoins,
  quirkyTrending,
  quirkyUsdRates,
} from "./upstream-quirks";
import { brapiFundamentals, finnhubMetrics, unknownFinnhubMetric } from "./fundamentals-samples";
import { DAY_MS, DAY_SECONDS, HOUR_MS } from "../../app/lib/time";

export { fakeEarningsRowCap } from "./upstream-quirks";

export const fakeKeys = {
  coingeckoDemo: "fake-cg-demo-key",
  coingeckoPro: "fake-cg-pro-key",
  brapi: "fake-brapi-token",
  /** A brapi plan without the quote modules and dividends: it leaves their keys out of the answer. */
  brapiBasic: "fake-brapi-basic-token",
  /** A brapi plan that refuses the modules and dividends outright: HTTP 402 with an error body. */
  brapiFree: "fake-brapi-free-token",
  finnhub: "fake-finnhub-key",
  twelveData: "fake-twelve-data-key",
} as const;

export type FakeRoute =
  | "coingecko:markets"
  | "coingecko:coin"
  | "coingecko:chart"
  | "coingecko:ohlc"
  | "coingecko:search"
  | "coingecko:trending"
  | "brapi:list"
  | "brapi:quote"
  | "finnhub:news"
  | "finnhub:company-news"
  | "finnhub:earnings"
  | "finnhub:quote"
  | "finnhub:profile2"
  | "finnhub:metric"
  | "twelve-data:time-series"
  | "currency-api:usd"
  | "currency-api-fallback:usd";

export type FakeFault = "none" | "500" | "429" | "hang" | "malformed" | "wrong-shape";

export type RecordedRequest = {
  route: FakeRoute;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
};

export type FakeUpstream = {
  /** http://127.0.0.1:<port>, without a trailing slash. */
  url: string;
  setFault(route: FakeRoute, fault: FakeFault): void;
  movePrices(factor: number): void;
  /** Where /ohlc rows end (unix ms, rounded down to a UTC day); `fakeOhlcEndMs` until set. */
  setOhlcEnd(ms: number): void;
  calls(route?: FakeRoute): number;
  requests(route?: FakeRoute): RecordedRequest[];
  close(): Promise<void>;
};

type Reply = { status: number; body: unknown };
type Incoming = { params: string[]; query: URLSearchParams; headers: IncomingHttpHeaders; ohlcEndMs?: number };
type Route = {
  key: FakeRoute;
  pattern: RegExp;
  auth?: (request: Incoming) => Reply | null;
  handle(request: Incoming): Reply;
  /** What the upstream answers when its quota is spent, if it is not a plain HTTP 429. */
  quotaReply?: Reply;
};

const ok = (body: unknown): Reply => ({ status: 200, body });

// ---------------------------------------------------------------------------------------------
// CoinGecko

const coinImage = (n: number, name: string) => `https://coin-images.coingecko.com/coins/images/${n}/large/${name}.png`;

/** 7 days of hourly prices, as CoinGecko sends them: 168 points, one lost to a gap (null). */
const bitcoinSparkline = Array.from({ length: 168 }, (_, i) => (i === 5 ? null : 65000 + i * 13.5 + (i % 7) * 21.25));

// prettier-ignore
const markets = [
  {
    id: "bitcoin", symbol: "btc", name: "Bitcoin", image: coinImage(1, "bitcoin"),
    current_price: 67250.12, market_cap: 1325412345678, market_cap_rank: 1,
    fully_diluted_valuation: 1412345678901, total_volume: 28123456789,
    high_24h: 68010.55, low_24h: 66120.4, price_change_24h: -512.33,
    price_change_percentage_24h: -0.756, market_cap_change_24h: -9876543210,
    market_cap_change_percentage_24h: -0.74, circulating_supply: 19712345,
    total_supply: 21000000, max_supply: 21000000, ath: 73738, ath_change_percentage: -8.8,
    ath_date: "2024-03-14T07:10:36.635Z", atl: 67.81, atl_change_percentage: 99000.5,
    atl_date: "2013-07-06T00:00:00.000Z", roi: null, last_updated: "2024-06-01T12:00:05.123Z",
    price_change_percentage_7d_in_currency: 2.41, price_change_percentage_1h_in_currency: 0.1234,
    sparkline_in_7d: { price: bitcoinSparkline },
  },
  {
    id: "ethereum", symbol: "eth", name: "Ethereum", image: coinImage(279, "ethereum"),
    current_price: 3780.44, market_cap: 454123456789, market_cap_rank: 2,
    total_volume: 15123456789, high_24h: 3822.1, low_24h: 3701.9,
    price_change_24h: 40.2, price_change_percentage_24h: 1.075,
    circulating_supply: 120123456, total_supply: 120123456, max_supply: null,
    last_updated: "2024-06-01T12:00:04.987Z", price_change_percentage_7d_in_currency: 5.02,
    price_change_percentage_1h_in_currency: null, sparkline_in_7d: { price: [] },
  },
  // A thin asset: numbers as strings, nulls and missing keys.
  {
    id: "thin-coin", symbol: "thin", name: "Thin Coin", image: null,
    current_price: "0.0123", market_cap: null, market_cap_rank: null, total_volume: "456.7",
    price_change_percentage_24h: null, last_updated: "2024-06-01T12:00:00.000Z",
  },
  ...quirkyMarkets,
];

// prettier-ignore
const coins: Record<string, unknown> = {
  bitcoin: {
    id: "bitcoin", symbol: "btc", name: "Bitcoin", web_slug: "bitcoin",
    categories: ["Cryptocurrency", null, "Layer 1 (L1)", "Proof of Work (PoW)"],
    description: {
      en: 'Bitcoin is the first successful internet money based on <a href="https://www.coingecko.com/en?hashing_algorithm=SHA-256">peer-to-peer</a> technology.\r\n\r\n',
      pt: "Bitcoin é o primeiro dinheiro da internet baseado em tecnologia peer-to-peer.",
      es: "",
    },
    links: {
      homepage: ["", "http://www.bitcoin.org", ""], whitepaper: "https://bitcoin.org/bitcoin.pdf",
      blockchain_site: ["", "https://mempool.space/", "https://blockchair.com/bitcoin/", "", ""],
    },
    image: {
      thumb: "https://coin-images.coingecko.com/coins/images/1/thumb/bitcoin.png",
      small: "https://coin-images.coingecko.com/coins/images/1/small/bitcoin.png",
      large: coinImage(1, "bitcoin"),
    },
    genesis_date: "2009-01-03", market_cap_rank: 1,
    market_data: {
      current_price: { usd: 67250.12, brl: 347120.55 },
      market_cap: { usd: 1325412345678, brl: 6841234567890 },
      total_volume: { usd: 28123456789, brl: 145123456789 },
      high_24h: { usd: 68010.55, brl: 351000.1 },
      low_24h: { usd: 66120.4, brl: 341200.0 },
      price_change_percentage_24h: -0.756,
      price_change_percentage_24h_in_currency: { usd: -0.756, brl: -0.612 },
      price_change_percentage_7d: 2.41,
      price_change_percentage_30d: 9.8,
      price_change_percentage_1y: 145.2,
      price_change_percentage_1h_in_currency: { usd: 0.1234, brl: 0.1101 },
      price_change_percentage_7d_in_currency: { usd: 2.41, brl: 2.05 },
      price_change_percentage_30d_in_currency: { usd: 9.8, brl: 8.7 },
      price_change_percentage_1y_in_currency: { usd: 145.2, brl: 160.4 },
      fully_diluted_valuation: { usd: 1412255252000, brl: 7289531550000 },
      ath: { usd: 73738, brl: 369108 }, ath_change_percentage: { usd: -8.8, brl: -5.9 },
      ath_date: { usd: "2024-03-14T07:10:36.635Z", brl: "2024-03-14T07:05:52.391Z" },
      atl: { usd: 67.81, brl: 149.66 }, atl_change_percentage: { usd: 99000.5, brl: 231843.1 },
      atl_date: { usd: "2013-07-06T00:00:00.000Z", brl: "2013-07-05T00:00:00.000Z" },
      sparkline_7d: { price: bitcoinSparkline },
      market_cap_rank: 1,
      circulating_supply: 19712345, total_supply: 21000000, max_supply: 21000000,
      last_updated: "2024-06-01T12:00:05.123Z",
    },
    last_updated: "2024-06-01T12:00:05.123Z",
  },
  ethereum: {
    id: "ethereum", symbol: "eth", name: "Ethereum",
    categories: ["Smart Contract Platform"],
    description: { en: "Ethereum is a global, open-source platform for decentralized applications.", pt: "" },
    links: { homepage: ["https://www.ethereum.org/"], blockchain_site: ["javascript:alert(1)", "https://etherscan.io/"] },
    image: { thumb: null, small: null, large: coinImage(279, "ethereum") },
    genesis_date: "2015-07-30", market_cap_rank: 2,
    market_data: {
      current_price: { usd: "3780.44" },
      market_cap: { usd: 454123456789 },
      total_volume: { usd: 15123456789 },
      high_24h: { usd: 3822.1 },
      low_24h: { usd: 3701.9 },
      price_change_percentage_24h: 1.075,
      price_change_percentage_24h_in_currency: {},
      // Thin maps: FDV left out, a change only in dollars and as text, a record without its day.
      fully_diluted_valuation: {},
      price_change_percentage_30d: "-4.5",
      price_change_percentage_1y_in_currency: { usd: null },
      ath: { usd: "4878.26" }, ath_date: { usd: "" },
      atl: { usd: 0.432979 },
      sparkline_7d: { price: [null, null] },
      circulating_supply: 120123456, total_supply: 120123456, max_supply: null,
      last_updated: "2024-06-01T12:00:04.987Z",
    },
    last_updated: "2024-06-01T12:00:04.987Z",
  },
  "thin-coin": {
    id: "thin-coin", symbol: "thin", name: "Thin Coin",
    categories: [], description: { en: "" }, links: { homepage: [""] },
    image: { thumb: null, small: null, large: null },
    genesis_date: null, market_cap_rank: null,
    last_updated: "2024-06-01T12:00:00.000Z",
  },
  ...quirkyCoins,
};

// prettier-ignore
const chart = {
  prices: [[1717200000000, 67501.23], [1717286400000, 67790.05]],
  market_caps: [[1717200000000, 1330123456789], [1717286400000, 1335987654321]],
  total_volumes: [[1717200000000, 21345678901], [1717286400000, null]],
};

// prettier-ignore
const searchCoins = [
  { id: "solana", name: "Solana", api_symbol: "solana", symbol: "SOL", market_cap_rank: 5,
    thumb: "https://coin-images.coingecko.com/coins/images/4128/thumb/solana.png",
    large: "https://coin-images.coingecko.com/coins/images/4128/large/solana.png" },
  { id: "solana-name-service", name: "Solana Name Service", api_symbol: "solana-name-service",
    symbol: "SNS", market_cap_rank: null,
    thumb: "https://coin-images.coingecko.com/coins/images/12345/thumb/sns.png",
    large: "https://coin-images.coingecko.com/coins/images/12345/large/sns.png" },
  ...Array.from({ length: 7 }, (_, i) => ({
    id: `sol-token-${i + 1}`, name: `Sol Token ${i + 1}`, api_symbol: `sol-token-${i + 1}`,
    symbol: `SOLT${i + 1}`, market_cap_rank: 1000 + i, thumb: "", large: "",
  })),
  { id: "bitcoin", name: "Bitcoin", api_symbol: "bitcoin", symbol: "BTC", market_cap_rank: 1,
    thumb: "https://coin-images.coingecko.com/coins/images/1/thumb/bitcoin.png",
    large: coinImage(1, "bitcoin") },
  ...quirkySearchCoins,
];

// prettier-ignore
const trending = {
  coins: [
    { item: { id: "pepe", coin_id: 29850, name: "Pepe", symbol: "PEPE", market_cap_rank: 24,
      thumb: "https://coin-images.coingecko.com/coins/images/29850/thumb/pepe.png",
      small: "https://coin-images.coingecko.com/coins/images/29850/small/pepe.png",
      large: "https://coin-images.coingecko.com/coins/images/29850/large/pepe.png",
      slug: "pepe", price_btc: 2.3e-10, score: 0,
      data: { price: 0.0000154, price_btc: "0.00000000023",
        price_change_percentage_24h: { usd: 6.21, brl: 6.4 },
        market_cap: "$6,481,234,567", market_cap_btc: "96321.5",
        total_volume: "$1,812,345,678", total_volume_btc: "26950.1",
        sparkline: "https://www.coingecko.com/coins/29850/sparkline.svg", content: null } } },
    { item: { id: "bitcoin", coin_id: 1, name: "Bitcoin", symbol: "BTC", market_cap_rank: 1,
      thumb: "https://coin-images.coingecko.com/coins/images/1/thumb/bitcoin.png",
      small: "https://coin-images.coingecko.com/coins/images/1/small/bitcoin.png",
      large: coinImage(1, "bitcoin"),
      slug: "bitcoin", price_btc: 1.0, score: 1,
      data: { price: 67250.12, price_btc: "1.0",
        price_change_percentage_24h: { usd: -0.76 },
        market_cap: "$1,325,412,345,678", market_cap_btc: "19712345.0",
        total_volume: "$28,123,456,789", total_volume_btc: "418190.2",
        sparkline: "https://www.coingecko.com/coins/1/sparkline.svg", content: null } } },
    ...quirkyTrending,
  ],
  nfts: [],
  categories: [],
};

const coingeckoError = (status: number, message: string): Reply => ({
  status,
  body: { status: { error_code: status, error_message: message } },
});

function coingeckoAuth({ headers }: Incoming) {
  const demo = headers["x-cg-demo-api-key"];
  const pro = headers["x-cg-pro-api-key"];
  if (demo !== undefined && demo !== fakeKeys.coingeckoDemo) return coingeckoError(401, "Invalid API key");
  if (pro !== undefined && pro !== fakeKeys.coingeckoPro) return coingeckoError(401, "Invalid API key");
  return null;
}

const coinNotFound: Reply = { status: 404, body: { error: "coin not found" } };

/** Where the fake's /ohlc rows end (close times): 2024-06-03 00:00 UTC. */
export const fakeOhlcEndMs = Date.UTC(2024, 5, 3);
const ohlcDays = new Set(["1", "7", "14", "30", "90", "180", "365"]);

/** /coins/{id}/ohlc: [close ms, open, high, low, close] rows, their size set by `days` as CoinGecko does. */
function coingeckoOhlc({ params, query, headers, ohlcEndMs = fakeOhlcEndMs }: Incoming): Reply {
  const absent = missing(query, "vs_currency", "days");
  if (absent) return absent;
  const days = query.get("days") ?? "";
  if (days === "max" && headers["x-cg-pro-api-key"] === undefined) {
    return {
      status: 401,
      body: {
        error: {
          status: {
            timestamp: "2024-06-03T00:00:00.000+00:00",
            error_code: 10012,
            error_message:
              "Your request exceeds the allowed time range. Public API users are limited to querying historical data within the past 365 days.",
          },
        },
      },
    };
  }
  if (days !== "max" && !ohlcDays.has(days)) return { status: 400, body: { error: "invalid days" } };
  const id = params[0] ?? "";
  if (id === "thin-coin") return ok([]);
  if (id === "ethereum") return ok({ status: { error_code: 429, error_message: "You've exceeded the Rate Limit." } });
  if (id !== "bitcoin") return coinNotFound;
  const span = days === "max" ? 4000 : Number(days);
  const sizeMs = span <= 2 ? 30 * 60_000 : span <= 30 ? 4 * HOUR_MS : 4 * DAY_MS;
  const count = Math.floor((span * DAY_MS) / sizeMs);
  const rows: unknown[][] = [];
  for (let index = count - 1; index >= 0; index--) {
    const open = 60_000 + 1000 * Math.sin(index);
    const close = 60_000 + 1000 * Math.sin(index + 1);
    rows.push([ohlcEndMs - index * sizeMs, open, Math.max(open, close) + 150, Math.min(open, close) - 150, close]);
  }
  rows[3] = [rows[3]?.[0], null, null, null, null];
  rows[5] = (rows[5] ?? []).map((value) => String(value));
  return ok(rows);
}

// ---------------------------------------------------------------------------------------------
// brapi

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

const brapiTokens = new Set<string>([fakeKeys.brapi, fakeKeys.brapiBasic, fakeKeys.brapiFree]);

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
  if (token === fakeKeys.brapiFree && (asked.length > 0 || dividends)) return brapiPlanRefusal;
  const samples = brapiFundamentals[ticker];
  if (!samples) return ok({ results: [quote], requestedAt: "2024-06-03T21:00:00.000Z", took: 12 });
  const basic = token === fakeKeys.brapiBasic;
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
  const free = brapiToken(request) === fakeKeys.brapiFree;
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
    if (brapiToken(request) === fakeKeys.brapiFree) return brapiTickerLimit;
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

// ---------------------------------------------------------------------------------------------
// Finnhub

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
  return key === fakeKeys.finnhub ? null : { status: 401, body: { error: "Invalid API key." } };
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

// ---------------------------------------------------------------------------------------------
// Twelve Data daily time series (docs/decisions/0009-us-stocks-provider.md)

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
  return key === fakeKeys.twelveData
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

// ---------------------------------------------------------------------------------------------
// fawazahmed0 currency-api

// prettier-ignore
const usdTable = {
  date: "2024-06-03",
  usd: {
    usd: 1, brl: 5.2471, eur: 0.9189, jpy: "157.32", ggp: 0.7843, btc: 0.0000145, eth: 0.000264,
    usdt: 1.0002, "1inch": 2.61, xau: 0.00042767, xag: 0.0325, vef: 0, zwd: null, xyz: -1, abc: "n/a",
    ...quirkyUsdRates,
  },
};

// ---------------------------------------------------------------------------------------------

/** 400 naming the first missing required parameter, or null. */
function missing(query: URLSearchParams, ...names: string[]): Reply | null {
  const absent = names.find((name) => !query.get(name));
  return absent === undefined ? null : { status: 400, body: { error: `Missing parameter ${absent}` } };
}

// First match wins: coingecko:markets must come before coingecko:coin, whose pattern also matches it.
const routes: Route[] = [
  {
    key: "coingecko:markets",
    pattern: /^\/coingecko\/coins\/markets$/,
    auth: coingeckoAuth,
    handle: ({ query }) => {
      const perPage = Number(query.get("per_page") ?? 100);
      const page = Number(query.get("page") ?? 1);
      // `ids` narrows the list to those coins, as CoinGecko does (the adapter prices trending coins so).
      const ids = query.get("ids")?.split(",");
      const listed = ids ? markets.filter((coin) => typeof coin.id === "string" && ids.includes(coin.id)) : markets;
      return missing(query, "vs_currency") ?? ok(listed.slice((page - 1) * perPage, page * perPage));
    },
  },
  {
    key: "coingecko:chart",
    pattern: /^\/coingecko\/coins\/([^/]+)\/market_chart\/range$/,
    auth: coingeckoAuth,
    handle: ({ params, query }) => missing(query, "vs_currency", "from", "to") ?? (coins[params[0] ?? ""] ? ok(chart) : coinNotFound),
  },
  {
    key: "coingecko:ohlc",
    pattern: /^\/coingecko\/coins\/([^/]+)\/ohlc$/,
    auth: coingeckoAuth,
    handle: coingeckoOhlc,
  },
  {
    key: "coingecko:coin",
    pattern: /^\/coingecko\/coins\/([^/]+)$/,
    auth: coingeckoAuth,
    handle: ({ params }) => {
      const coin = coins[params[0] ?? ""];
      return coin ? ok(coin) : coinNotFound;
    },
  },
  {
    key: "coingecko:search",
    pattern: /^\/coingecko\/search$/,
    auth: coingeckoAuth,
    handle: ({ query }) => {
      const term = (query.get("query") ?? "").toLowerCase();
      const hits = searchCoins.filter((coin) => `${coin.id} ${coin.name} ${coin.symbol}`.toLowerCase().includes(term));
      return missing(query, "query") ?? ok({ coins: hits, exchanges: [], icos: [], categories: [], nfts: [] });
    },
  },
  {
    key: "coingecko:trending",
    pattern: /^\/coingecko\/search\/trending$/,
    auth: coingeckoAuth,
    handle: () => ok(trending),
  },
  {
    key: "brapi:list",
    pattern: /^\/brapi\/api\/quote\/list$/,
    auth: (request) => brapiAuth(request, true),
    handle: brapiList,
  },
  {
    key: "brapi:quote",
    pattern: /^\/brapi\/api\/quote\/([^/]+)$/,
    handle: brapiQuote,
  },
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
  {
    key: "currency-api:usd",
    pattern: /^\/currency-api\/currencies\/usd\.json$/,
    handle: () => ok(usdTable),
  },
  {
    key: "currency-api-fallback:usd",
    pattern: /^\/currency-api-fallback\/currencies\/usd\.json$/,
    handle: () => ok(usdTable),
  },
];

/** The fields of CoinGecko and brapi answers that move with the market. */
const movingFields = new Set([
  "current_price",
  "price",
  "high_24h",
  "low_24h",
  "price_change_percentage_24h",
  "price_change_percentage_24h_in_currency",
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

/** `body` with every moving number (plain, numeric string, per-currency object, or chart [time, price]) times `factor`. */
function moved(body: unknown, factor: number, field = ""): unknown {
  const times = (value: number) => Math.round(value * factor * 10_000) / 10_000;
  if (movingFields.has(field)) {
    if (typeof body === "number") return times(body);
    if (typeof body === "string" && body.trim() !== "" && Number.isFinite(Number(body))) return String(times(Number(body)));
  }
  if (Array.isArray(body)) {
    return field === "prices"
      ? body.map(([time, price]: [number, number]) => [time, times(price)])
      : body.map((item) => moved(item, factor, field));
  }
  if (body && typeof body === "object") {
    return Object.fromEntries(
      Object.entries(body).map(([key, value]) => [key, moved(value, factor, movingFields.has(field) ? field : key)]),
    );
  }
  return body;
}

function send(response: ServerResponse, { status, body }: Reply, extraHeaders: Record<string, string> = {}) {
  response.writeHead(status, { "content-type": "application/json", ...extraHeaders });
  response.end(typeof body === "string" ? body : JSON.stringify(body));
}

export async function startFakeUpstream(): Promise<FakeUpstream> {
  const faults = new Map<FakeRoute, FakeFault>();
  const recorded: RecordedRequest[] = [];
  let priceFactor = 1;
  let ohlcEndMs = fakeOhlcEndMs;

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      return send(response, { status: 400, body: { error: "Bad path encoding" } });
    }
    const route = routes.find((candidate) => candidate.pattern.test(path));
    if (!route || request.method !== "GET") return send(response, { status: 404, body: { error: "Not found" } });
    recorded.push({ route: route.key, path, query: Object.fromEntries(url.searchParams), headers: request.headers });

    switch (faults.get(route.key) ?? "none") {
      case "hang":
        return; // close() destroys the socket
      case "500":
        return send(response, { status: 500, body: { error: "Internal Server Error" } });
      case "429":
        if (route.quotaReply) return send(response, route.quotaReply);
        return send(response, { status: 429, body: { error: "Too Many Requests" } }, { "retry-after": "7" });
      case "malformed":
        return send(response, { status: 200, body: '{"truncated": [1, 2' });
      case "wrong-shape":
        return send(response, ok(["unexpected"]));
      case "none": {
        const params = route.pattern.exec(path)?.slice(1) ?? [];
        const parsed: Incoming = { params, query: url.searchParams, headers: request.headers, ohlcEndMs };
        const reply = route.auth?.(parsed) ?? route.handle(parsed);
        const moves = priceFactor !== 1 && /^(coingecko|brapi):/.test(route.key);
        return send(response, moves ? { ...reply, body: moved(reply.body, priceFactor) } : reply);
      }
    }
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const matching = (route?: FakeRoute) => recorded.filter((entry) => route === undefined || entry.route === route);

  return {
    url: `http://127.0.0.1:${port}`,
    setFault: (route, fault) => void faults.set(route, fault),
    movePrices: (factor) => void (priceFactor = factor),
    setOhlcEnd: (ms) => void (ohlcEndMs = Math.floor(ms / DAY_MS) * DAY_MS),
    calls: (route) => matching(route).length,
    requests: (route) => matching(route),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
