import { DAY_MS, HOUR_MS } from "../../../app/lib/time";
/**
 * A fake of CoinGecko's API, mounted at /coingecko: real shapes, untidy parts (numbers as strings,
 * nulls, missing keys, "" for "none") and the quirks of recorded answers (upstream-quirks.ts).
 *
 * Route keys, their paths and what they serve:
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
 *
 * Auth: keyless is fine; a wrong x-cg-demo-api-key / x-cg-pro-api-key gets 401.
 */
import { quirkyCoins, quirkyMarkets, quirkySearchCoins, quirkyTrending } from "../upstream-quirks";
import { type Incoming, missing, ok, type Reply, type Route } from "./server";

export const coingeckoKeys = { coingeckoDemo: "fake-cg-demo-key", coingeckoPro: "fake-cg-pro-key" } as const;

export type CoinGeckoRoute =
  "coingecko:markets" | "coingecko:coin" | "coingecko:chart" | "coingecko:ohlc" | "coingecko:search" | "coingecko:trending";

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
  if (demo !== undefined && demo !== coingeckoKeys.coingeckoDemo) return coingeckoError(401, "Invalid API key");
  if (pro !== undefined && pro !== coingeckoKeys.coingeckoPro) return coingeckoError(401, "Invalid API key");
  return null;
}

const coinNotFound: Reply = { status: 404, body: { error: "coin not found" } };

/** Where the fake's /ohlc rows end (close times): 2024-06-03 00:00 UTC. */
export const fakeOhlcEndMs = Date.UTC(2024, 5, 3);
const ohlcDays = new Set(["1", "7", "14", "30", "90", "180", "365"]);

/** /coins/{id}/ohlc: [close ms, open, high, low, close] rows, their size set by `days` as CoinGecko does. */
function coingeckoOhlc({ params, query, headers }: Incoming, ohlcEndMs: number): Reply {
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

/** The fields of CoinGecko's answers that move with the market, a chart's prices included. */
const moving = new Set([
  "current_price",
  "price",
  "prices",
  "high_24h",
  "low_24h",
  "price_change_percentage_24h",
  "price_change_percentage_24h_in_currency",
]);

/** CoinGecko's routes; `settings.ohlcEndMs` is where /ohlc rows end, as the test sets it. */
export function coingeckoRoutes(settings: { ohlcEndMs: number }): Route<CoinGeckoRoute>[] {
  // First match wins: coingecko:markets must come before coingecko:coin, whose pattern also matches it.
  return [
    {
      key: "coingecko:markets",
      pattern: /^\/coingecko\/coins\/markets$/,
      auth: coingeckoAuth,
      moving,
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
      moving,
      handle: ({ params, query }) => missing(query, "vs_currency", "from", "to") ?? (coins[params[0] ?? ""] ? ok(chart) : coinNotFound),
    },
    {
      key: "coingecko:ohlc",
      pattern: /^\/coingecko\/coins\/([^/]+)\/ohlc$/,
      auth: coingeckoAuth,
      moving,
      handle: (request) => coingeckoOhlc(request, settings.ohlcEndMs),
    },
    {
      key: "coingecko:coin",
      pattern: /^\/coingecko\/coins\/([^/]+)$/,
      auth: coingeckoAuth,
      moving,
      handle: ({ params }) => {
        const coin = coins[params[0] ?? ""];
        return coin ? ok(coin) : coinNotFound;
      },
    },
    {
      key: "coingecko:search",
      pattern: /^\/coingecko\/search$/,
      auth: coingeckoAuth,
      moving,
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
      moving,
      handle: () => ok(trending),
    },
  ];
}
