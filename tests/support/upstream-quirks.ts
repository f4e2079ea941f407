/**
 * Real-shaped oddities of live upstream answers (issue 15), served by the fake upstream next to its
 * tidy samples. Each mirrors something recorded real answers do:
 *
 * CoinGecko
 *   - relative placeholder images ("missing_large.png", "missing_thumb.png", "missing_small.png")
 *     in markets, coin detail, search and trending;
 *   - 0 for an unknown market cap, volume, supply or fully diluted valuation ("$0" in trending);
 *   - circulating_supply as a string ("19500000.0"); coin detail `image` with only `small`;
 *   - current_price missing or null, the coin still listed;
 *   - now and then one malformed item (no id, an object where a number belongs).
 * Finnhub
 *   - news items without a URL, with a blank headline, without an id, or with datetime 0 or in
 *     milliseconds, next to good ones; a relative image path;
 *   - an earnings answer cut at a row cap (see fakeEarningsRowCap), losing the last dates;
 *     earnings rows without a symbol or with a date-time instead of a date.
 * currency-api
 *   - three-letter crypto tokens (AXS, CHZ, XBT, POL, MNT is both: the feed quotes the tugrik),
 *     crypto units (MBTC, 1000SATS), withdrawn currencies (DEM, FRF), micro-nation money
 *     (SPL), unofficial fiat (GGP, IMP, TVD) and all four metals.
 */

// ---------------------------------------------------------------------------------------------
// CoinGecko

const coinImage = (n: number, size: "thumb" | "small" | "large", name: string) =>
  `https://coin-images.coingecko.com/coins/images/${n}/${size}/${name}.png`;

// prettier-ignore
export const quirkyMarkets: Record<string, unknown>[] = [
  // A new listing: placeholder logo, zeros for what CoinGecko does not know yet.
  {
    id: "placeholder-coin", symbol: "phc", name: "Placeholder Coin", image: "missing_large.png",
    current_price: 0.5012, market_cap: 0, market_cap_rank: null, fully_diluted_valuation: 0,
    total_volume: 0, high_24h: 0.52, low_24h: 0.49, price_change_24h: 0.0012,
    price_change_percentage_24h: 0.24, market_cap_change_24h: 0, market_cap_change_percentage_24h: 0,
    circulating_supply: 0, total_supply: 1000000000, max_supply: 0, ath: 0.9, ath_change_percentage: -44.3,
    ath_date: "2024-05-20T00:00:00.000Z", atl: 0.3, atl_change_percentage: 67.1,
    atl_date: "2024-05-02T00:00:00.000Z", roi: null, last_updated: "2024-06-01T11:59:41.000Z",
  },
  // Malformed: no id, so nothing can link to it.
  { symbol: "ghost", name: "Ghost Coin", image: coinImage(99001, "large", "ghost"), current_price: 1.5, market_cap: 1000 },
  // Supply as a string, the price unknown (key absent), a logo on CoinGecko's own host.
  {
    id: "string-supply-coin", symbol: "ssc", name: "String Supply Coin", image: coinImage(99002, "large", "ssc"),
    market_cap: 88123456, market_cap_rank: 412, total_volume: 1234567, high_24h: null, low_24h: null,
    price_change_percentage_24h: null, circulating_supply: "19500000.0", total_supply: "21000000.0",
    max_supply: "21000000.0", last_updated: "2024-06-01T11:58:00.000Z",
  },
  // Malformed: an object where a number belongs.
  { id: "object-price-coin", symbol: "opc", name: "Object Price Coin", image: null, current_price: { usd: 2 } },
  // current_price null and an absolute placeholder on CoinGecko's asset host.
  {
    id: "no-price-coin", symbol: "npc", name: "No Price Coin",
    image: "https://assets.coingecko.com/coins/images/missing_large.png",
    current_price: null, market_cap: null, market_cap_rank: null, total_volume: 0,
    price_change_percentage_24h: null, circulating_supply: 5000000, max_supply: null,
    last_updated: "2024-06-01T11:57:00.000Z",
  },
];

// prettier-ignore
export const quirkyCoins: Record<string, unknown> = {
  "placeholder-coin": {
    id: "placeholder-coin", symbol: "phc", name: "Placeholder Coin", web_slug: "placeholder-coin",
    categories: [], description: { en: "" }, links: { homepage: ["https://placeholder.example", ""] },
    image: { thumb: "missing_thumb.png", small: "missing_small.png", large: "missing_large.png" },
    genesis_date: null, market_cap_rank: null,
    market_data: {
      current_price: { usd: 0.5012, brl: 2.63 },
      market_cap: { usd: 0, brl: 0 },
      fully_diluted_valuation: { usd: 0 },
      total_volume: { usd: 0 },
      high_24h: { usd: 0.52 }, low_24h: { usd: 0.49 },
      price_change_percentage_24h: 0.24,
      price_change_percentage_24h_in_currency: { usd: 0.24 },
      market_cap_rank: null,
      circulating_supply: 0, total_supply: 1000000000, max_supply: 0,
      last_updated: "2024-06-01T11:59:41.000Z",
    },
    last_updated: "2024-06-01T11:59:41.000Z",
  },
  "small-image-coin": {
    id: "small-image-coin", symbol: "sic", name: "Small Image Coin",
    categories: ["Meme"], description: { en: "A coin with one logo size." },
    links: { homepage: [""] },
    image: { small: coinImage(99003, "small", "sic") },
    genesis_date: null, market_cap_rank: 977,
    market_data: {
      current_price: {},
      market_cap: { usd: 12345678 },
      total_volume: { usd: 23456 },
      high_24h: {}, low_24h: {},
      price_change_percentage_24h: null,
      price_change_percentage_24h_in_currency: {},
      market_cap_rank: 977,
      circulating_supply: "19500000.0", total_supply: null, max_supply: null,
      last_updated: "2024-06-01T11:50:00.000Z",
    },
    last_updated: "2024-06-01T11:50:00.000Z",
  },
};

/** Matched by the search "placeholder"; one of them has no id. */
// prettier-ignore
export const quirkySearchCoins = [
  { id: "placeholder-coin", name: "Placeholder Coin", api_symbol: "placeholder-coin", symbol: "PHC",
    market_cap_rank: null, thumb: "missing_thumb.png", large: "missing_large.png" },
  { name: "Placeholder Ghost", api_symbol: "placeholder-ghost", symbol: "PGH", market_cap_rank: null,
    thumb: "missing_thumb.png", large: "missing_large.png" },
  { id: "placeholder-two", name: "Placeholder Two", api_symbol: "placeholder-two", symbol: "PH2",
    market_cap_rank: 2048, thumb: "/coins/images/99004/thumb/ph2.png", large: coinImage(99004, "large", "ph2") },
];

// prettier-ignore
export const quirkyTrending = [
  { item: { id: "placeholder-coin", coin_id: 99000, name: "Placeholder Coin", symbol: "PHC", market_cap_rank: null,
    thumb: "missing_thumb.png", small: "missing_small.png", large: "missing_large.png",
    slug: "placeholder-coin", price_btc: 7.45e-6, score: 2,
    data: { price: 0.5012, price_btc: "0.00000745", price_change_percentage_24h: { usd: 0.24 },
      market_cap: "$0", market_cap_btc: "0.0", total_volume: "$0", total_volume_btc: "0.0",
      sparkline: "https://www.coingecko.com/coins/99000/sparkline.svg", content: null } } },
  // Malformed: no id.
  { item: { coin_id: 99005, name: "Nameless Trend", symbol: "NLT", market_cap_rank: 3001, thumb: "missing_thumb.png",
    small: "missing_small.png", large: "missing_large.png", score: 3, data: { price: 1 } } },
];

// ---------------------------------------------------------------------------------------------
// Finnhub

/** Served in the general feed, after the good items. Only 7372633 is usable. */
// prettier-ignore
export const quirkyMarketNews = [
  { category: "top news", datetime: 1717431000, headline: "Fed minutes due on Wednesday", id: 7372630, image: "",
    related: "", source: "MarketWatch", summary: "Investors look for rate clues.", url: "" },
  { category: "top news", datetime: 0, headline: "Oil slips on supply worries", id: 7372631, image: "",
    related: "", source: "Reuters", summary: "", url: "https://www.reuters.com/markets/oil-slips" },
  { category: "business", datetime: 1717432500, headline: "   ", id: 7372632, image: "",
    related: "", source: "CNBC", summary: "", url: "https://www.cnbc.com/blank-headline" },
  { category: "business", datetime: 1717432600, headline: "Shipping rates climb", image: "",
    related: "", source: "Bloomberg", summary: "", url: "https://www.bloomberg.com/shipping-rates" },
  { category: "business", datetime: 1717432700000, headline: "Airlines add summer routes", id: 7372634, image: "",
    related: "", source: "Reuters", summary: "", url: "https://www.reuters.com/airlines-summer" },
  { category: "business", datetime: 1717433000, headline: "Chip stocks rally on AI demand", id: 7372633,
    image: "/static/images/chips.jpg", related: "NVDA,AMD", source: "SeekingAlpha",
    summary: "Semiconductors led the market.", url: "https://seekingalpha.com/chips-rally" },
];

/** Served in NVDA's company feed: no URL. */
// prettier-ignore
export const quirkyCompanyNews = [
  { category: "company", datetime: 1717391000, headline: "Nvidia supplier update", id: 9006, image: "",
    related: "NVDA", source: "Yahoo", summary: "", url: null },
];

/** Earnings rows a date filter lets through but no calendar can use. */
// prettier-ignore
export const quirkyEarnings = [
  { date: "2024-06-14", epsActual: null, epsEstimate: 0.5, hour: "amc", quarter: 2, revenueActual: null,
    revenueEstimate: 1000000, symbol: null, year: 2024 },
  { date: "2024-06-15T00:00:00", epsActual: null, epsEstimate: 0.7, hour: "bmo", quarter: 2, revenueActual: null,
    revenueEstimate: 2000000, symbol: "ZZZ", year: 2024 },
];

/** Rows a single /calendar/earnings answer holds at most, like Finnhub's (about 1,500) cap, scaled down. */
export const fakeEarningsRowCap = 20;

/**
 * October 2024, earnings season: more rows than one answer holds. 3 reports a weekday, 6 from the
 * 21st, 12 from the 29th (so halves of halves are needed), and 25 on the 30th (one day over the
 * cap: it cannot be complete).
 */
function reportsOn(day: number): number {
  if (day === 30) return 25;
  if (day >= 29) return 12;
  return day >= 21 ? 6 : 3;
}

export const denseEarnings = Array.from({ length: 31 }, (_, index) => index + 1).flatMap((day) => {
  const date = `2024-10-${String(day).padStart(2, "0")}`;
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return [];
  return Array.from({ length: reportsOn(day) }, (_, n) => ({
    date,
    epsActual: null,
    epsEstimate: 0.1 * (n + 1),
    hour: n % 2 ? "amc" : "bmo",
    quarter: 3,
    revenueActual: null,
    revenueEstimate: 1_000_000 * (n + 1),
    symbol: `Q${String(day).padStart(2, "0")}${String.fromCharCode(65 + n)}`,
    year: 2024,
  }));
});

// ---------------------------------------------------------------------------------------------
// currency-api

// prettier-ignore
export const quirkyUsdRates = {
  axs: 0.1512, chz: 13.05, xbt: 0.0000145, pol: 1.71, mnt: 3400.5, mbtc: 0.0145, "1000sats": 14.5, xaut: 0.00042,
  dem: 1.7972, frf: 6.0276, spl: 0.1667, imp: 0.7843, tvd: 1.52, xcg: 1.79, xpt: 0.00098, xpd: 0.00105,
};
