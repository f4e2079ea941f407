import { compareText, fold } from "~/lib/text";
import { DAY_MS, HOUR_MS, isoDate } from "~/lib/time";
import { type CryptoAsset, cryptoAssets, inLanguage } from "~/market/catalogue";

import { bucketStarts, rangeWindow } from "../chart-range";
import { type CryptoCurrency, currencyCode } from "../crypto-currency";
import type { CryptoProvider } from "../providers/provider";
import type { CryptoChart, CryptoDetail, CryptoListItem, CryptoOrder, CryptoSearchResult, PriceRecord } from "../types";
import { unitsPerUsdAt } from "./fiat-rates";
import { dayOf, EPOCH_MS, hashString, memoLast, PricePath, roundTheClock, STEP_MS, uniform } from "./generator";

type Entry = { asset: CryptoAsset; path: PricePath; searchable: string[] };

/** A list item whose market numbers are always present in the demo. */
type LiveItem = CryptoListItem & { rank: number; price: number; marketCap: number; volume24h: number; sparkline7d: number[] };
type Quote = { entry: Entry; item: LiveItem; open24h: number };

const TRENDING_SIZE = 7;
/** Keeps flat assets (stablecoins) in the draw, just rarely picked. */
const TRENDING_MIN_WEIGHT = 1e-4;
/** The 7-day sparkline: a point every 4 hours, both ends included, so its first point is the price 7 days ago. */
const SPARKLINE_STEP_MS = 4 * HOUR_MS;
const SPARKLINE_POINTS = (7 * DAY_MS) / SPARKLINE_STEP_MS + 1;
/** CoinGecko's granularity switch: hourly points up to 90 days, daily beyond. */
const HOURLY_SPAN_LIMIT_MS = 90 * DAY_MS;

const entries: Entry[] = cryptoAssets.map((asset) => ({
  asset,
  path: new PricePath({
    key: `crypto:${asset.id}`,
    reference: asset.priceUsd,
    volatility: asset.volatility,
    referenceVolume: asset.volume24hUsd,
    session: roundTheClock,
  }),
  searchable: [asset.symbol, asset.name, asset.id].map(fold),
}));

/** Six significant digits, like an exchange quote; rounding is monotonic, so price ordering survives. */
function quoted(price: number): number {
  return Number(price.toPrecision(6));
}

/** The quote at instant `at`; `rank` is filled in once the whole snapshot is known. */
/** The percent change from the price `ago` milliseconds before `at` to `price`, both as quoted. */
function changeSince(path: PricePath, price: number, at: number, ago: number): number {
  return (price / quoted(path.priceAt(at - ago)) - 1) * 100;
}

function measure(entry: Entry, at: number): Quote {
  const { asset, path } = entry;
  const last24h = path.window(at - DAY_MS, at);
  const price = quoted(last24h.close);
  const open24h = quoted(last24h.open);
  const sparkline7d = Array.from({ length: SPARKLINE_POINTS }, (_, i) =>
    quoted(path.priceAt(at - (SPARKLINE_POINTS - 1 - i) * SPARKLINE_STEP_MS)),
  );
  return {
    entry,
    open24h,
    item: {
      id: asset.id,
      symbol: asset.symbol,
      name: asset.name,
      image: asset.icon ?? null,
      rank: 0,
      price,
      change24h: (price / open24h - 1) * 100,
      marketCap: Math.round(price * asset.circulatingSupply),
      volume24h: Math.round(last24h.volume),
      high24h: quoted(last24h.high),
      low24h: quoted(last24h.low),
      circulatingSupply: asset.circulatingSupply,
      maxSupply: asset.maxSupply,
      change1h: changeSince(path, price, at, HOUR_MS),
      change7d: (price / sparkline7d[0]! - 1) * 100,
      sparkline7d,
    },
  };
}

/** The highest and lowest daily close of the walk before `at`'s day, with their days. */
function walkExtremes(path: PricePath, at: number) {
  let high = { price: path.close(0), day: 0 };
  let low = high;
  for (let day = 1; day < dayOf(at); day++) {
    const close = path.close(day);
    if (close > high.price) high = { price: close, day };
    if (close < low.price) low = { price: close, day };
  }
  return { high, low };
}

const isoDay = (day: number) => isoDate(EPOCH_MS + day * DAY_MS);

/**
 * All-time high and low in dollars: the real record kept in the dataset (once its day has come),
 * the walk's daily closes since its epoch, and the last 24 hours, which hold the current price.
 */
function records(quote: Quote, at: number): { high: PriceRecord; low: PriceRecord } {
  const { asset, path } = quote.entry;
  const today = new Date(at).toISOString();
  const walk = walkExtremes(path, at);
  const highs: PriceRecord[] = [
    { price: quoted(walk.high.price), date: isoDay(walk.high.day) },
    { price: quote.item.high24h!, date: today },
  ];
  const lows: PriceRecord[] = [
    { price: quoted(walk.low.price), date: isoDay(walk.low.day) },
    { price: quote.item.low24h!, date: today },
  ];
  if (asset.athUsd && asset.athDate && asset.athDate <= today) highs.push({ price: asset.athUsd, date: asset.athDate });
  if (asset.atlUsd && asset.atlDate && asset.atlDate <= today) lows.push({ price: asset.atlUsd, date: asset.atlDate });
  return {
    high: highs.reduce((best, record) => (record.price > best.price ? record : best)),
    low: lows.reduce((best, record) => (record.price < best.price ? record : best)),
  };
}

/** The numbers only a coin's page shows, in `currency`, agreeing with the item's price. */
function depthIn(quote: Quote, item: LiveItem, currency: CryptoCurrency, at: number) {
  const { asset, path } = quote.entry;
  const convert = converterAt(currency, at);
  const { high, low } = records(quote, at);
  const totalSupply = asset.totalSupply ?? asset.circulatingSupply;
  return {
    explorer: asset.explorer ?? null,
    change30d: changeSince(path, quote.item.price, at, 30 * DAY_MS),
    change1y: changeSince(path, quote.item.price, at, 365 * DAY_MS),
    totalSupply,
    fullyDilutedValuation: Math.round(item.price * (asset.maxSupply ?? totalSupply)),
    allTimeHigh: { ...high, price: convert.price(high.price) },
    allTimeLow: { ...low, price: convert.price(low.price) },
  } satisfies Partial<CryptoDetail>;
}

/** Every quote of one 5-minute step (prices only change at steps), ranked by live market cap. */
const snapshot = memoLast((step: number) => {
  const quotes = entries.map((entry) => measure(entry, step * STEP_MS));
  [...quotes]
    .sort((a, b) => b.item.marketCap - a.item.marketCap)
    .forEach((quote, index) => {
      quote.item.rank = index + 1;
    });
  return { quotes, byId: new Map(quotes.map((quote) => [quote.entry.asset.id, quote])) };
});

function quotesAt(now: number) {
  return snapshot(Math.floor(now / STEP_MS));
}

/** US-dollar amounts to `currency` at the demo rate in force at `at`, as CoinGecko's vs_currency does. */
function converterAt(currency: CryptoCurrency, at: number) {
  const rate = unitsPerUsdAt(currencyCode(currency), at);
  return {
    price: (usd: number) => (currency === "usd" ? usd : quoted(usd * rate)),
    amount: (usd: number) => (currency === "usd" ? usd : Math.round(usd * rate)),
  };
}

/** A quote's item in `currency`; the 24 h change is the same in every currency at one rate. */
function itemIn(item: LiveItem, currency: CryptoCurrency, at: number): LiveItem {
  const convert = converterAt(currency, at);
  const price = convert.price(item.price);
  return {
    ...item,
    price,
    // From the converted price, so market cap = price × supply holds in every currency.
    marketCap: currency === "usd" ? item.marketCap : Math.round(price * (item.circulatingSupply ?? 0)),
    volume24h: convert.amount(item.volume24h),
    high24h: item.high24h === null ? null : convert.price(item.high24h),
    low24h: item.low24h === null ? null : convert.price(item.low24h),
    sparkline7d: currency === "usd" ? item.sparkline7d : item.sparkline7d.map(convert.price),
  };
}

/** A crypto's demo quote at `at` in `currency`, with its daily volatility; undefined for an unknown id. */
export function cryptoQuoteAt(id: string, currency: CryptoCurrency, at: number) {
  const quote = quotesAt(at).byId.get(id);
  return quote && { item: itemIn(quote.item, currency, at), volatility: quote.entry.asset.volatility, round: quoted };
}

/** The current demo price of a crypto by ticker symbol (any case), for the converter. */
export function cryptoPriceBySymbol(symbol: string, now: number): number {
  const wanted = symbol.toLowerCase();
  const quote = quotesAt(now).quotes.find(({ item }) => item.symbol === wanted);
  if (!quote) throw new Error(`No demo crypto with symbol ${symbol}`);
  return quote.item.price;
}

const orders: Record<CryptoOrder, (a: LiveItem, b: LiveItem) => number> = {
  market_cap_desc: (a, b) => b.marketCap - a.marketCap,
  market_cap_asc: (a, b) => a.marketCap - b.marketCap,
  volume_desc: (a, b) => b.volume24h - a.volume24h,
  volume_asc: (a, b) => a.volume24h - b.volume24h,
  id_asc: (a, b) => compareText(a.id, b.id),
  id_desc: (a, b) => compareText(b.id, a.id),
};

/** 0 exact symbol/name/id, 1 prefix, 2 substring, null no match. */
function matchTier(entry: Entry, needle: string): number | null {
  if (entry.searchable.includes(needle)) return 0;
  if (entry.searchable.some((text) => text.startsWith(needle))) return 1;
  if (entry.searchable.some((text) => text.includes(needle))) return 2;
  return null;
}

/**
 * Stands in for "most searched": a weighted draw without replacement (Efraimidis–Spirakis) where
 * the weight is the size of the previous UTC day's move, reseeded each day.
 */
const trendingIds = memoLast((day: number) => {
  const next = uniform(hashString(`trending|${day}`));
  return entries
    .map(({ asset, path }) => {
      const move = Math.abs(Math.log(path.close(day - 1) / path.close(day - 2)));
      return { id: asset.id, key: Math.log(1 - next()) / (move + TRENDING_MIN_WEIGHT) };
    })
    .sort((a, b) => b.key - a.key)
    .slice(0, TRENDING_SIZE)
    .map(({ id }) => id);
});

function chartTimes(fromMs: number, toMs: number, now: number): number[] {
  const interval = toMs - fromMs <= HOURLY_SPAN_LIMIT_MS ? HOUR_MS : DAY_MS;
  const from = Math.max(fromMs, EPOCH_MS);
  const to = Math.min(toMs, now);
  const times: number[] = [];
  for (let time = Math.ceil(from / interval) * interval; time <= to; time += interval) times.push(time);
  // Like CoinGecko, a range reaching the present ends with the live price.
  if (to === now && from <= now && times.at(-1) !== now) times.push(now);
  return times;
}

export function createCryptoProvider(clock: () => number): CryptoProvider {
  return {
    source: "demo",

    async list({ page, perPage, order, currency = "usd" }) {
      const now = clock();
      const { quotes } = quotesAt(now);
      // Ordered in dollars: one rate converts them all, so the order is the same in any currency.
      const items = quotes.map((quote) => quote.item).sort(orders[order]);
      const start = (Math.max(1, page) - 1) * perPage;
      return { items: items.slice(start, start + perPage).map((item) => itemIn(item, currency, now)), total: items.length };
    },

    async quotes(ids, currency = "usd") {
      const now = clock();
      const { byId } = quotesAt(now);
      return new Map(
        ids.map((id) => {
          const quote = byId.get(id);
          return [id, quote ? itemIn(quote.item, currency, now) : null];
        }),
      );
    },

    async detail(id, language, currency = "usd") {
      const now = clock();
      const quote = quotesAt(now).byId.get(id);
      if (!quote) return null;
      const { asset } = quote.entry;
      const item = itemIn(quote.item, currency, now);
      return {
        ...item,
        ...depthIn(quote, item, currency, now),
        description: asset.description ? inLanguage(asset.description, language) : null,
        categories: [...asset.categories],
        open24h: converterAt(currency, now).price(quote.open24h),
        homepage: asset.homepage,
        genesisDate: asset.genesisDate,
        lastUpdated: new Date(now).toISOString(),
      };
    },

    async chart(id, fromSeconds, toSeconds, currency = "usd") {
      const now = clock();
      const quote = quotesAt(now).byId.get(id);
      if (!quote) return null;
      const { asset, path } = quote.entry;
      const chart: CryptoChart = { prices: [], marketCaps: [], totalVolumes: [] };
      for (const time of chartTimes(fromSeconds * 1000, toSeconds * 1000, now)) {
        // Each point at the rate of its own hour: the last one is the headline price.
        const convert = converterAt(currency, time);
        const price = convert.price(quoted(path.priceAt(time)));
        chart.prices.push([time, price]);
        chart.marketCaps.push([time, Math.round(price * asset.circulatingSupply)]);
        chart.totalVolumes.push([time, convert.amount(Math.round(path.window(time - DAY_MS, time).volume))]);
      }
      return chart;
    },

    async candles(id, range, currency = "usd") {
      const now = clock();
      const quote = quotesAt(now).byId.get(id);
      if (!quote) return null;
      const { path } = quote.entry;
      const window = rangeWindow(range, now, EPOCH_MS);
      const candles = bucketStarts(window).map((start) => {
        const { open, high, low, close, volume } = path.window(start, Math.min(start + window.intervalMs, now));
        // Each candle at the rate of its own end, as the line chart's points are.
        const convert = converterAt(currency, Math.min(start + window.intervalMs, now));
        const [o, h, l, c] = [open, high, low, close].map((price) => convert.price(quoted(price))) as [number, number, number, number];
        return { time: start / 1000, open: o, high: h, low: l, close: c, volume: convert.amount(Math.round(volume)) };
      });
      return { intervalMs: window.intervalMs, ohlc: true, candles };
    },

    async search(query) {
      const needle = fold(query.trim());
      if (!needle) return [];
      return quotesAt(clock())
        .quotes.flatMap(({ entry, item }): { result: CryptoSearchResult; tier: number; rank: number }[] => {
          const tier = matchTier(entry, needle);
          const { id, name, symbol, icon } = entry.asset;
          return tier === null ? [] : [{ result: { id, name, symbol, thumb: icon ?? null, rank: item.rank }, tier, rank: item.rank }];
        })
        .sort((a, b) => a.tier - b.tier || a.rank - b.rank)
        .map(({ result }) => result);
    },

    async trending(currency = "usd") {
      const now = clock();
      const { byId } = quotesAt(now);
      return trendingIds(dayOf(now)).flatMap((id) => {
        const quote = byId.get(id);
        return quote ? [itemIn(quote.item, currency, now)] : [];
      });
    },
  };
}

/** The whole demo market in US dollars at `at`: total market value, Bitcoin's share of it and its change over 24 h. */
export function cryptoMarketAt(at: number) {
  const { quotes } = quotesAt(at);
  const total = quotes.reduce((sum, { item }) => sum + item.marketCap, 0);
  const dayAgo = quotes.reduce((sum, { item, open24h }) => sum + (open24h * item.marketCap) / item.price, 0);
  const bitcoin = quotes.find(({ item }) => item.id === "bitcoin")?.item.marketCap ?? 0;
  return { totalMarketCap: total, btcDominance: (bitcoin / total) * 100, change24h: (total / dayAgo - 1) * 100 };
}
