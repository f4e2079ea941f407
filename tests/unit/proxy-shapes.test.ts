import { describe, expect, it } from "vitest";
import { toCryptoDetail, toCryptoMarkets, toCryptoTrending, toStockQuote } from "~/market/proxy-shapes";
import type { CryptoDetail, CryptoListItem, StockDetail } from "~/market/types";

const coin: CryptoListItem = {
  id: "thin-coin",
  symbol: "thin",
  name: "Thin Coin",
  image: null,
  rank: null,
  price: 1.23456,
  change24h: 2.5,
  marketCap: null,
  volume24h: 1234567.8,
  high24h: null,
  low24h: 1.1,
  circulatingSupply: null,
  maxSupply: null,
  change1h: null,
  change7d: null,
  sparkline7d: null,
};
const fetchedAt = Date.parse("2026-11-25T12:00:00Z");

describe("upstream shapes from the app's own", () => {
  it("keeps unknowns unknown and derives the absolute change from the percent one", () => {
    const [market] = toCryptoMarkets([coin, { ...coin, change24h: null }], { fetchedAt, precision: 2 });
    expect(market).toMatchObject({
      current_price: 1.23,
      high_24h: null,
      market_cap: null,
      market_cap_rank: null,
      last_updated: "2026-11-25T12:00:00.000Z",
    });
    expect(market!.price_change_24h).toBe(0.03);
    expect(toCryptoMarkets([{ ...coin, change24h: null }], { fetchedAt, precision: "full" })[0]).toMatchObject({
      current_price: 1.23456,
      price_change_24h: null,
    });
    expect(toCryptoMarkets([{ ...coin, change24h: -100 }], { fetchedAt, precision: undefined })[0]!.price_change_24h).toBeNull();
  });

  it("formats trending figures as CoinGecko does and leaves unknown ones out of its currency maps", () => {
    const { item } = toCryptoTrending([coin]).coins[0]!;
    expect(item.data).toEqual({ price: 1.23456, price_change_percentage_24h: { usd: 2.5 }, market_cap: null, total_volume: "$1,234,568" });
    expect(item).toMatchObject({ symbol: "THIN", slug: "thin-coin", score: 0, thumb: null });
    const detail: CryptoDetail = {
      ...coin,
      price: null,
      description: { text: "Texto em inglês", language: "en" },
      categories: [],
      open24h: null,
      homepage: null,
      explorer: null,
      genesisDate: null,
      change30d: null,
      change1y: null,
      totalSupply: null,
      fullyDilutedValuation: null,
      allTimeHigh: null,
      allTimeLow: null,
      lastUpdated: "not a date",
    };
    const answer = toCryptoDetail(detail, { english: detail, language: "pt-BR", fetchedAt });
    expect(answer.market_data.current_price).toEqual({});
    expect(answer.last_updated).toBe("2026-11-25T12:00:00.000Z");
    // No translation: the visitor's key holds the English text the page shows.
    expect(answer.description).toEqual({ en: "Texto em inglês", pt: "Texto em inglês" });
    expect(
      toCryptoDetail({ ...detail, description: null }, { english: { ...detail, description: null }, language: "es", fetchedAt })
        .description,
    ).toEqual({
      en: "",
      es: "",
    });
  });

  it("answers brapi's quote with unix-second history and the profile only when asked", () => {
    const stock: StockDetail = {
      ticker: "ABCD3",
      name: "ABCD SA",
      logo: null,
      type: "stock",
      sector: null,
      currency: "BRL",
      price: 11,
      changePercent: 10,
      volume: null,
      marketCap: null,
      open: null,
      high: null,
      low: null,
      previousClose: 10,
      fiftyTwoWeekHigh: null,
      fiftyTwoWeekLow: null,
      history: [{ time: 1_764_000_000, open: 1, high: 2, low: 0.5, close: 1.5, volume: 10 }],
      profile: { longBusinessSummary: null, sector: null, industry: null, website: null },
      lastUpdated: "2026-11-25T11:00:00Z",
    };
    const plain = toStockQuote(stock, { range: "1mo", withProfile: false, requestedAt: fetchedAt });
    expect(plain.results[0]).toMatchObject({
      regularMarketChange: 1,
      regularMarketTime: "2026-11-25T11:00:00.000Z",
      historicalDataPrice: [{ date: 1_764_000_000 }],
    });
    expect(plain.results[0]).not.toHaveProperty("summaryProfile");
    expect(plain.requestedAt).toBe("2026-11-25T12:00:00.000Z");
    const withProfile = toStockQuote(stock, { range: "1mo", withProfile: true, requestedAt: fetchedAt });
    expect(withProfile.results[0]!.summaryProfile).toEqual({
      symbol: "ABCD3",
      longBusinessSummary: null,
      longBusinessSummaryLanguage: null,
      sector: null,
      industry: null,
      website: null,
    });
  });
});
