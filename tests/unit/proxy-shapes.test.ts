import { describe, expect, it } from "vitest";

import { toCryptoDetail, toCryptoMarkets, toCryptoTrending, toStockQuote } from "~/api/proxy-shapes";
import { payoutKind } from "~/market/live/brapi/fundamentals";
import type { AssetFacts, CryptoDetail, CryptoListItem, StockDetail } from "~/market/types";

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

const facts: AssetFacts = {
  ticker: "ABCD3",
  currency: "BRL",
  earningsPerShare: 2,
  bookValuePerShare: 5.5,
  sharesOutstanding: 1000,
  averageVolume: null,
  roe: 15.3,
  roic: 11,
  netMargin: 12,
  netDebtToEbitda: 1.5,
  freeFloat: 40,
  fund: null,
  etf: null,
  bdr: null,
  payouts: [
    // Announced, its record date still ahead: listed, but not yet the last payout nor in the yield.
    { kind: "dividend", amount: 0.5, recordDate: "2026-11-30", paymentDate: "2026-12-15" },
    { kind: "jcp", amount: 0.3, recordDate: "2026-06-10", paymentDate: "2026-07-01" },
    // Capital given back: never income.
    { kind: "amortization", amount: 1, recordDate: "2026-03-02", paymentDate: null },
    { kind: "dividend", amount: 0.4, recordDate: "2025-09-01", paymentDate: "2025-09-20" },
  ],
  missing: [],
};

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
    const plain = toStockQuote(stock, { range: "1mo", modules: [], dividends: false, facts: null, requestedAt: fetchedAt });
    expect(plain.results[0]).toMatchObject({
      regularMarketChange: 1,
      regularMarketTime: "2026-11-25T11:00:00.000Z",
      historicalDataPrice: [{ date: 1_764_000_000 }],
    });
    expect(plain.results[0]).not.toHaveProperty("summaryProfile");
    expect(plain.requestedAt).toBe("2026-11-25T12:00:00.000Z");
    const withProfile = toStockQuote(stock, {
      range: "1mo",
      modules: ["summaryProfile"],
      dividends: false,
      facts: null,
      requestedAt: fetchedAt,
    });
    expect(withProfile.results[0]!.summaryProfile).toEqual({
      symbol: "ABCD3",
      longBusinessSummary: null,
      longBusinessSummaryLanguage: null,
      sector: null,
      industry: null,
      website: null,
    });
  });

  it("answers brapi's defaultKeyStatistics and financialData from our figures, ratios as fractions, only when asked", () => {
    const options = { range: "1mo", dividends: false, facts, requestedAt: fetchedAt } as const;
    const [quote] = toStockQuote(stock, { ...options, modules: ["defaultKeyStatistics", "financialData"] }).results;
    expect(quote!.defaultKeyStatistics).toEqual({
      symbol: "ABCD3",
      trailingEps: 2,
      bookValue: 5.5,
      priceToBook: 2,
      // 0.30 of income in the last 12 months at R$ 11: 2.73%, sent as 0.0273.
      dividendYield: expect.closeTo(0.3 / 11, 10),
      sharesOutstanding: 1000,
      floatShares: 400,
      profitMargins: 0.12,
      lastDividendValue: 0.3,
      lastDividendDate: "2026-06-10",
    });
    expect(quote!.financialData).toEqual({
      symbol: "ABCD3",
      currentPrice: 11,
      returnOnEquity: expect.closeTo(0.153, 10),
      profitMargins: 0.12,
      financialCurrency: "BRL",
    });
    expect(quote).not.toHaveProperty("dividendsData");
    expect(quote).not.toHaveProperty("summaryProfile");

    const onlyFinancial = toStockQuote(stock, { ...options, modules: ["financialData"] }).results[0]!;
    expect(onlyFinancial).toHaveProperty("financialData");
    expect(onlyFinancial).not.toHaveProperty("defaultKeyStatistics");
    // A source that could not give the figures: the modules are left out, as brapi leaves out what a plan lacks.
    const unknown = toStockQuote(stock, {
      ...options,
      modules: ["defaultKeyStatistics", "financialData"],
      facts: { ...facts, missing: ["fundamentals"] },
    });
    expect(unknown.results[0]).not.toHaveProperty("defaultKeyStatistics");
    expect(unknown.results[0]).not.toHaveProperty("financialData");
  });

  it("answers brapi's dividendsData with its labels and ISO dates, newest first, only when asked and known", () => {
    const options = { range: "1mo", modules: [], facts, requestedAt: fetchedAt } as const;
    expect(toStockQuote(stock, { ...options, dividends: false }).results[0]).not.toHaveProperty("dividendsData");
    const { dividendsData } = toStockQuote(stock, { ...options, dividends: true }).results[0]!;
    expect(dividendsData).toEqual({
      cashDividends: [
        { label: "DIVIDENDO", rate: 0.5, lastDatePrior: "2026-11-30T00:00:00.000Z", paymentDate: "2026-12-15T00:00:00.000Z" },
        { label: "JCP", rate: 0.3, lastDatePrior: "2026-06-10T00:00:00.000Z", paymentDate: "2026-07-01T00:00:00.000Z" },
        { label: "AMORTIZAÇÃO", rate: 1, lastDatePrior: "2026-03-02T00:00:00.000Z", paymentDate: null },
        { label: "DIVIDENDO", rate: 0.4, lastDatePrior: "2025-09-01T00:00:00.000Z", paymentDate: "2025-09-20T00:00:00.000Z" },
      ],
      stockDividends: [],
      subscriptions: [],
    });
    // The live adapter reads these labels back as the same kinds.
    expect(dividendsData!.cashDividends.map((item) => payoutKind(item.label))).toEqual(facts.payouts.map((payout) => payout.kind));
    const unknown = toStockQuote(stock, { ...options, dividends: true, facts: { ...facts, missing: ["payouts"] } });
    expect(unknown.results[0]).not.toHaveProperty("dividendsData");
    // No facts at all (none could be had): the quote still answers.
    expect(toStockQuote(stock, { ...options, dividends: true, facts: null }).results[0]).not.toHaveProperty("dividendsData");
  });
});
