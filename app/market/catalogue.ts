/**
 * The reference catalogue: the assets, currencies, headlines and calendar the app knows without
 * any upstream (names, classifications, translations, real reference figures), committed in
 * ./data and validated once at load so a bad edit fails loudly instead of rendering half a page.
 * Live adapters read it for names and classifications; the demo providers build on it.
 */
import { z } from "zod";

import { type Language, supportedLanguages } from "~/i18n/languages";

import calendarJson from "./data/calendar.json";
import cryptosJson from "./data/cryptos.json";
import currenciesJson from "./data/currencies.json";
import newsJson from "./data/news.json";
import stocksJson from "./data/stocks.json";
import { calendarEventKinds, type LocalizedText, newsCategories, stockTypes } from "./types";

const translations = z.record(z.enum(supportedLanguages), z.string().min(1));
export type Translations = z.infer<typeof translations>;
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const positive = z.number().positive();

const cryptoSchema = z.object({
  id: z.string().min(1),
  symbol: z.string().min(1),
  name: z.string().min(1),
  categories: z.array(z.string()),
  priceUsd: positive,
  volume24hUsd: positive,
  circulatingSupply: positive,
  maxSupply: positive.nullable(),
  genesisDate: isoDate.nullable(),
  homepage: z.url(),
  /** A block explorer's page for the coin. */
  explorer: z.url().optional(),
  /** When it differs from the circulating supply (coins minted but not yet in circulation). */
  totalSupply: positive.optional(),
  /** The real all-time high and low before the demo walk, with their days. */
  athUsd: positive.optional(),
  athDate: isoDate.optional(),
  atlUsd: positive.optional(),
  atlDate: isoDate.optional(),
  volatility: positive,
  icon: z.string().startsWith("/").optional(),
  description: translations.optional(),
});
export type CryptoAsset = z.infer<typeof cryptoSchema>;

const stockSchema = z.object({
  ticker: z.string().regex(/^[A-Z0-9.]+$/),
  name: z.string().min(1),
  type: z.enum(stockTypes),
  exchange: z.enum(["B3", "NASDAQ", "NYSE"]),
  currency: z.string().length(3),
  sector: z.string().min(1),
  industry: translations,
  price: positive,
  marketCap: positive,
  averageVolume: positive,
  volatility: positive,
  summary: translations.optional(),
});
export type StockAsset = z.infer<typeof stockSchema>;

const newsSchema = z.object({
  id: z.number().int(),
  category: z.enum(newsCategories),
  hoursAgo: z.number().nonnegative(),
  source: z.string().min(1),
  headline: translations,
  summary: translations,
  related: z.array(z.string()),
  url: z.url(),
});

const calendarSchema = z.object({
  events: z.array(
    z.object({
      date: isoDate,
      kind: z.enum(calendarEventKinds),
      market: z.enum(["B3", "US", "BR", "GLOBAL"]),
      title: translations,
    }),
  ),
});

/** Crypto rates are not stored: they come from the crypto generator so every page agrees. */
const currencySchema = z.union([
  z.object({
    code: z.string().regex(/^[A-Z]{3,5}$/),
    kind: z.enum(["fiat", "metal"]),
    unitsPerUsd: positive,
    minorUnits: z.number().int().min(0),
  }),
  z.object({ code: z.string().regex(/^[A-Z]{3,5}$/), kind: z.literal("crypto"), minorUnits: z.number().int().min(0) }),
]);
type CurrencyRecord = z.infer<typeof currencySchema>;

export const cryptoAssets = z.array(cryptoSchema).parse(cryptosJson);
export const stockAssets = z.array(stockSchema).parse(stocksJson);
export const newsRecords = z.array(newsSchema).parse(newsJson);
export const calendarRecords = calendarSchema.parse(calendarJson).events;
export const currencyRecords = z.array(currencySchema).parse(currenciesJson);

const cryptoSymbols = new Set(cryptoAssets.map(({ symbol }) => symbol.toUpperCase()));
const unpriced = currencyRecords.filter(({ kind, code }) => kind === "crypto" && !cryptoSymbols.has(code));
if (unpriced.length > 0) {
  throw new Error(`currencies.json lists cryptos missing from cryptos.json: ${unpriced.map(({ code }) => code).join(", ")}`);
}

/** The catalogue's assets and currencies, as the composition root hands them to other features (the assistant's offline model). */
export type Catalogue = {
  readonly cryptoAssets: readonly CryptoAsset[];
  readonly stockAssets: readonly StockAsset[];
  readonly currencyRecords: readonly CurrencyRecord[];
};

export const catalogue: Catalogue = { cryptoAssets, stockAssets, currencyRecords };

/** NYSE and Nasdaq share hours and holidays. */
export function marketOf(stock: StockAsset): "B3" | "US" {
  return stock.exchange === "B3" ? "B3" : "US";
}

export function inLanguage(texts: Translations, language: Language): LocalizedText {
  return { text: texts[language], language };
}
